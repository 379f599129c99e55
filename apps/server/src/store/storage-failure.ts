import { ErrorCode } from "@parley/protocol";
import { DomainError } from "../domain/errors.js";

/**
 * What failed. `full`, `read-only`, `io` and `corrupt` mean writes fail until an operator acts:
 * they are tracked (store-health.ts) and fail /readyz. The others pass with the load or the
 * network: `connection` is a lost or unobtainable connection (errno-style codes, tagged in
 * postgres/connection-errors.ts), `down` the server ending sessions, `busy` a lock or a timeout,
 * `resources` the server short of memory or connections.
 */
export type StorageFailureKind =
  | "full"
  | "read-only"
  | "io"
  | "corrupt"
  | "resources"
  | "busy"
  | "down"
  | "connection";

const TRACKED: ReadonlySet<StorageFailureKind> = new Set(["full", "read-only", "io", "corrupt"]);

const TRY_AGAIN = "the database is unavailable; try again shortly";

/**
 * A failure of the database or its disk: `503 unavailable` on every transport, with a message
 * saying what an operator should look at (it names settings, never paths). `detail` is the
 * engine's own code and message, for the logs.
 */
export class StorageFailure extends DomainError {
  constructor(
    readonly kind: StorageFailureKind,
    message: string,
    readonly detail: string,
    cause: unknown,
  ) {
    super(ErrorCode.unavailable, message);
    this.cause = cause;
  }

  get tracked(): boolean {
    return TRACKED.has(this.kind);
  }
}

type Answer = [StorageFailureKind, string];

/** better-sqlite3's codes: the primary code, or an extended one (SQLITE_IOERR_WRITE). */
function sqlite(code: string): Answer | undefined {
  const primary = code.match(/^SQLITE_[A-Z]+/)?.[0];
  switch (primary) {
    case "SQLITE_FULL":
      return ["full", "the database disk is full: free space on the volume holding DATA_DIR"];
    case "SQLITE_IOERR":
      return [
        "io",
        `the database could not read or write its files (${code}): check the disk and the volume holding DATA_DIR`,
      ];
    case "SQLITE_CANTOPEN":
      return [
        "io",
        `the database files cannot be opened (${code}): check that DATA_DIR exists and the server may write in it`,
      ];
    case "SQLITE_READONLY":
      return code === "SQLITE_READONLY_DBMOVED"
        ? ["read-only", "the database file was moved or deleted while the server ran: restart the server"]
        : [
            "read-only",
            `the database is read-only (${code}): make DATA_DIR and its files writable by the server, on a volume mounted read-write`,
          ];
    case "SQLITE_CORRUPT":
    case "SQLITE_NOTADB":
      return [
        "corrupt",
        `the database file is damaged (${code}): stop the server and restore DATA_DIR/parley.db from a backup`,
      ];
    case "SQLITE_NOMEM":
      return ["resources", "the server is out of memory; try again shortly"];
    case "SQLITE_BUSY":
    case "SQLITE_LOCKED":
      return ["busy", TRY_AGAIN];
    default:
      return undefined;
  }
}

/** PostgreSQL's SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
function postgres(code: string, message: string): Answer | undefined {
  // 25006 read_only_sql_transaction: a hot standby, or default_transaction_read_only.
  if (code === "25006" || /cannot execute .+ (in a read-only transaction|during recovery)/i.test(message)) {
    return [
      "read-only",
      "the database is read-only (a standby, or default_transaction_read_only is on): point DATABASE_URL at the primary",
    ];
  }
  if (code === "53100") {
    return [
      "full",
      "the database server's disk is full: free space on the volume holding its data directory",
    ];
  }
  if (code === "53300") {
    return [
      "resources",
      "the database server has no connection free; try again shortly (max_connections must exceed nodes × DB_POOL_SIZE)",
    ];
  }
  if (code === "53200") return ["resources", "the database server is out of memory; try again shortly"];
  if (code.startsWith("53")) {
    return ["resources", `the database server is short of resources (SQLSTATE ${code}): check its logs`];
  }
  if (code === "58030") {
    return ["io", "the database server could not read or write its files (SQLSTATE 58030): check its disk"];
  }
  if (code === "XX001" || code === "XX002") {
    return [
      "corrupt",
      `the database server found damaged data (SQLSTATE ${code}): check its logs, restore from a backup`,
    ];
  }
  // 08xxx connection exceptions; 57P01-03 the server shutting down or not yet accepting.
  if (code.startsWith("08") || ["57P01", "57P02", "57P03"].includes(code)) return ["down", TRY_AGAIN];
  // 57014: cancelled by statement_timeout (the database is too slow to answer now).
  if (code === "57014") return ["busy", TRY_AGAIN];
  return undefined;
}

/** The file system's errors where DATA_DIR holds files (uploads). */
function files(code: string): Answer | undefined {
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
      return ["full", `the disk holding DATA_DIR is full (${code}): free space on its volume`];
    case "EROFS":
      return ["read-only", "DATA_DIR is on a read-only volume (EROFS): mount it read-write"];
    case "EIO":
      return ["io", "the disk holding DATA_DIR could not read or write (EIO): check the disk"];
    default:
      return undefined;
  }
}

/** Lost or unobtainable connections (pg's, tagged in postgres/connection-errors.ts). */
const CONNECTION = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * The one place that decides which errors are storage failures, for SQLite and PostgreSQL alike:
 * a StorageFailure for those, undefined for anything else (a bug, a constraint, bad SQL).
 */
export function classifyStorageFailure(err: unknown): StorageFailure | undefined {
  if (err instanceof StorageFailure) return err;
  if (!(err instanceof Error) || err instanceof DomainError) return undefined;
  const raw = (err as { code?: unknown }).code;
  const code = typeof raw === "string" ? raw : "";
  let answer: Answer | undefined;
  if (code.startsWith("SQLITE_")) answer = sqlite(code);
  else if (CONNECTION.has(code)) answer = ["connection", TRY_AGAIN];
  else if (files(code)) answer = files(code);
  else if (code === "" || /^[0-9A-Z]{5}$/.test(code)) answer = postgres(code, err.message);
  if (!answer) return undefined;
  return new StorageFailure(answer[0], answer[1], code ? `${code}: ${err.message}` : err.message, err);
}
