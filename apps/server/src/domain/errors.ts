import { ERROR_STATUS, ErrorCode } from "@parley/protocol";

/** A failure the caller can act on; mapped to an HTTP status or a WebSocket error frame. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new DomainError(ErrorCode.notFound, `${what} not found`);
export const forbidden = (message: string) => new DomainError(ErrorCode.forbidden, message);
export const invalid = (field: string, message: string) =>
  new DomainError(ErrorCode.validation, message, { [field]: message });
