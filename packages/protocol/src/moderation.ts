import { z } from "zod";
import { userIdSchema } from "./ids.js";
import type { UserResponse } from "./models.js";

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

export const unbanBodySchema = z.object({ target_user_id: userIdSchema, cid: cid.optional() }).strict();
export const muteBodySchema = z.object({ target_id: userIdSchema }).strict();
export const roleBodySchema = z.object({ role: z.enum(["user", "moderator", "admin"]) }).strict();

export type FlagQueryBody = z.infer<typeof flagQueryBodySchema>;
export type UpdateFlagsBody = z.infer<typeof updateFlagsBodySchema>;
export type BanBody = z.infer<typeof banBodySchema>;
export type UnbanBody = z.infer<typeof unbanBodySchema>;

export interface FlagResponse {
  message_id: string;
  cid: string;
  user_id: string;
  user?: UserResponse;
  reason: string;
  created_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_result: "keep" | "remove" | null;
}

export interface BanResponse {
  user_id: string;
  user?: UserResponse;
  /** The channel, or null for an app-wide ban. */
  cid: string | null;
  reason: string;
  banned_by_id: string;
  created_at: string;
  expires_at: string | null;
}
