import { z } from "zod";

/** Error codes every REST answer and WebSocket error frame uses; documented in docs/api.md. */
export const ErrorCode = {
  validation: "validation",
  badRequest: "bad_request",
  unauthorized: "unauthorized",
  invalidApiKey: "invalid_api_key",
  tokenExpired: "token_expired",
  tokenInvalid: "token_invalid",
  invalidCredentials: "invalid_credentials",
  forbidden: "forbidden",
  banned: "banned",
  deactivated: "account_deactivated",
  notFound: "not_found",
  conflict: "conflict",
  usernameTaken: "username_taken",
  payloadTooLarge: "payload_too_large",
  headersTooLarge: "headers_too_large",
  timeout: "timeout",
  unsupportedMediaType: "unsupported_media_type",
  rateLimited: "rate_limited",
  unavailable: "unavailable",
  internal: "internal",
  unknownFrame: "unknown_frame",
  malformedFrame: "malformed_frame",
  notAuthenticated: "not_authenticated",
  ssoOnly: "sso_only",
  ssoCodeInvalid: "sso_code_invalid",
  ssoLinkInvalid: "sso_link_invalid",
  wrongPassword: "wrong_password",
  resetLinkInvalid: "reset_link_invalid",
  resetLinkExpired: "reset_link_expired",
  resetLinkUsed: "reset_link_used",
  signupClosed: "signup_closed",
  inviteRequired: "invite_required",
  inviteInvalid: "invite_invalid",
  inviteExpired: "invite_expired",
  inviteUsedUp: "invite_used_up",
  inviteRevoked: "invite_revoked",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status each error code answers with; a WebSocket error frame has the same meaning. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  token_expired: 401,
  token_invalid: 401,
  invalid_credentials: 401,
  forbidden: 403,
  banned: 403,
  account_deactivated: 403,
  not_found: 404,
  conflict: 409,
  username_taken: 409,
  payload_too_large: 413,
  headers_too_large: 431,
  timeout: 408,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
  unknown_frame: 400,
  malformed_frame: 400,
  not_authenticated: 401,
  sso_only: 403,
  sso_code_invalid: 401,
  sso_link_invalid: 400,
  wrong_password: 403,
  reset_link_invalid: 400,
  reset_link_expired: 410,
  reset_link_used: 410,
  signup_closed: 403,
  invite_required: 403,
  invite_invalid: 404,
  invite_expired: 410,
  invite_used_up: 410,
  invite_revoked: 410,
};

const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** Every error answer: a stable `code`, an English `message`, and for `validation` each bad field. */
export const errorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe("What is wrong with each bad field, by its path (`message.text`, `options.0.text`)."),
  }),
});
export type ErrorBody = z.infer<typeof errorSchema>;
