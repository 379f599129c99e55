import { z } from "zod";
import { passwordSchema } from "./auth.js";

/** Password change and reset (docs/api.md "Passwords"). */

const currentPassword = z
  .string({ error: "current password is required" })
  .min(1, "current password is required")
  .max(128);

/** `POST /api/account/password`: the current password proves it is the account's owner. */
export const changePasswordBodySchema = z
  .object({ current_password: currentPassword, new_password: passwordSchema })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** A reset link's token: 256 bits, base64url. */
export const resetTokenSchema = z.string({ error: "token is required" }).min(1).max(256);

export const resetTokenBodySchema = z.object({ token: resetTokenSchema }).strict();

/** `POST /api/password-reset`: the link's token and the password to set. */
export const resetPasswordBodySchema = z
  .object({ token: resetTokenSchema, new_password: passwordSchema })
  .strict();
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `POST /api/password-reset/request`: who forgot their password (sent only when SMTP_URL is set). */
export const resetRequestBodySchema = z
  .object({
    username_or_email: z
      .string({ error: "username or email is required" })
      .trim()
      .min(1, "username or email is required")
      .max(320),
  })
  .strict();
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;

/** A reset link an admin made: shown once, never stored (only its hash is). */
export const resetLinkSchema = z.object({
  url: z
    .string()
    .describe(
      "`PUBLIC_URL` + `/reset-password#token=…` (a fragment: never sent to a server); works once, for an hour.",
    ),
  expires_at: z.string(),
});
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** A usable link: whose password it sets, until when. */
export const resetLinkStatusSchema = z.object({ username: z.string(), expires_at: z.string() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;
