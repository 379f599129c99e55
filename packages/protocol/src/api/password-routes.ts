import {
  changePasswordBodySchema,
  resetLinkSchema,
  resetLinkStatusSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetTokenBodySchema,
} from "../passwords.js";
import { emptyAnswer } from "./answers.js";
import { userPath } from "./params.js";
import type { ApiRoute } from "./route.js";

const tag = "passwords";
const API_BODY_LIMIT = 16 * 1024;
const LINK_ERRORS = ["reset_link_invalid", "reset_link_expired", "reset_link_used"] as const;

/** Changing a password, and reset links made by an admin or asked for by email (docs/api.md "Passwords"). */
export const passwordRoutes = {
  changePassword: {
    tag,
    method: "POST",
    path: "/api/account/password",
    auth: "session",
    summary: "Change the account's password; every other session of the account is signed out",
    description:
      "Needs the current password; attempts are limited like sign-in. The session making the call stays signed in.",
    body: changePasswordBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 204: null },
    errors: ["wrong_password"],
  },
  createPasswordResetLink: {
    tag,
    method: "POST",
    path: "/api/admin/users/{id}/password-reset",
    auth: "session",
    params: userPath,
    summary: "Admins: make a one-time link that sets a user's password (valid 1 h; voids older links)",
    description: "The URL is answered once: only a hash of its token is stored.",
    answers: { 201: resetLinkSchema },
    errors: ["forbidden", "not_found"],
  },
  passwordResetStatus: {
    tag,
    method: "POST",
    path: "/api/password-reset/check",
    auth: "none",
    summary: "Whether a reset link still works, and whose password it sets (changes nothing)",
    description: "The token travels in the body, never in a URL a log could keep.",
    body: resetTokenBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 200: resetLinkStatusSchema },
    errors: [...LINK_ERRORS],
  },
  resetPassword: {
    tag,
    method: "POST",
    path: "/api/password-reset",
    auth: "none",
    summary: "Set a password with a reset link's token; the link is used up and every session signed out",
    body: resetPasswordBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 204: null },
    errors: [...LINK_ERRORS],
  },
  requestPasswordReset: {
    tag,
    method: "POST",
    path: "/api/password-reset/request",
    auth: "none",
    summary: "Email a reset link to the account's verified address (when SMTP_URL is set)",
    description:
      "Answers 202 with the same body whether or not an account matches, and sends the email later. " +
      "`bad_request` when the server sends no email.",
    body: resetRequestBodySchema,
    bodyLimit: API_BODY_LIMIT,
    answers: { 202: emptyAnswer },
    errors: ["bad_request"],
  },
} as const satisfies Record<string, ApiRoute>;
