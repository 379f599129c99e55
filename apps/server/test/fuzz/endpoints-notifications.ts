import { createECDH, randomBytes } from "node:crypto";
import type { FuzzEndpoint } from "./rest-harness.js";

/** Notification settings, a channel's level and timed mute, push devices, email (the `fuzz` channel). */
export function notificationEndpoints(): FuzzEndpoint[] {
  const later = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return [
    {
      name: "notification settings",
      schema: "updateNotificationSettingsBodySchema",
      method: "PATCH",
      path: () => "/chat/me/notifications",
      base: { default_level: "all", dnd_until: later, email_digest: true, email_delay_minutes: 15 },
    },
    {
      name: "channel notification level",
      schema: "channelNotificationsBodySchema",
      method: "PUT",
      path: () => "/chat/channels/messaging/fuzz/notifications",
      base: { level: "mentions" },
    },
    {
      name: "timed mute",
      schema: "muteChannelBodySchema",
      method: "POST",
      path: () => "/chat/channels/messaging/fuzz/mute",
      base: { until: later },
    },
    {
      name: "push subscription",
      schema: "pushSubscriptionBodySchema",
      method: "POST",
      path: () => "/chat/push/subscriptions",
      base: {
        endpoint: "https://push.invalid/fuzz",
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
      },
    },
    {
      name: "email address",
      schema: "emailAddressBodySchema",
      method: "PUT",
      path: () => "/chat/me/email",
      base: { address: "someone@example.com" },
    },
    {
      name: "email verification token",
      schema: "emailTokenBodySchema",
      method: "POST",
      path: () => "/chat/email/verify",
      base: { token: "a".repeat(43) },
      token: () => null,
    },
  ];
}
