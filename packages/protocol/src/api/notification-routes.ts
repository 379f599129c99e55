import { z } from "zod";
import { membershipResponseSchema } from "../models.js";
import {
  channelNotificationsBodySchema,
  emailAddressBodySchema,
  emailTokenBodySchema,
  notificationSettingsSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
  updateNotificationSettingsBodySchema,
} from "../notifications.js";
import { emptyAnswer } from "./answers.js";
import { channelPath, idPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const tag = "notifications";
const own = { tag, auth: "user" } as const;
const settingsAnswer = { 200: z.object({ settings: notificationSettingsSchema }) };

/** Notification levels, Do Not Disturb, Web Push devices and email digests (docs/api.md "Notifications"). */
export const notificationRoutes = {
  getNotificationSettings: {
    ...own,
    method: "GET",
    path: "/chat/me/notifications",
    summary: "The caller's notification settings: default level, Do Not Disturb, email digests",
    answers: settingsAnswer,
    errors: [],
  },
  updateNotificationSettings: {
    ...own,
    method: "PATCH",
    path: "/chat/me/notifications",
    summary: "Change the default level, Do Not Disturb or the email digest",
    body: updateNotificationSettingsBodySchema,
    answers: settingsAnswer,
    errors: ["bad_request"],
  },
  setChannelNotifications: {
    ...own,
    method: "PUT",
    path: "/chat/channels/{type}/{id}/notifications",
    params: channelPath,
    summary: "Set what notifies the caller in one channel: all, mentions and DMs, nothing, or the default",
    body: channelNotificationsBodySchema,
    answers: { 200: z.object({ membership: membershipResponseSchema }) },
    errors: ["forbidden", "not_found"],
  },
  setEmailAddress: {
    ...own,
    method: "PUT",
    path: "/chat/me/email",
    summary: "Set the address digests go to; a verification link is emailed to it",
    description:
      "The address is used only once its link was opened. Answers `bad_request` when the server sends no email.",
    body: emailAddressBodySchema,
    answers: settingsAnswer,
    errors: ["bad_request"],
  },
  removeEmailAddress: {
    ...own,
    method: "DELETE",
    path: "/chat/me/email",
    summary: "Forget the caller's email address",
    answers: settingsAnswer,
    errors: [],
  },
  verifyEmail: {
    tag,
    auth: "none",
    method: "POST",
    path: "/chat/email/verify",
    summary: "Confirm an address with the token of its verification link",
    body: emailTokenBodySchema,
    answers: { 200: z.object({ address: z.string() }) },
    errors: ["bad_request"],
  },
  unsubscribeEmail: {
    tag,
    auth: "none",
    method: "POST",
    path: "/chat/email/unsubscribe",
    summary: "Turn email digests off with the token of an email's unsubscribe link",
    description:
      "Also the target of the digests' one-click `List-Unsubscribe-Post` (RFC 8058): a form body " +
      "`List-Unsubscribe=One-Click` with `?token=` in the URL is read as `{ token }`.",
    body: emailTokenBodySchema,
    answers: { 200: emptyAnswer },
    errors: ["bad_request"],
  },
  vapidKey: {
    tag,
    auth: "either",
    method: "GET",
    path: "/chat/push/vapid-key",
    summary: "The server's VAPID public key (RFC 8292), for `PushManager.subscribe`",
    answers: { 200: z.object({ public_key: z.string() }) },
    errors: [],
  },
  listPushSubscriptions: {
    ...own,
    method: "GET",
    path: "/chat/push/subscriptions",
    summary: "The caller's devices that receive Web Push",
    answers: { 200: z.object({ subscriptions: z.array(pushSubscriptionResponseSchema) }) },
    errors: [],
  },
  addPushSubscription: {
    ...own,
    method: "POST",
    path: "/chat/push/subscriptions",
    summary: "Register this device's push subscription (`PushSubscription.toJSON()`)",
    description:
      "Registering an endpoint again updates its keys. Past the limit per user the oldest device is dropped.",
    body: pushSubscriptionBodySchema,
    answers: { 201: z.object({ subscription: pushSubscriptionResponseSchema }) },
    errors: [],
  },
  removePushSubscription: {
    ...own,
    method: "DELETE",
    path: "/chat/push/subscriptions/{id}",
    params: idPath,
    summary: "Stop pushing to one of the caller's devices",
    answers: { 200: emptyAnswer },
    errors: ["not_found"],
  },
  testPush: {
    ...own,
    method: "POST",
    path: "/chat/push/test",
    summary: "Send a test notification to every device of the caller",
    answers: { 200: z.object({ devices: z.number().int() }) },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
