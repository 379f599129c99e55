import { userSearchQuerySchema } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { callQuery } from "./chat-params.js";

export const chatUserRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.get("/me", async (req) => ({ user: await s.users.me(req.actor) }));
    app.get("/users", async (req) => ({
      users: await s.users.search(req.actor, parse(userSearchQuerySchema, callQuery(req.query))),
    }));
  };
