import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

/** The threads inbox. */
export const chatThreadRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.listThreads, async (req) => s.threads.list(req.actor, req.query));
  };
