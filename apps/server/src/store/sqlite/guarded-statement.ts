import type SQLite from "better-sqlite3";
import type { SqliteStatement } from "kysely";
import type { ConnectionHealth } from "../store-health.js";

/** Statements that end a transaction by committing it (RELEASE does when no BEGIN is open). */
const COMMITS = /^\s*(commit|end|release)\b/i;

/**
 * `statement` with its storage failures turned into StorageFailure and recorded, and a write that
 * committed (autocommit, or COMMIT) recorded as a success (store-health.ts). `raw` says whether a
 * transaction is still open once the statement has run.
 */
export function guardedStatement(
  statement: SqliteStatement,
  text: string,
  writes: boolean,
  raw: SQLite.Database,
  health: ConnectionHealth,
): SqliteStatement {
  const commits = writes || COMMITS.test(text);
  const ran = () => {
    if (raw.inTransaction) return;
    if (commits) health.committed();
    else health.reset();
  };
  return {
    reader: statement.reader,
    all(parameters) {
      try {
        const rows = statement.all(parameters);
        ran();
        return rows;
      } catch (err) {
        throw health.failed(err, raw.inTransaction);
      }
    },
    run(parameters) {
      try {
        const result = statement.run(parameters);
        ran();
        return result;
      } catch (err) {
        throw health.failed(err, raw.inTransaction);
      }
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(parameters);
      } catch (err) {
        throw health.failed(err, raw.inTransaction);
      }
    },
  };
}
