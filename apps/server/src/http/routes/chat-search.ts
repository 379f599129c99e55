import { searchMessagesQuerySchema, searchPageQuerySchema } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { callQuery } from "./chat-params.js";

/** `GET /chat/search/{messages,users,channels}` (docs/api.md "Search"). */
export const chatSearchRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.get("/search/messages", async (req) =>
      s.search.messages(req.actor, parse(searchMessagesQuerySchema, callQuery(req.query))),
    );
    app.get("/search/users", async (req) =>
      s.search.users(req.actor, parse(searchPageQuerySchema, callQuery(req.query))),
    );
    app.get("/search/channels", async (req) =>
      s.search.channels(req.actor, parse(searchPageQuerySchema, callQuery(req.query))),
    );
  };
