import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { EmailResetService } from "../../domain/accounts/email-reset-service.js";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** Password change and reset links (docs/api.md "Passwords"); under `/api`. */
export const passwordRoutes =
  (s: Services, emailResets: EmailResetService): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.changePassword, async (req, reply) => {
      await s.passwords.change(bearer(req), req.body, req.ip);
      return reply.status(204).send();
    });
    serve(app, apiRoutes.createPasswordResetLink, async (req, reply) => {
      reply.status(201);
      return s.passwords.createLink(bearer(req), req.params.id);
    });
    serve(app, apiRoutes.passwordResetStatus, async (req) => s.passwords.status(req.body.token));
    serve(app, apiRoutes.resetPassword, async (req, reply) => {
      await s.passwords.reset(req.body);
      return reply.status(204).send();
    });
    serve(app, apiRoutes.requestPasswordReset, async (req, reply) => {
      await emailResets.request(req.body, req.ip);
      reply.status(202);
      return {};
    });
  };
