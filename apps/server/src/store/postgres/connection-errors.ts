import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

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

/** The pool as Kysely sees it, with connection errors tagged. */
export function taggedPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw tagConnectionError(err);
      }
      let w = wrapped.get(client);
      if (!w) {
        w = wrapClient(client);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

function wrapClient(client: pg.PoolClient): PostgresPoolClient {
  async function run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    try {
      const r = await client.query(sql, [...parameters]);
      return {
        command: r.command as PostgresQueryResult<R>["command"],
        rowCount: r.rowCount ?? 0,
        rows: r.rows,
      };
    } catch (err) {
      throw tagConnectionError(err);
    }
  }
  const query = ((sql: unknown, parameters?: ReadonlyArray<unknown>) => {
    if (typeof sql !== "string") throw new Error("cursors are not configured");
    return run(sql, parameters ?? []);
  }) as PostgresPoolClient["query"];
  return { query, release: () => client.release() };
}
