import {
  banBodySchema,
  channelTypeSchema,
  channelTypeSettingsBodySchema,
  flagBodySchema,
  flagQueryBodySchema,
  muteBodySchema,
  policiesBodySchema,
  roleBodySchema,
  unbanBodySchema,
  updateFlagsBodySchema,
  userIdSchema,
} from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { callQuery, messageIdOf } from "./chat-params.js";

const typeParams = z.object({ name: channelTypeSchema });
const userParams = z.object({ id: userIdSchema });
const bansQuery = z.object({ cid: z.string().min(3).max(130).optional() }).strict();

/** Flags, bans, mutes, roles and channel-type policies. */
export const chatModerationRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.post("/messages/:id/flag", async (req, reply) => {
      const body = parse(flagBodySchema, req.body ?? {});
      return reply
        .status(201)
        .send({ flag: await s.moderation.flag(req.actor, messageIdOf(req.params), body.reason) });
    });
    app.post("/moderation/flags", async (req) =>
      s.moderation.queryFlags(req.actor, parse(flagQueryBodySchema, req.body ?? {})),
    );
    app.post("/automod/v1/moderation/update_flags", async (req) =>
      s.moderation.updateFlags(req.actor, parse(updateFlagsBodySchema, req.body)),
    );
    app.post("/moderation/ban", async (req, reply) =>
      reply.status(201).send({ ban: await s.moderation.ban(req.actor, parse(banBodySchema, req.body)) }),
    );
    app.post("/moderation/unban", async (req) => {
      await s.moderation.unban(req.actor, parse(unbanBodySchema, req.body));
      return {};
    });
    app.get("/moderation/bans", async (req) =>
      s.moderation.bans(req.actor, parse(bansQuery, callQuery(req.query)).cid),
    );
    for (const [path, muted] of [
      ["mute", true],
      ["unmute", false],
    ] as const) {
      app.post(`/moderation/${path}`, async (req) =>
        s.moderation.mute(req.actor, parse(muteBodySchema, req.body).target_id, muted),
      );
    }
    app.put("/users/:id/role", async (req) => ({
      user: await s.moderation.setRole(
        req.actor,
        parse(userParams, req.params).id,
        parse(roleBodySchema, req.body).role,
      ),
    }));
    app.get("/channel-types/:name", async (req) => ({
      channel_type: await s.policies.settings(req.actor, parse(typeParams, req.params).name),
    }));
    app.patch("/channel-types/:name", async (req) => ({
      channel_type: await s.policies.updateSettings(
        req.actor,
        parse(typeParams, req.params).name,
        parse(channelTypeSettingsBodySchema, req.body),
      ),
    }));
    app.get("/channel-types/:name/policies", async (req) => ({
      policies: await s.policies.get(req.actor, parse(typeParams, req.params).name),
    }));
    app.put("/channel-types/:name/policies", async (req) => ({
      policies: await s.policies.replace(
        req.actor,
        parse(typeParams, req.params).name,
        parse(policiesBodySchema, req.body).policies,
      ),
    }));
  };
