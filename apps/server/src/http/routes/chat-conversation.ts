import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";
import { cidOf } from "./chat-params.js";

/** Threads, reactions, pins and edit history. */
export const chatConversationRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.getReplies, async (req) => ({
      messages: await s.messages.replies(req.actor, req.params.id, req.query),
    }));
    serve(app, r.markThreadRead, async (req) => {
      await s.meta.markThreadRead(req.actor, req.params.id);
      return {};
    });
    serve(app, r.sendReaction, async (req, reply) => {
      reply.status(201);
      return s.reactions.add(req.actor, req.params.id, req.body.reaction.type);
    });
    serve(app, r.deleteReaction, async (req) =>
      s.reactions.remove(req.actor, req.params.id, req.params.type),
    );
    serve(app, r.getReactions, async (req) => ({
      reactions: await s.reactions.list(req.actor, req.params.id),
    }));
    for (const [route, pinned] of [
      [r.pinMessage, true],
      [r.unpinMessage, false],
    ] as const) {
      serve(app, route, async (req) => ({
        message: await s.meta.setPinned(req.actor, req.params.id, pinned),
      }));
    }
    serve(app, r.getPinnedMessages, async (req) => ({
      messages: await s.meta.pinned(req.actor, cidOf(req.params)),
    }));
    serve(app, r.getMessageHistory, async (req) => ({
      message_history: await s.meta.history(req.actor, req.body),
    }));
  };
