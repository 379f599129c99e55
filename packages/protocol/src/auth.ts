import { z } from "zod";
import { ssoBodySchema } from "./oidc.js";
import { signin2faBodySchema } from "./two-factor.js";

/** Product sign-up / sign-in rules (docs/api.md "Accounts"). */
export const USERNAME_PATTERN = /^[a-z0-9_-]{3,32}$/;

export const usernameSchema = z
  .string({ error: "username is required" })
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, "username must be 3-32 characters of a-z, 0-9, _ and -");

export const displayNameSchema = z
  .string({ error: "display name is required" })
  .trim()
  .min(1, "display name must not be empty")
  .max(64, "display name must be at most 64 characters");

export const passwordSchema = z
  .string({ error: "password is required" })
  .min(8, "password must be at least 8 characters")
  .max(128, "password must be at most 128 characters");

export const profilePictureSchema = z
  .string()
  .trim()
  .max(2048, "profile picture URL must be at most 2048 characters")
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "profile picture must be an http(s) URL")
  .optional();

export const signupBodySchema = z
  .object({
    action: z.literal("signup"),
    username: usernameSchema,
    displayName: displayNameSchema,
    password: passwordSchema,
    profilePicture: profilePictureSchema,
    /** An invite's token (docs/api.md "Sign-up modes and invites"); required in `invite` mode. */
    invite: z.string().min(1).max(256).optional(),
  })
  .strict();

export const signinBodySchema = z
  .object({
    action: z.literal("signin"),
    username: z
      .string({ error: "username is required" })
      .trim()
      .toLowerCase()
      .min(1, "username is required")
      .max(64),
    password: z.string({ error: "password is required" }).min(1, "password is required").max(128),
    /** A remembered device's token (`device_token` of an earlier two-factor sign-in): skips the second step. */
    device_token: z.string().min(1).max(256).optional(),
    /** The link code of `/signin#sso_link=…`: lets this sign-in through in SSO-only mode (docs/api.md "Single sign-on"). */
    sso_link: z.string().min(1).max(256).optional(),
  })
  .strict();

export const signoutBodySchema = z
  .object({
    action: z.literal("signout"),
    token: z.string({ error: "token is required" }).min(1).max(256),
  })
  .strict();

/** `POST /api/auth`: the `action` picks the operation. */
export const authBodySchema = z.discriminatedUnion("action", [
  signupBodySchema,
  signinBodySchema,
  signoutBodySchema,
  signin2faBodySchema,
  ssoBodySchema,
]);

export const profileBodySchema = z
  .object({
    displayName: displayNameSchema.optional(),
    profilePicture: profilePictureSchema,
  })
  .strict();

export type SignupBody = z.infer<typeof signupBodySchema>;
export type SigninBody = z.infer<typeof signinBodySchema>;
export type SignoutBody = z.infer<typeof signoutBodySchema>;
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const accountUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePicture: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** Answer of sign-up (201) and sign-in (200): exactly the spec's fields. */
export const authResponseSchema = z.object({
  streamToken: z.string(),
  token: z.string(),
  user: accountUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
