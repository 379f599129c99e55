import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** The product API: the spec's sign-up function (one POST with an `action`), plus profile. */
export const accountRoutes =
  (s: Services, appKey: string): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.auth, async (req, reply) => {
      const body = req.body;
      switch (body.action) {
        case "signup":
          reply.status(201);
          return s.accounts.signup(body);
        case "signin":
          return s.accounts.signin(body, req.ip);
        case "signout":
          await s.accounts.signout(body.token);
          return reply.status(204).send();
      }
    });
    serve(app, apiRoutes.updateProfile, async (req) => ({
      user: await s.accounts.updateProfile(bearer(req), req.body),
    }));
    serve(app, apiRoutes.config, async () => ({ apiKey: appKey }));
  };
