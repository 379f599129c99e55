import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";
import { cidOf } from "./chat-params.js";

/** Notification settings and Web Push devices (docs/notifications.md). */
export const chatNotificationRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.getNotificationSettings, async (req) => ({
      settings: await s.notifications.settings(req.actor),
    }));
    serve(app, r.updateNotificationSettings, async (req) => ({
      settings: await s.notifications.update(req.actor, req.body),
    }));
    serve(app, r.setChannelNotifications, async (req) => ({
      membership: await s.notifications.setChannelLevel(req.actor, cidOf(req.params), req.body.level),
    }));
    serve(app, r.vapidKey, async () => ({ public_key: s.pushDevices.vapidPublicKey }));
    serve(app, r.listPushSubscriptions, async (req) => ({
      subscriptions: await s.pushDevices.list(req.actor),
    }));
    serve(app, r.addPushSubscription, async (req, reply) => {
      const subscription = await s.pushDevices.add(req.actor, req.body, req.headers["user-agent"] ?? "");
      reply.status(201);
      return { subscription };
    });
    serve(app, r.removePushSubscription, async (req) => {
      await s.pushDevices.remove(req.actor, req.params.id);
      return {};
    });
    serve(app, r.testPush, async (req) => ({ devices: await s.pushDevices.test(req.actor) }));
  };
