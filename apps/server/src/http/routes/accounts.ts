import {
  ErrorCode,
  profileBodySchema,
  signinBodySchema,
  signoutBodySchema,
  signupBodySchema,
} from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { DomainError } from "../../domain/errors.js";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";

/** The product API: the spec's sign-up function (one POST with an `action`), plus profile. */
export const accountRoutes =
  (s: Services, appKey: string): FastifyPluginAsync =>
  async (app) => {
    app.post("/auth", { bodyLimit: 16 * 1024 }, async (req, reply) => {
      const action = (req.body as { action?: unknown } | null)?.action;
      switch (action) {
        case "signup":
          return reply.status(201).send(await s.accounts.signup(parse(signupBodySchema, req.body)));
        case "signin":
          return s.accounts.signin(parse(signinBodySchema, req.body), req.ip);
        case "signout":
          await s.accounts.signout(parse(signoutBodySchema, req.body).token);
          return reply.status(204).send();
        default:
          throw new DomainError(
            ErrorCode.badRequest,
            `unknown action ${JSON.stringify(action ?? null).slice(0, 40)}; use signup, signin or signout`,
          );
      }
    });
    app.patch("/profile", { bodyLimit: 16 * 1024 }, async (req) => ({
      user: await s.accounts.updateProfile(bearer(req), parse(profileBodySchema, req.body)),
    }));
    app.get("/config", async () => ({ apiKey: appKey }));
  };
