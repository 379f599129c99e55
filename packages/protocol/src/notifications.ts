import { z } from "zod";

/** Notification settings, Web Push and email digests (docs/api.md "Notifications"). */

const time = z.string().describe("ISO-8601 time");
const isoTime = z.iso.datetime({ offset: true }).describe("ISO-8601 time");

/** What notifies: every message, only mentions, replies and DMs, or nothing. */
export const NOTIFY_LEVELS = ["all", "mentions", "none"] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];
export const notifyLevelSchema = z.enum(NOTIFY_LEVELS);
/** A channel's level: its own, or `default` (the user's). */
export const channelNotifyLevelSchema = z.enum(["default", ...NOTIFY_LEVELS]);
export type ChannelNotifyLevel = z.infer<typeof channelNotifyLevelSchema>;

/** The part of the settings every client needs to decide on notifications (in `/me` and `connection.ok`). */
export const ownNotifySchema = z.object({
  default_level: notifyLevelSchema,
  dnd_until: time.nullable(),
});
export type OwnNotify = z.infer<typeof ownNotifySchema>;

export const EMAIL_DELAY_MINUTES = { min: 1, max: 1440, default: 15 } as const;
/** Push subscriptions (devices) one user may hold; registering one more replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const MAX_EMAIL_LENGTH = 254;

export const notificationSettingsSchema = z.object({
  default_level: notifyLevelSchema.describe("The level of every channel left at `default`."),
  dnd_until: time
    .nullable()
    .describe("Do Not Disturb until this time: nothing notifies (tab, push, email) before it."),
  push_available: z.boolean().describe("Whether this server sends Web Push (it has VAPID keys)."),
  email: z.object({
    address: z.string().nullable().describe("The address digests go to, once verified."),
    verified: z.boolean(),
    digest: z.boolean().describe("Whether missed mentions and DMs are emailed."),
    delay_minutes: z.number().int().describe("How long a mention or DM stays unread before it is emailed."),
  }),
  email_available: z.boolean().describe("Whether this server can send email (`SMTP_URL` is set)."),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = z
  .object({
    default_level: notifyLevelSchema.optional(),
    dnd_until: isoTime.nullable().optional(),
    email_digest: z.boolean().optional(),
    email_delay_minutes: z
      .number()
      .int()
      .min(EMAIL_DELAY_MINUTES.min)
      .max(EMAIL_DELAY_MINUTES.max)
      .optional(),
  })
  .strict();
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

export const channelNotificationsBodySchema = z.object({ level: channelNotifyLevelSchema }).strict();
export type ChannelNotificationsBody = z.infer<typeof channelNotificationsBodySchema>;

export const muteChannelBodySchema = z
  .object({ until: isoTime.optional().describe("Unmute by itself at this time; without it, until unmuted.") })
  .strict();
export type MuteChannelBody = z.infer<typeof muteChannelBodySchema>;

/** Unpadded base64url, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be unpadded base64url`);

export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z.string().min(1).max(1024).describe("The push service's URL for this device (https)."),
    expirationTime: z.number().int().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url("keys.p256dh", 80, 100).describe("The device's P-256 public key (65 bytes)."),
        auth: base64url("keys.auth", 16, 32).describe("The device's 16-byte auth secret."),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionResponseSchema = z.object({
  id: z.string(),
  endpoint_origin: z.string().describe("The push service this device is reached through."),
  user_agent: z.string(),
  created_at: time,
});
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponseSchema>;

export const emailAddressBodySchema = z.object({ address: z.email().max(MAX_EMAIL_LENGTH) }).strict();
export const emailTokenBodySchema = z.object({ token: z.string().min(1).max(512) }).strict();

/** What a push carries to the service worker (encrypted end to end, RFC 8291). */
export interface PushPayload {
  kind: "message" | "test";
  title: string;
  body: string;
  /** Notifications of one channel replace each other. */
  tag: string;
  /** Where a click opens, relative to the app's origin. */
  url: string;
  cid?: string;
  message_id?: string;
}
