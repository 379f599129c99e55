import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { BoundedMap } from "../../lib/bounded-map.js";
import { ConnectionHealth, StoreHealth } from "../store-health.js";
import { guardedStatement } from "./guarded-statement.js";
import { withJsRows } from "./js-rows.js";
import { findLimitSlots, LimitsInlined } from "./literal-limits.js";

/** Statements kept per SQL text (bounded): Kysely asks for a new statement on every query. */
const STATEMENT_CACHE = 1000;

/**
 * better-sqlite3 with each SQL text prepared once and reused, and each
 * `LIMIT ?` written into the text (literal-limits.ts); rows are made into objects in JavaScript
 * (js-rows.ts). Storage failures become StorageFailure and are recorded in `health`
 * (guarded-statement.ts).
 */
export function statementCache(raw: SQLite.Database, health = new StoreHealth()): SqliteDatabase {
  const cache = new BoundedMap<string, SqliteStatement>(STATEMENT_CACHE);
  const connection = new ConnectionHealth(health);
  // A text with its limits written in binds no limit, so it is cached as a plain statement.
  const prepare = (text: string): SqliteStatement => {
    let st = cache.get(text);
    if (!st) {
      const limits = findLimitSlots(text);
      let statement: SQLite.Statement;
      try {
        statement = raw.prepare(text);
      } catch (err) {
        throw connection.failed(err, raw.inTransaction);
      }
      const bound = guardedStatement(withJsRows(statement), text, !statement.readonly, raw, connection);
      st = limits ? new LimitsInlined(limits, bound, prepare) : bound;
      cache.set(text, st);
    }
    return st;
  };
  return { close: () => raw.close(), prepare };
}
