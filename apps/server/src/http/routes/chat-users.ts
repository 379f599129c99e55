import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

export const chatUserRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.me, async (req) => ({ user: await s.users.me(req.actor) }));
    serve(app, r.queryUsers, async (req) => ({ users: await s.users.search(req.actor, req.query) }));
    serve(app, r.setStatus, async (req) => ({ user: await s.users.setStatus(req.actor, req.body) }));
    serve(app, r.clearStatus, async (req) => ({ user: await s.users.clearStatus(req.actor) }));
  };
