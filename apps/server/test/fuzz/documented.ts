import { expect } from "vitest";

/**
 * The error answers docs/api.md documents, with their status ("Errors" table, plus `banned`
 * from "Moderation"). 500 `internal` and 503 `unavailable` are documented too, but a fuzz
 * input must never cause either.
 */
export const DOCUMENTED_REST: Record<string, number[]> = {
  validation: [400],
  bad_request: [400],
  unauthorized: [401],
  invalid_api_key: [401],
  token_expired: [401],
  token_invalid: [401],
  invalid_credentials: [401],
  forbidden: [403],
  banned: [403],
  not_found: [404],
  conflict: [409],
  username_taken: [409],
  timeout: [408],
  payload_too_large: [413],
  headers_too_large: [431],
  unsupported_media_type: [415],
  rate_limited: [429],
  sso_code_invalid: [401],
  sso_link_invalid: [400],
  sso_only: [403],
  account_deactivated: [403],
  wrong_password: [403],
  reset_link_invalid: [400],
  reset_link_expired: [410],
  reset_link_used: [410],
  signup_closed: [403],
  invite_required: [403],
  invite_invalid: [404],
  invite_expired: [410],
  invite_used_up: [410],
  invite_revoked: [410],
};

/**
 * Error frame codes: docs/api.md names malformed_frame, unknown_frame and validation for bad
 * frames, not_authenticated for a frame before `auth`; a frame the domain refuses carries the
 * REST code (forbidden, not_found, bad_request, banned); authentication failures carry the auth
 * codes.
 */
export const DOCUMENTED_WS = new Set([
  "malformed_frame",
  "unknown_frame",
  "validation",
  "forbidden",
  "banned",
  "not_found",
  "bad_request",
  "not_authenticated",
  "invalid_api_key",
  "unauthorized",
  "token_invalid",
  "token_expired",
]);

/** Fails unless a REST answer is a success or a documented 4xx with a message. */
export function expectDocumented(status: number, body: any, what: string): void {
  if (status >= 500) throw new Error(`${status} for ${what}`);
  if (status < 400) return;
  const code = body?.error?.code;
  expect(DOCUMENTED_REST[code], `undocumented code ${code} (${status}) for ${what}`).toContain(status);
  expect(typeof body.error.message, `no message for ${what}`).toBe("string");
}
