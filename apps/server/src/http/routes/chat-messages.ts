import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";
import { cidOf } from "./chat-params.js";

export const chatMessageRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.sendMessage, async (req, reply) => {
      const { message, created } = await s.messages.send(req.actor, cidOf(req.params), req.body);
      reply.status(created ? 201 : 200);
      return { message };
    });
    serve(app, r.getMessages, async (req) => ({
      messages: await s.messages.page(req.actor, cidOf(req.params), req.query),
    }));
    serve(app, r.getMessage, async (req) => ({ message: await s.messages.get(req.actor, req.params.id) }));
    serve(app, r.updateMessage, async (req) => ({
      message: await s.messages.update(req.actor, req.params.id, req.body.message.text),
    }));
    serve(app, r.deleteMessage, async (req) => ({
      message: await s.messages.delete(req.actor, req.params.id),
    }));
  };
