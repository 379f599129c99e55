import { ErrorCode } from "@parley/protocol";

const statusOf: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  token_expired: 401,
  token_invalid: 401,
  invalid_credentials: 401,
  forbidden: 403,
  banned: 403,
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
};

/** A failure the caller can act on; mapped to an HTTP status or a WebSocket error frame. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export const notFound = (what: string) => new DomainError(ErrorCode.notFound, `${what} not found`);
export const forbidden = (message: string) => new DomainError(ErrorCode.forbidden, message);
export const invalid = (field: string, message: string) =>
  new DomainError(ErrorCode.validation, message, { [field]: message });
