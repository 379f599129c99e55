import { messageHistoryBodySchema, reactionBodySchema, threadReadBodySchema } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { pageQuery } from "./chat-messages.js";
import { callQuery, cidOf, messageIdOf } from "./chat-params.js";

const reactionParams = z.object({ id: z.string().min(1).max(64), type: z.string().min(1).max(64) });

/** Threads, reactions, pins and edit history. */
export const chatConversationRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.get("/messages/:id/replies", async (req) => ({
      messages: await s.messages.replies(
        req.actor,
        messageIdOf(req.params),
        parse(pageQuery, callQuery(req.query)),
      ),
    }));
    app.post("/messages/:id/thread/read", async (req) => {
      parse(threadReadBodySchema, req.body ?? {});
      await s.meta.markThreadRead(req.actor, messageIdOf(req.params));
      return {};
    });
    app.post("/messages/:id/reaction", async (req, reply) => {
      const body = parse(reactionBodySchema, req.body);
      return reply
        .status(201)
        .send(await s.reactions.add(req.actor, messageIdOf(req.params), body.reaction.type));
    });
    app.delete("/messages/:id/reaction/:type", async (req) => {
      const p = parse(reactionParams, req.params);
      return s.reactions.remove(req.actor, p.id, p.type);
    });
    app.get("/messages/:id/reactions", async (req) => ({
      reactions: await s.reactions.list(req.actor, messageIdOf(req.params)),
    }));
    app.post("/messages/:id/pin", async (req) => ({
      message: await s.meta.setPinned(req.actor, messageIdOf(req.params), true),
    }));
    app.post("/messages/:id/unpin", async (req) => ({
      message: await s.meta.setPinned(req.actor, messageIdOf(req.params), false),
    }));
    app.get("/channels/:type/:id/pinned", async (req) => ({
      messages: await s.meta.pinned(req.actor, cidOf(req.params)),
    }));
    app.post("/messages/history", async (req) => ({
      message_history: await s.meta.history(req.actor, parse(messageHistoryBodySchema, req.body)),
    }));
  };
