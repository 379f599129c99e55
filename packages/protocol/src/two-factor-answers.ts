import { z } from "zod";
import { authResponseSchema } from "./auth.js";
import { twoFactorEnrollmentRequiredSchema, twoFactorRequiredSchema } from "./two-factor.js";

/**
 * The spec's answer once both steps passed, plus `device_token` when the device is to be
 * remembered and `recovery_codes` when the step was a forced enrolment (shown once).
 */
export const twoFactorSigninResponseSchema = authResponseSchema.extend({
  device_token: z.string().optional(),
  recovery_codes: z.array(z.string()).optional(),
});
export type TwoFactorSigninResponse = z.infer<typeof twoFactorSigninResponseSchema>;

/** What `POST /api/auth` answers with 200: a session, or one of the two intermediate answers. */
export const signinAnswerSchema = z.union([
  twoFactorSigninResponseSchema,
  twoFactorRequiredSchema,
  twoFactorEnrollmentRequiredSchema,
]);
export type SigninAnswer = z.infer<typeof signinAnswerSchema>;

/** Whether a sign-in answer is the session (both steps passed) rather than an intermediate answer. */
export function isSessionAnswer<T extends object>(answer: T): answer is Extract<T, { streamToken: string }> {
  return "streamToken" in answer;
}
