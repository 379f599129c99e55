import { z } from "zod";
import { messageResponseSchema, userResponseSchema } from "./models.js";

/** `GET /chat/threads` (docs/api.md "Threads inbox"): the threads the caller takes part in. */

export const THREADS_PAGE_SIZE = 20;
export const THREADS_MAX_PAGE_SIZE = 50;
/** Replies each thread of the inbox shows (the newest, oldest first). */
export const THREAD_LATEST_REPLIES = 2;
/** Participants each thread of the inbox names (the parent's author first). */
export const THREAD_PARTICIPANTS_SHOWN = 5;

export const threadsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(THREADS_MAX_PAGE_SIZE).optional(),
    next: z.string().min(1).max(256).optional().describe("The `next` of the previous page, as given"),
  })
  .strict();
export type ThreadsQuery = z.infer<typeof threadsQuerySchema>;

export const threadChannelSchema = z.object({
  cid: z.string(),
  type: z.string(),
  id: z.string(),
  name: z.string(),
  image: z.string(),
  is_direct: z.boolean(),
});
export type ThreadChannel = z.infer<typeof threadChannelSchema>;

export const threadSummarySchema = z.object({
  parent: messageResponseSchema,
  channel: threadChannelSchema,
  reply_count: z.number().int(),
  last_reply_at: z.string().describe("ISO-8601 time of the newest reply: the inbox's order"),
  latest_replies: z
    .array(messageResponseSchema)
    .describe(`The newest replies (at most ${THREAD_LATEST_REPLIES}), oldest first`),
  participants: z
    .array(userResponseSchema)
    .describe(
      `Who wrote the parent or a reply (at most ${THREAD_PARTICIPANTS_SHOWN}), the parent's author first`,
    ),
  participant_count: z.number().int(),
  unread_replies: z
    .number()
    .int()
    .describe("Replies by others after the caller's read position in the thread (as `GET /unread` counts)"),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadsResponseSchema = z.object({
  threads: z.array(threadSummarySchema),
  next: z.string().optional().describe("Present when there are more: pass it as `next` for the next page"),
});
export type ThreadsResponse = z.infer<typeof threadsResponseSchema>;
