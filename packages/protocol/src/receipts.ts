import { z } from "zod";
import { userIdSchema } from "./ids.js";
import { userResponseSchema } from "./models.js";

const time = z.string().describe("ISO-8601 time");

/**
 * Channels with at most this many members (and every DM) show "Seen by" avatars under each
 * member's last-read message; larger ones show a "Seen by N" button that opens the list of readers.
 */
export const INLINE_RECEIPTS_MAX_MEMBERS = 20;

export const privacySettingsSchema = z.object({
  share_read_receipts: z
    .boolean()
    .describe("Whether other members may see how far this user has read; on by default."),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const updatePrivacyBodySchema = z.object({ share_read_receipts: z.boolean() }).strict();
export type UpdatePrivacyBody = z.infer<typeof updatePrivacyBodySchema>;

/** `GET /chat/messages/{id}/readers`: a page of readers by user id, after the cursor `after`. */
export const messageReadersQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).optional(),
    after: userIdSchema.optional(),
  })
  .strict();
export type MessageReadersQuery = z.infer<typeof messageReadersQuerySchema>;

export const messageReaderSchema = z.object({
  user: userResponseSchema,
  last_read: time.nullable().describe("When the reader last moved their read position."),
});
export type MessageReader = z.infer<typeof messageReaderSchema>;

export const messageReadersResponseSchema = z.object({
  readers: z.array(messageReaderSchema),
  count: z.number().int().describe("How many readers there are in all pages."),
  next: z.string().nullable().describe("The `after` of the next page; null on the last page."),
});
export type MessageReadersResponse = z.infer<typeof messageReadersResponseSchema>;
