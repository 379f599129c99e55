import { Kysely, PostgresDialect, sql } from "kysely";
import { type CommitStats, type GroupCommit, groupCommit } from "../kysely/group-commit.js";
import { probeWrite } from "../kysely/health-probe.js";
import { coreMigrations } from "../kysely/migrations.js";
import { PreparedQueries } from "../kysely/prepared.js";
import { createRepos } from "../kysely/repos.js";
import type { Database } from "../schema.js";
import type { Store } from "../store.js";
import { StoreHealth } from "../store-health.js";
import { ChangeFeed } from "../unit-of-work.js";
import { taggedPool } from "./connection-errors.js";
import { postgresQueries } from "./dialect-queries-postgres.js";
import { ensureSchema, migratePostgres } from "./migrate.js";
import { createPool, type PgSsl } from "./pool.js";
import { postgresSearchMigrations, postgresSearchRepo } from "./search-postgres.js";

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  /** Per-statement limit in ms (PostgreSQL `statement_timeout`); 0 disables it. */
  statementTimeoutMs?: number;
  ssl?: PgSsl;
  /** A schema to use (created when missing) instead of the URL's search_path. */
  schema?: string;
  /** Errors of idle pooled connections (the server restarted); the pool reconnects itself. */
  onPoolError?: (err: Error) => void;
}

/**
 * PostgreSQL adapter: a `pg` pool behind Kysely, sharing the query layer with SQLite.
 *
 * Seq allocation (`channels.nextSeq`) is `UPDATE channels SET last_seq = last_seq + 1 …
 * RETURNING last_seq`. The UPDATE takes the channel row's lock and holds it until the
 * transaction ends, so concurrent writers on any node queue on that row: each sees the value
 * the previous one committed (READ COMMITTED re-reads the updated row), and a rollback gives
 * the number back. Seqs are therefore gapless and commit in seq order.
 *
 * So the transactions writing one channel's messages wait for each other anyway; those given a
 * key (`Store.transaction`) are group-committed per key (kysely/group-commit.ts): they run in
 * the order asked for, and those that queue while one runs commit together in the next batch —
 * one COMMIT, and one fan-out for all of them instead of a socket write each.
 */
export async function openPostgresStore(opts: PostgresOptions): Promise<Store> {
  const ssl = opts.ssl ?? "disable";
  const health = new StoreHealth();
  // Migrations run on their own connection without the statement timeout: waiting for another
  // node's migration lock, or a long migration, must not be cut off after a few seconds.
  const setup = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: taggedPool(
        createPool({ url: opts.url, max: 1, ssl, schema: opts.schema, onError: opts.onPoolError }),
        health,
      ),
    }),
  });
  try {
    if (opts.schema) await ensureSchema(setup, opts.schema);
    await migratePostgres(setup, coreMigrations);
    await migratePostgres(setup, postgresSearchMigrations, "parley_pg_search_migration");
  } finally {
    await setup.destroy();
  }

  const pool = createPool({
    url: opts.url,
    max: opts.poolSize ?? 10,
    statementTimeoutMs: opts.statementTimeoutMs ?? 5000,
    ssl,
    schema: opts.schema,
    onError: opts.onPoolError,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: taggedPool(pool, health) }) });
  const prepared = new PreparedQueries(postgresQueries);
  const stats: CommitStats = { commits: 0, transactions: 0 };
  const feed = new ChangeFeed();
  const byKey = new Map<string, GroupCommit>();
  const commitsOf = (key: string) => {
    let commits = byKey.get(key);
    if (!commits) {
      commits = groupCommit(db, prepared, {
        statements: { exec: (statement, conn) => sql.raw(statement).execute(conn) },
        schedule: (start) => start(),
        joinRunning: false,
        stats,
        feed,
        onIdle: () => byKey.delete(key),
      });
      byKey.set(key, commits);
    }
    return commits;
  };
  return {
    dialect: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...createRepos(db, prepared),
    search: postgresSearchRepo(db),
    async transaction(fn, key) {
      if (key !== undefined) return commitsOf(key).transaction(fn);
      const { value, emitted } = await db.transaction().execute(async (trx) => {
        const work = feed.open(createRepos(trx, prepared));
        return { value: await fn(work.tx), emitted: work.emitted };
      });
      feed.publish(emitted);
      return value;
    },
    publishTo: (port) => feed.publishTo(port),
    commitStats: () => ({ ...stats }),
    async ping() {
      await sql`select 1`.execute(db);
    },
    health,
    probeWrite: () => probeWrite(db),
    async close() {
      await db.destroy();
    },
  };
}
