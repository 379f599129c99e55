import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { BoundedMap } from "../../lib/bounded-map.js";
import { findLimitSlots, LimitsInlined } from "./literal-limits.js";

/** Statements kept per SQL text (bounded): Kysely asks for a new statement on every query. */
const STATEMENT_CACHE = 1000;

/**
 * better-sqlite3 with each SQL text prepared once and reused (docs/performance.md), and each
 * `LIMIT ?` written into the text (literal-limits.ts).
 */
export function statementCache(raw: SQLite.Database): SqliteDatabase {
  const cache = new BoundedMap<string, SQLite.Statement>(STATEMENT_CACHE);
  const statement = (text: string) => {
    let st = cache.get(text);
    if (!st) {
      st = raw.prepare(text);
      cache.set(text, st);
    }
    return st;
  };
  const wrapped = new BoundedMap<string, SqliteStatement>(STATEMENT_CACHE);
  return {
    close: () => raw.close(),
    prepare(text) {
      let st = wrapped.get(text);
      if (!st) {
        const limits = findLimitSlots(text);
        st = limits ? new LimitsInlined(limits, statement(text), statement) : statement(text);
        wrapped.set(text, st);
      }
      return st;
    },
  };
}
