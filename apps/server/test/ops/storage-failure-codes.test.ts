import { writeFileSync } from "node:fs";
import { ErrorCode } from "@parley/protocol";
import SQLite from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/domain/errors.js";
import { classifyStorageFailure, StorageFailure } from "../../src/store/storage-failure.js";
import { StoreHealth } from "../../src/store/store-health.js";

const { SqliteError } = SQLite;

function pgError(code: string, message: string): Error {
  const err = new pg.DatabaseError(message, 0, "error");
  err.code = code;
  return err;
}

/** What the engine itself throws: a real connection, made to fail. */
function realSqliteError(setup: (db: SQLite.Database) => void): unknown {
  const db = new SQLite(":memory:");
  try {
    db.exec("create table t (b blob)");
    setup(db);
    db.prepare("insert into t values (?)").run(Buffer.alloc(64 * 1024));
  } catch (err) {
    return err;
  } finally {
    db.close();
  }
  throw new Error("the insert did not fail");
}

describe("storage failure classification", () => {
  it("reads SQLite's primary and extended codes", () => {
    const full = realSqliteError((db) =>
      db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`),
    );
    expect(full).toBeInstanceOf(SqliteError);
    expect(classifyStorageFailure(full)).toMatchObject({
      kind: "full",
      code: "unavailable",
      status: 503,
      message: expect.stringMatching(/disk is full: free space on the volume holding DATA_DIR/),
      detail: "SQLITE_FULL: database or disk is full",
    });
    const readOnly = realSqliteError((db) => db.pragma("query_only = ON"));
    expect(classifyStorageFailure(readOnly)).toMatchObject({ kind: "read-only", tracked: true });

    for (const code of [
      "SQLITE_IOERR",
      "SQLITE_IOERR_WRITE",
      "SQLITE_IOERR_FSYNC",
      "SQLITE_IOERR_SHORT_READ",
    ]) {
      const failure = classifyStorageFailure(new SqliteError("disk I/O error", code));
      expect(failure).toMatchObject({ kind: "io", tracked: true });
      expect(failure?.message).toContain(`(${code})`);
    }
    for (const code of ["SQLITE_READONLY", "SQLITE_READONLY_RECOVERY", "SQLITE_READONLY_DIRECTORY"]) {
      expect(
        classifyStorageFailure(new SqliteError("attempt to write a readonly database", code)),
      ).toMatchObject({
        kind: "read-only",
        message: expect.stringMatching(/read-only .*writable/),
      });
    }
    expect(classifyStorageFailure(new SqliteError("moved", "SQLITE_READONLY_DBMOVED"))?.message).toMatch(
      /moved or deleted.*restart/,
    );
    expect(classifyStorageFailure(new SqliteError("malformed", "SQLITE_CORRUPT_INDEX"))?.kind).toBe(
      "corrupt",
    );
    expect(classifyStorageFailure(new SqliteError("locked", "SQLITE_BUSY_SNAPSHOT"))).toMatchObject({
      kind: "busy",
      tracked: false,
    });
  });

  it("reads PostgreSQL's SQLSTATE codes", () => {
    expect(classifyStorageFailure(pgError("53100", "could not extend file"))).toMatchObject({
      kind: "full",
      tracked: true,
      message: expect.stringMatching(/server's disk is full/),
    });
    for (const code of ["53200", "53300", "53400", "53999"]) {
      expect(classifyStorageFailure(pgError(code, "x"))).toMatchObject({ kind: "resources", tracked: false });
    }
    const readOnly = classifyStorageFailure(
      pgError("25006", "cannot execute INSERT in a read-only transaction"),
    );
    expect(readOnly).toMatchObject({ kind: "read-only", message: expect.stringMatching(/DATABASE_URL/) });
    // A standby's refusal as it reads, whatever code it comes with.
    expect(classifyStorageFailure(new Error("cannot execute UPDATE in a read-only transaction"))?.kind).toBe(
      "read-only",
    );
    expect(
      classifyStorageFailure(pgError("57014", "canceling statement due to statement timeout"))?.kind,
    ).toBe("busy");
    expect(classifyStorageFailure(pgError("08006", "connection failure"))?.kind).toBe("down");
  });

  it("leaves other errors alone", () => {
    expect(
      classifyStorageFailure(new SqliteError("UNIQUE constraint failed", "SQLITE_CONSTRAINT_UNIQUE")),
    ).toBe(undefined);
    expect(classifyStorageFailure(pgError("23505", "duplicate key"))).toBeUndefined();
    expect(classifyStorageFailure(pgError("42P01", "relation does not exist"))).toBeUndefined();
    expect(classifyStorageFailure(new TypeError("x is undefined"))).toBeUndefined();
    expect(
      classifyStorageFailure(Object.assign(new Error("write EPIPE"), { code: "EPIPE" })),
    ).toBeUndefined();
    expect(classifyStorageFailure(new DomainError(ErrorCode.notFound, "channel not found"))).toBeUndefined();
  });

  it("records tracked failures until a write succeeds, and converts at the store's edge", () => {
    const health = new StoreHealth();
    const changes: (string | undefined)[] = [];
    health.onChange((f) => changes.push(f?.kind));
    const connection = Object.assign(new Error("Connection terminated"), { code: "ECONNRESET" });
    expect(health.convert(connection)).toBe(connection);
    expect(health.convert(new SqliteError("busy", "SQLITE_BUSY"))).toBeInstanceOf(StorageFailure);
    expect(health.failure).toBeUndefined();
    health.convert(new SqliteError("disk I/O error", "SQLITE_IOERR_WRITE"));
    health.convert(new SqliteError("disk I/O error", "SQLITE_IOERR_WRITE"));
    expect(health.failure?.kind).toBe("io");
    health.succeeded();
    expect(health.failure).toBeUndefined();
    expect(changes).toEqual(["io", undefined]);
  });
  it("reads the file system's errors where DATA_DIR holds uploads", () => {
    let full: unknown;
    try {
      writeFileSync("/dev/full", "a file that does not fit");
    } catch (err) {
      full = err;
    }
    expect((full as { code?: string }).code).toBe("ENOSPC");
    expect(classifyStorageFailure(full)).toMatchObject({
      kind: "full",
      code: "unavailable",
      message: "the disk holding DATA_DIR is full (ENOSPC): free space on its volume",
    });
    const missing = Object.assign(new Error("no such file"), { code: "ENOENT" });
    expect(classifyStorageFailure(missing)).toBeUndefined();
  });
});
