import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { BoundedMap } from "../../lib/bounded-map.js";
import { withJsRows } from "./js-rows.js";
import { findLimitSlots, LimitsInlined } from "./literal-limits.js";

/** Statements kept per SQL text (bounded): Kysely asks for a new statement on every query. */
const STATEMENT_CACHE = 1000;

/**
 * better-sqlite3 with each SQL text prepared once and reused (docs/performance.md), and each
 * `LIMIT ?` written into the text (literal-limits.ts); rows are made into objects in JavaScript
 * (js-rows.ts).
 */
export function statementCache(raw: SQLite.Database): SqliteDatabase {
  const cache = new BoundedMap<string, SqliteStatement>(STATEMENT_CACHE);
  // A text with its limits written in binds no limit, so it is cached as a plain statement.
  const prepare = (text: string): SqliteStatement => {
    let st = cache.get(text);
    if (!st) {
      const limits = findLimitSlots(text);
      const bound = withJsRows(raw.prepare(text));
      st = limits ? new LimitsInlined(limits, bound, prepare) : bound;
      cache.set(text, st);
    }
    return st;
  };
  return { close: () => raw.close(), prepare };
}
