import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

/** `GET /chat/search/{messages,users,channels}` (docs/api.md "Search"). */
export const chatSearchRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.searchMessages, async (req) => s.search.messages(req.actor, req.query));
    serve(app, r.searchUsers, async (req) => s.search.users(req.actor, req.query));
    serve(app, r.searchChannels, async (req) => s.search.channels(req.actor, req.query));
  };
