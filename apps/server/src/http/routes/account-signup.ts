import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** Run-time settings, invites and admin-made accounts (docs/api.md "Sign-up modes and invites"); under `/api`. */
export const signupRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.getAppSettings, async (req) => ({ settings: await s.settings.read(bearer(req)) }));
    serve(app, apiRoutes.updateAppSettings, async (req) => ({
      settings: await s.settings.update(bearer(req), req.body),
    }));
    serve(app, apiRoutes.adminCreateUser, async (req, reply) => {
      reply.status(201);
      return s.signup.createByAdmin(bearer(req), req.body);
    });
    serve(app, apiRoutes.createInvite, async (req, reply) => {
      reply.status(201);
      return s.invites.create(bearer(req), req.body);
    });
    serve(app, apiRoutes.listInvites, async (req) => s.invites.list(bearer(req)));
    serve(app, apiRoutes.revokeInvite, async (req) => s.invites.revoke(bearer(req), req.params.id));
    serve(app, apiRoutes.previewInvite, async (req) => s.invites.preview(req.body.token));
  };
