import { z } from "zod";
import { accountUserSchema, authBodySchema, authResponseSchema, profileBodySchema } from "../auth.js";
import { ssoConfigSchema } from "../oidc.js";
import { SIGNUP_MODES } from "../signup.js";
import { signinAnswerSchema } from "../two-factor-answers.js";
import type { ApiRoute } from "./route.js";

const tag = "accounts";
/** Bodies of the product API are small: credentials and a profile. */
const API_BODY_LIMIT = 16 * 1024;

/** The product API (docs/api.md "Accounts"): the spec's sign-up function, profile and config. */
export const accountRoutes = {
  auth: {
    tag,
    method: "POST",
    path: "/api/auth",
    auth: "none",
    summary: "Sign up (201), sign in (200) or sign out (204, revoking the session): `action` says which",
    description:
      "`signin` of an account with two-factor sign-in (or one the server requires to enrol) answers " +
      "`two_factor_required` or `two_factor_enrollment_required` with a `challenge` instead of a session; " +
      "`signin_2fa` with that challenge and a code answers the session.",
    body: authBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 201: authResponseSchema, 200: signinAnswerSchema, 204: null },
    errors: [
      "bad_request",
      "invalid_credentials",
      "token_invalid",
      "banned",
      "username_taken",
      "signup_closed",
      "invite_required",
      "invite_invalid",
      "invite_expired",
      "invite_used_up",
      "invite_revoked",
      "sso_only",
      "sso_code_invalid",
    ],
  },
  updateProfile: {
    tag,
    method: "PATCH",
    path: "/api/profile",
    auth: "session",
    summary: "Change the account's display name or picture; the chat user follows",
    body: profileBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: z.object({ user: accountUserSchema }) },
    errors: [],
  },
  config: {
    tag,
    method: "GET",
    path: "/api/config",
    auth: "none",
    summary: "The public application key the web app sends as `api_key`",
    answers: {
      200: z.object({
        apiKey: z.string(),
        /** Who may sign up: the join page shows the form, asks for an invite or explains. */
        signupMode: z.enum(SIGNUP_MODES),
        /** Whether the sign-in page offers "Forgot password?" (SMTP_URL is set). */
        passwordResetByEmail: z.boolean(),
        /** Single sign-on: the "Sign in with …" button's provider name, or null without SSO. */
        sso: ssoConfigSchema,
        /** False in SSO-only mode: the sign-in and join pages offer only the SSO button. */
        localPasswords: z.boolean(),
      }),
    },
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;
