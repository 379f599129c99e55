import { apiRoutes } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { bearer } from "../chat-auth.js";
import { serve } from "../serve-route.js";

/** The caller's sessions, and an admin's hold on other accounts (docs/api.md "Sessions"); under `/api`. */
export const sessionRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, apiRoutes.listSessions, async (req) => ({ sessions: await s.sessions.list(bearer(req)) }));
    serve(app, apiRoutes.revokeSession, async (req, reply) => {
      await s.sessions.revoke(bearer(req), req.params.id);
      return reply.status(204).send();
    });
    serve(app, apiRoutes.revokeOtherSessions, async (req) => ({
      revoked: await s.sessions.revokeOthers(bearer(req)),
    }));
    serve(app, apiRoutes.adminListUsers, async (req) => ({
      users: await s.accountAdmin.list(bearer(req), req.query),
    }));
    serve(app, apiRoutes.adminSignOutUser, async (req) => ({
      revoked: await s.accountAdmin.signOutEverywhere(bearer(req), req.params.id),
    }));
    serve(app, apiRoutes.adminDeactivateUser, async (req) => ({
      user: await s.accountAdmin.deactivate(bearer(req), req.params.id),
    }));
    serve(app, apiRoutes.adminReactivateUser, async (req) => ({
      user: await s.accountAdmin.reactivate(bearer(req), req.params.id),
    }));
  };
