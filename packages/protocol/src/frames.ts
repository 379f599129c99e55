import { z } from "zod";
import type { ErrorCode } from "./errors.js";
import type { ChatEvent } from "./events.js";
import { cidSchema } from "./ids.js";
import type { MessageResponse, OwnUserResponse } from "./models.js";
import { sendMessageBodySchema } from "./rest.js";

const reqId = z.string().max(64).optional();
/** Typing in a thread names its parent message; without it, typing is in the channel. */
const threadParent = z.string().min(1).max(64).optional();

/** Frames a client sends over the WebSocket (docs/api.md "WebSocket"). */
export const clientFrameSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("auth"),
      req_id: reqId,
      api_key: z.string().min(1).max(128),
      token: z.string().min(1).max(4096),
      user_id: z.string().max(64).optional(),
    })
    .strict(),
  z.object({ type: z.literal("health.check"), req_id: reqId }).strict(),
  z
    .object({
      type: z.literal("watch"),
      req_id: reqId,
      channels: z
        .array(z.object({ cid: cidSchema, since: z.number().int().min(0).optional() }).strict())
        .min(1)
        .max(1000),
    })
    .strict(),
  z.object({ type: z.literal("unwatch"), req_id: reqId, cids: z.array(cidSchema).min(1).max(1000) }).strict(),
  z
    .object({
      type: z.literal("send"),
      req_id: reqId,
      cid: cidSchema,
      message: sendMessageBodySchema.shape.message,
    })
    .strict(),
  z
    .object({ type: z.literal("typing.start"), req_id: reqId, cid: cidSchema, parent_id: threadParent })
    .strict(),
  z
    .object({ type: z.literal("typing.stop"), req_id: reqId, cid: cidSchema, parent_id: threadParent })
    .strict(),
  // Whether this tab is visible and focused: a user with such a tab gets no Web Push.
  z.object({ type: z.literal("focus"), req_id: reqId, focused: z.boolean() }).strict(),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame["type"];
export const CLIENT_FRAME_TYPES: readonly ClientFrameType[] = [
  "auth",
  "health.check",
  "watch",
  "unwatch",
  "send",
  "typing.start",
  "typing.stop",
  "focus",
];

/** Control frames the server sends besides events. */
export type ServerControlFrame =
  | { type: "connection.ok"; connection_id: string; me: OwnUserResponse }
  | { type: "health.check"; connection_id: string; req_id?: string }
  | { type: "watch.ok"; req_id?: string; cid: string; last_seq: number; replayed: number }
  | { type: "send.ok"; req_id?: string; created: boolean; message: MessageResponse }
  | { type: "reset"; cid: string; reason: "retention" | "access" }
  | {
      type: "error";
      code: ErrorCode;
      message: string;
      req_id?: string;
      cid?: string;
      /** Which fields of the frame were invalid, for a `validation` error that names them. */
      fields?: Record<string, string>;
    };

export type ServerFrame = ServerControlFrame | ChatEvent;
