import { z } from "zod";
import { accountUserSchema, displayNameSchema, passwordSchema, usernameSchema } from "./auth.js";
import { cidSchema } from "./ids.js";

/** Who may create an account (docs/api.md "Sign-up modes and invites"). */
export const SIGNUP_MODES = ["open", "invite", "closed"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** Who must sign in with a second factor. */
export const REQUIRE_2FA = ["off", "admins", "everyone"] as const;
export type Require2fa = (typeof REQUIRE_2FA)[number];

/** The run-time settings an admin changes in the console; stored in the database. */
export const appSettingsSchema = z.object({
  signupMode: z.enum(SIGNUP_MODES),
  membersCanInvite: z.boolean(),
  require2fa: z.enum(REQUIRE_2FA),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const DEFAULT_APP_SETTINGS: AppSettings = {
  signupMode: "open",
  membersCanInvite: false,
  require2fa: "off",
};

export const updateAppSettingsBodySchema = z
  .object({
    signupMode: z.enum(SIGNUP_MODES).optional(),
    membersCanInvite: z.boolean().optional(),
    require2fa: z.enum(REQUIRE_2FA).optional(),
  })
  .strict();
export type UpdateAppSettingsBody = z.infer<typeof updateAppSettingsBodySchema>;

/** An invite's lifetime, in hours: a week unless the creator says otherwise, at most 30 days. */
export const INVITE_DEFAULT_HOURS = 7 * 24;
export const INVITE_MAX_HOURS = 30 * 24;
export const INVITE_MAX_USES = 1000;
export const INVITE_MAX_CHANNELS = 20;

export const createInviteBodySchema = z
  .object({
    expiresInHours: z
      .number()
      .int("expiresInHours must be a whole number of hours")
      .min(1, "an invite lasts at least 1 hour")
      .max(INVITE_MAX_HOURS, `an invite lasts at most ${INVITE_MAX_HOURS} hours (30 days)`)
      .optional(),
    maxUses: z
      .number()
      .int("maxUses must be a whole number")
      .min(1, "an invite is used at least once")
      .max(INVITE_MAX_USES, `an invite is used at most ${INVITE_MAX_USES} times`)
      .optional(),
    channels: z
      .array(cidSchema)
      .max(INVITE_MAX_CHANNELS, `an invite joins at most ${INVITE_MAX_CHANNELS} channels`)
      .optional(),
  })
  .strict();
export type CreateInviteBody = z.infer<typeof createInviteBodySchema>;

export const INVITE_STATUSES = ["active", "expired", "used_up", "revoked"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** An invite as its creator and admins see it; never its token, which is shown once. */
export const inviteSchema = z.object({
  id: z.string(),
  createdBy: accountUserSchema.pick({ id: true, displayName: true }),
  createdAt: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  revokedAt: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
  channels: z.array(z.object({ cid: z.string(), name: z.string() })),
});
export type Invite = z.infer<typeof inviteSchema>;

/** The answer to creating an invite: the link carries the token, which is stored only hashed. */
export const createdInviteSchema = z.object({
  invite: inviteSchema,
  token: z.string(),
  url: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** `POST /api/invites/preview`: the link's token, in the body so no URL carries it. */
export const invitePreviewBodySchema = z.object({ token: z.string().min(1).max(256) }).strict();

/** What the join page shows to whoever holds the link. */
export const invitePreviewSchema = z.object({
  invite: z.object({
    inviter: z.object({ displayName: z.string() }),
    /** Team channels, which any signed-in user may read: the join page opens the first. */
    channels: z.array(z.object({ cid: z.string(), name: z.string() })),
    expiresAt: z.string(),
  }),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** `POST /api/admin/users`: an admin creates an account (the way in when sign-up is closed). */
export const adminCreateUserBodySchema = z
  .object({ username: usernameSchema, displayName: displayNameSchema, password: passwordSchema })
  .strict();
export type AdminCreateUserBody = z.infer<typeof adminCreateUserBodySchema>;
