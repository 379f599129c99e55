import pg from "pg";

export type PgSsl = "disable" | "require" | "verify-full";

export interface PoolOptions {
  url: string;
  max: number;
  /** 0 or undefined: no statement timeout (migrations must not be cut short). */
  statementTimeoutMs?: number;
  ssl: PgSsl;
  /** Put first on every connection's search_path. */
  schema?: string;
  onError?: (err: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name ${JSON.stringify(schema)}: use a-z, 0-9 and _`);
  }
}

/**
 * int8 (bigint columns: seqs; count(*)) arrives as a string by default because it can exceed
 * 2^53. Seqs and counts never come close, and the shared query layer expects numbers.
 */
function int8AsNumber(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  return types;
}

function sslOption(ssl: PgSsl): pg.PoolConfig["ssl"] {
  if (ssl === "disable") return false;
  // `require` encrypts without checking the certificate (libpq's sslmode=require);
  // `verify-full` checks the chain and the host name.
  return { rejectUnauthorized: ssl === "verify-full" };
}

export function createPool(o: PoolOptions): pg.Pool {
  if (o.schema) assertSchemaName(o.schema);
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.max,
    ssl: sslOption(o.ssl),
    types: int8AsNumber(),
    statement_timeout: o.statementTimeoutMs ? o.statementTimeoutMs : undefined,
    // A dead or unreachable server fails a request (503) instead of queueing it forever.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: "parley",
    options: o.schema ? `-c search_path=${o.schema}` : undefined,
  });
  // An idle client whose server went away emits `error` on the pool; without a listener that
  // is an uncaught exception. The pool drops the client and connects afresh on next use.
  pool.on("error", (err) => o.onError?.(err));
  // A checked-out client (mid-transaction, between queries) emits `error` on itself instead;
  // its next query then fails and the pool discards it on release.
  pool.on("connect", (client) => client.on("error", (err) => o.onError?.(err)));
  return pool;
}
