import { z } from "zod";

/** Two-factor sign-in with TOTP (RFC 6238) and recovery codes (docs/api.md "Two-factor sign-in"). */
export const RECOVERY_CODE_COUNT = 10;
/** How long a remembered device skips the second step. */
export const REMEMBER_DEVICE_DAYS = 30;

/** A six-digit code from an authenticator app; spaces people type between the groups are dropped. */
export const totpCodeSchema = z
  .string({ error: "code is required" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "code must be 6 digits"));

/** One of the ten recovery codes, as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: "recovery code is required" })
  .max(64, "recovery code must be at most 64 characters")
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ""))
  .pipe(z.string().min(1, "recovery code is required"));

const challengeSchema = z.string({ error: "challenge is required" }).min(1).max(256);

/**
 * `POST /api/auth` second step: the challenge of the first step's answer and a code or a
 * recovery code. For an enrolment challenge the code confirms the new secret.
 */
export const signin2faBodySchema = z
  .object({
    action: z.literal("signin_2fa"),
    challenge: challengeSchema,
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    remember_device: z.boolean().optional(),
  })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: "send either code or recovery_code",
    path: ["code"],
  });
export type Signin2faBody = z.infer<typeof signin2faBodySchema>;

/** First step passed, the account has a second factor: send it with `signin_2fa`. */
export const twoFactorRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(["totp", "recovery_code"])),
  /** Seconds the challenge stays valid. */
  expires_in: z.number().int(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** First step passed, a second factor is required and the account has none: enrol with the challenge. */
export const twoFactorEnrollmentRequiredSchema = z.object({
  two_factor_enrollment_required: z.literal(true),
  challenge: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorEnrollmentRequired = z.infer<typeof twoFactorEnrollmentRequiredSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** Whether the server's `require2fa` setting applies to this account. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret to add to an authenticator app: as text, as an `otpauth://` URI and as a QR code. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The URI as a QR code: an SVG document (show it as an image, e.g. a `data:image/svg+xml` URL). */
  qr_svg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const twoFactorCodeBodySchema = z.object({ code: totpCodeSchema }).strict();

export const twoFactorDisableBodySchema = z
  .object({
    password: z.string().min(1, "password is required").max(128).optional(),
    code: totpCodeSchema.optional(),
  })
  .strict()
  .refine((b) => b.password !== undefined || b.code !== undefined, {
    message: "send your password or a current code",
    path: ["password"],
  });

export const challengeBodySchema = z.object({ challenge: challengeSchema }).strict();
