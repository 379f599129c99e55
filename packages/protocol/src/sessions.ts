import { z } from "zod";
import { appRoleSchema } from "./models.js";

const time = z.string().describe("ISO-8601 time");

/** One signed-in session, as its owner (or an admin) sees it. */
export const sessionSchema = z.object({
  id: z.string().describe("Stable id of the session, for revoking it"),
  current: z.boolean().describe("Whether this is the session the call came with"),
  user_agent: z.string().describe("The browser's User-Agent when the session was opened"),
  ip: z.string(),
  created_at: time,
  last_seen_at: time.nullable().describe("Last use by the chat client, to the nearest five minutes"),
  expires_at: time,
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const revokedCountSchema = z.object({ revoked: z.number().int() });

/** An account as the admin console lists it. */
export const adminAccountSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePicture: z.string(),
  role: appRoleSchema,
  created_at: time,
  last_active: time.nullable(),
  deactivated_at: time.nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsQuerySchema = z
  .object({
    q: z.string().max(64).optional(),
    offset: z.coerce.number().int().min(0).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export const adminAccountListSchema = z.object({ users: z.array(adminAccountSchema) });
