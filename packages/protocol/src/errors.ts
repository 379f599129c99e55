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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
  };
}
