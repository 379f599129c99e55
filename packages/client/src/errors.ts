import type { ErrorCode } from "@parley/protocol";

/** An error answer of the chat REST API: `{ error: { code, message, fields } }` plus the HTTP status. */
export class ChatApiError extends Error {
  override readonly name: string = "ChatApiError";
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly fields: Record<string, string> | undefined;
  /** Seconds from a `Retry-After` header (429), when given. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: ErrorCode | string,
    message: string,
    fields?: Record<string, string>,
    retryAfter?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }

  /** Whether retrying the same request later can succeed (network trouble, 5xx, 429). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The request never got an HTTP answer (network down, aborted, timed out). Status 0. */
export class ChatNetworkError extends ChatApiError {
  override readonly name: string = "ChatNetworkError";
  override readonly cause: unknown;

  constructor(message: string, cause?: unknown, code = "network") {
    super(0, code, message);
    this.cause = cause;
  }
}

/**
 * A success answer that breaks the route table's answer for its status: a status the route does not
 * declare, no JSON where JSON was due, or a body its schema refuses (only when answers are checked).
 */
export class ChatAnswerError extends Error {
  override readonly name = "ChatAnswerError";
  /** The route's name in the table. */
  readonly route: string;
  readonly status: number;
  /** What is wrong, one line per field (`path: message`). */
  readonly issues: readonly string[];

  constructor(route: string, status: number, issues: readonly string[]) {
    super(`${route} answered ${status} against the route table: ${issues.join("; ")}`);
    this.route = route;
    this.status = status;
    this.issues = issues;
  }
}

/** The WebSocket could not be (or stay) connected; `code` is the close code or a frame error code. */
export class ChatConnectionError extends Error {
  override readonly name = "ChatConnectionError";
  readonly code: number | string;
  /** Whether the SDK keeps trying (false for 4001 / 4004 / 4005 / 4007). */
  readonly fatal: boolean;
  /** The server's error code when it gave one (e.g. `token_invalid`, `token_expired` with 4001). */
  readonly serverCode: string | undefined;

  constructor(code: number | string, message: string, fatal = false, serverCode?: string) {
    super(message);
    this.code = code;
    this.fatal = fatal;
    this.serverCode = serverCode;
  }
}

/** A WebSocket `error` frame answering one of our frames (e.g. watching a channel we may not read). */
export class ChatFrameError extends Error {
  override readonly name = "ChatFrameError";
  readonly code: ErrorCode | string;
  readonly cid: string | undefined;

  constructor(code: ErrorCode | string, message: string, cid?: string) {
    super(message);
    this.code = code;
    this.cid = cid;
  }
}
