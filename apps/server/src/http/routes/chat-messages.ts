import { messagePaginationSchema, sendMessageBodySchema, updateMessageBodySchema } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { callQuery, cidOf, messageIdOf } from "./chat-params.js";

export const pageQuery = z
  .object({
    limit: z.coerce.number().int().min(0).max(300).optional(),
    id_lt: z.string().optional(),
    id_gt: z.string().optional(),
    id_around: z.string().optional(),
  })
  .strict()
  .pipe(messagePaginationSchema);

export const chatMessageRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.post("/channels/:type/:id/messages", async (req, reply) => {
      const { message, created } = await s.messages.send(
        req.actor,
        cidOf(req.params),
        parse(sendMessageBodySchema, req.body),
      );
      return reply.status(created ? 201 : 200).send({ message });
    });
    app.get("/channels/:type/:id/messages", async (req) => ({
      messages: await s.messages.page(req.actor, cidOf(req.params), parse(pageQuery, callQuery(req.query))),
    }));
    app.get("/messages/:id", async (req) => ({
      message: await s.messages.get(req.actor, messageIdOf(req.params)),
    }));
    app.put("/messages/:id", async (req) => ({
      message: await s.messages.update(
        req.actor,
        messageIdOf(req.params),
        parse(updateMessageBodySchema, req.body).message.text,
      ),
    }));
    app.delete("/messages/:id", async (req) => ({
      message: await s.messages.delete(req.actor, messageIdOf(req.params)),
    }));
  };
