import { type PolicyBody, apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

/** Flags, bans, mutes, roles and channel-type policies. */
export const chatModerationRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.flagMessage, async (req, reply) => {
      const flag = await s.moderation.flag(req.actor, req.params.id, req.body.reason);
      reply.status(201);
      return { flag };
    });
    serve(app, r.queryFlags, async (req) => s.moderation.queryFlags(req.actor, req.body));
    serve(app, r.updateFlags, async (req) => s.moderation.updateFlags(req.actor, req.body));
    serve(app, r.banUser, async (req, reply) => {
      const ban = await s.moderation.ban(req.actor, req.body);
      reply.status(201);
      return { ban };
    });
    serve(app, r.unbanUser, async (req) => {
      await s.moderation.unban(req.actor, req.body);
      return {};
    });
    serve(app, r.queryBans, async (req) => s.moderation.bans(req.actor, req.query.cid));
    for (const [route, muted] of [
      [r.muteUser, true],
      [r.unmuteUser, false],
    ] as const) {
      serve(app, route, async (req) => s.moderation.mute(req.actor, req.body.target_id, muted));
    }
    serve(app, r.setRole, async (req) => ({
      user: await s.moderation.setRole(req.actor, req.params.id, req.body.role),
    }));
    serve(app, r.getChannelType, async (req) => ({
      channel_type: await s.policies.settings(req.actor, req.params.name),
    }));
    serve(app, r.updateChannelType, async (req) => ({
      channel_type: await s.policies.updateSettings(req.actor, req.params.name, req.body),
    }));
    // The domain keeps roles as strings; stored policies passed policySchema or are the defaults.
    const asAnswered = (policies: readonly unknown[]) => policies as PolicyBody[];
    serve(app, r.getPolicies, async (req) => ({
      policies: asAnswered(await s.policies.get(req.actor, req.params.name)),
    }));
    serve(app, r.replacePolicies, async (req) => ({
      policies: asAnswered(await s.policies.replace(req.actor, req.params.name, req.body.policies)),
    }));
  };
