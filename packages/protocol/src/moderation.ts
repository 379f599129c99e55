import { z } from "zod";
import { userIdSchema } from "./ids.js";
import { messageResponseSchema, userResponseSchema } from "./models.js";

const messageId = z.string().min(1).max(64);
const cid = z.string().min(3).max(130);
/** Ban length in minutes (up to a year); absent means until lifted. */
const timeout = z.number().int().min(1).max(525_600);

export const flagBodySchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();

export const flagQueryBodySchema = z
  .object({
    filter: z
      .object({ reviewed: z.boolean().optional(), cid: cid.optional(), user_id: userIdSchema.optional() })
      .strict()
      .optional(),
    sort: z
      .array(
        z
          .object({ field: z.literal("created_at"), direction: z.union([z.literal(1), z.literal(-1)]) })
          .strict(),
      )
      .max(1)
      .optional(),
    limit: z.number().int().min(1).max(100).optional(),
    offset: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

export const updateFlagsBodySchema = z
  .object({
    message_ids: z.array(messageId).min(1).max(100),
    reviewed_by: userIdSchema,
    options: z
      .object({
        result: z.enum(["keep", "remove"]).optional(),
        ban: z
          .object({ reason: z.string().trim().max(500).optional(), timeout: timeout.optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const banBodySchema = z
  .object({
    target_user_id: userIdSchema,
    cid: cid.optional(),
    reason: z.string().trim().max(500).optional(),
    timeout: timeout.optional(),
  })
  .strict();

/** `GET /moderation/bans`: a channel's bans, or the app-wide ones. */
export const bansQuerySchema = z.object({ cid: cid.optional() }).strict();

export const unbanBodySchema = z.object({ target_user_id: userIdSchema, cid: cid.optional() }).strict();
export const muteBodySchema = z.object({ target_id: userIdSchema }).strict();
export const roleBodySchema = z.object({ role: z.enum(["user", "moderator", "admin"]) }).strict();

export type FlagQueryBody = z.infer<typeof flagQueryBodySchema>;
export type UpdateFlagsBody = z.infer<typeof updateFlagsBodySchema>;
export type BanBody = z.infer<typeof banBodySchema>;
export type UnbanBody = z.infer<typeof unbanBodySchema>;

export const flagResponseSchema = z.object({
  message_id: z.string(),
  cid: z.string(),
  user_id: z.string(),
  user: userResponseSchema.optional(),
  reason: z.string(),
  created_at: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_result: z.enum(["keep", "remove"]).nullable(),
});
export type FlagResponse = z.infer<typeof flagResponseSchema>;

/** A flag in the review queue, with the flagged message (null once it is gone). */
export const flagViewSchema = flagResponseSchema.extend({ message: messageResponseSchema.nullable() });

export const banResponseSchema = z.object({
  user_id: z.string(),
  user: userResponseSchema.optional(),
  cid: z.string().nullable().describe("The channel, or null for an app-wide ban."),
  reason: z.string(),
  banned_by_id: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type BanResponse = z.infer<typeof banResponseSchema>;
