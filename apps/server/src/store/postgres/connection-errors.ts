import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { ConnectionHealth, StoreHealth } from "../store-health.js";

/** `pg` reports a lost or unobtainable connection with a message but no `code`. */
const LOST = /connection terminated|encountered a connection error|client was closed|not queryable/i;
const TIMED_OUT = /timeout exceeded when trying to connect/i;

/**
 * Gives connection-level failures the errno-style code the HTTP layer maps to 503
 * (http/errors.ts): ECONNRESET for a connection lost mid-use, ETIMEDOUT for none to be had.
 * Errors the server sent (SQLSTATE codes) and programming errors pass through unchanged.
 */
export function tagConnectionError(err: unknown): unknown {
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== undefined) return err;
  if (TIMED_OUT.test(err.message)) Object.assign(err, { code: "ETIMEDOUT" });
  else if (LOST.test(err.message)) Object.assign(err, { code: "ECONNRESET" });
  return err;
}

/**
 * The pool as Kysely sees it, with connection errors tagged and storage failures turned into
 * StorageFailure and recorded in `health` (store-health.ts).
 */
export function taggedPool(pool: pg.Pool, health = new StoreHealth()): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw health.convert(tagConnectionError(err));
      }
      let w = wrapped.get(client);
      if (!w) {
        w = wrapClient(client, new ConnectionHealth(health));
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

/** Statements that open or close a transaction (not ROLLBACK TO a savepoint). */
const TRANSACTION = /^\s*(begin|start transaction|commit|end|rollback(?!\s+to\b))/i;
const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"]);

function wrapClient(client: pg.PoolClient, health: ConnectionHealth): PostgresPoolClient {
  let inTransaction = false;
  async function run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    try {
      const r = await client.query(sql, [...parameters]);
      const control = sql.length < 64 ? TRANSACTION.exec(sql)?.[1]?.toLowerCase() : undefined;
      if (control === "begin" || control === "start transaction") {
        inTransaction = true;
        health.reset();
      } else if (control) {
        inTransaction = false;
        // COMMIT of a transaction that had failed answers ROLLBACK.
        if (r.command === "COMMIT") health.committed();
        else health.reset();
      } else if (!inTransaction && WRITES.has(r.command)) {
        health.committed();
      }
      return {
        command: r.command as PostgresQueryResult<R>["command"],
        rowCount: r.rowCount ?? 0,
        rows: r.rows,
      };
    } catch (err) {
      throw health.failed(tagConnectionError(err), inTransaction);
    }
  }
  const query = ((sql: unknown, parameters?: ReadonlyArray<unknown>) => {
    if (typeof sql !== "string") throw new Error("cursors are not configured");
    return run(sql, parameters ?? []);
  }) as PostgresPoolClient["query"];
  return { query, release: () => client.release() };
}
