import { z } from "zod";
import {
  messageReadersQuerySchema,
  messageReadersResponseSchema,
  privacySettingsSchema,
  updatePrivacyBodySchema,
} from "../receipts.js";
import { idPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const tag = "read receipts";
const privacyAnswer = { 200: z.object({ privacy: privacySettingsSchema }) };

/** The read-receipt privacy setting and who has read a message (docs/api.md "Read receipts"). */
export const receiptRoutes = {
  getPrivacySettings: {
    tag,
    auth: "user",
    method: "GET",
    path: "/chat/me/privacy",
    summary: "The caller's privacy settings: whether others see how far they have read",
    answers: privacyAnswer,
    errors: [],
  },
  updatePrivacySettings: {
    tag,
    auth: "user",
    method: "PATCH",
    path: "/chat/me/privacy",
    summary: "Turn sharing one's read receipts on or off",
    description:
      "While off, no one else receives the caller's read position: no `message.read` event, nothing in " +
      "a channel state's `read` but the caller's own, never in `GET /chat/messages/{id}/readers`.",
    body: updatePrivacyBodySchema,
    answers: privacyAnswer,
    errors: ["bad_request"],
  },
  getMessageReaders: {
    tag,
    auth: "either",
    method: "GET",
    path: "/chat/messages/{id}/readers",
    params: idPath,
    summary: "Who has read a message: members whose read position is at it or later, by user id",
    description:
      "Leaves out the caller, the message's author and members who turned read receipts off; empty " +
      "where the channel type's `read_events` is off.",
    query: messageReadersQuerySchema,
    answers: { 200: messageReadersResponseSchema },
    errors: ["bad_request", "forbidden", "not_found"],
  },
} as const satisfies Record<string, ApiRoute>;
