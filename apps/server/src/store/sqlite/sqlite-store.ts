import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type Migration, Migrator, sql } from "kysely";
import type { Db } from "../kysely/executor.js";
import { type CommitStats, groupCommit } from "../kysely/group-commit.js";
import { probeWrite } from "../kysely/health-probe.js";
import { coreMigrations } from "../kysely/migrations.js";
import { PreparedQueries } from "../kysely/prepared.js";
import { createRepos } from "../kysely/repos.js";
import type { Database } from "../schema.js";
import type { Store } from "../store.js";
import { StoreHealth } from "../store-health.js";
import { ChangeFeed } from "../unit-of-work.js";
import { startCheckpointer } from "./checkpointer.js";
import { sqliteQueries } from "./dialect-queries-sqlite.js";
import { FifoSqliteDialect } from "./fifo-sqlite-dialect.js";
import { DEFER_INDEXING, INDEX_PENDING, migrateSqliteSearch, sqliteSearchRepo } from "./search-sqlite.js";
import { statementCache } from "./statement-cache.js";

export interface SqliteOptions {
  /** File path, or ":memory:". */
  filename: string;
  /** Called with the connection once it is set up, before migrations (tests set per-connection limits). */
  onOpen?(connection: SQLite.Database): void;
}

/**
 * SQLite adapter: one connection (better-sqlite3 is synchronous; queries take turns in order of
 * arrival, and a prepared one runs at once while no transaction is open, fifo-sqlite-dialect.ts),
 * WAL so readers never block the writer, foreign keys on, and
 * `synchronous=FULL` so a committed transaction survives power loss, not only a process crash.
 * Transactions are group-committed (kysely/group-commit.ts): one fsync for all those that queued
 * meanwhile; the WAL is copied into the database file by a worker thread (checkpointer.ts).
 */
export async function openSqliteStore(opts: SqliteOptions): Promise<Store> {
  if (opts.filename !== ":memory:") mkdirSync(dirname(opts.filename), { recursive: true });
  const raw = new SQLite(opts.filename);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = FULL");
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  // Statement journals (every UPDATE … RETURNING, every statement that fires a trigger) and
  // temporary B-trees in memory, not in a temporary file created for each.
  raw.pragma("temp_store = MEMORY");
  opts.onOpen?.(raw);
  const health = new StoreHealth();
  const statements = statementCache(raw, health);
  const dialect = new FifoSqliteDialect({ database: statements });
  const db = new Kysely<Database>({ dialect });
  await migrate(db, coreMigrations);
  await migrateSqliteSearch(db);
  // Checkpoints off the event loop; an in-memory database has no WAL.
  const checkpointer = opts.filename === ":memory:" ? undefined : startCheckpointer(raw, opts.filename);
  const prepared = sqlitePreparedQueries(db, dialect, raw);
  const repos = createRepos(db, prepared);
  const exec = (statement: string) => void statements.prepare(statement).run([]);
  const stats: CommitStats = { commits: 0, transactions: 0 };
  const feed = new ChangeFeed();
  const commits = groupCommit(db, prepared, {
    statements: {
      exec,
      // A batch's messages are indexed together, before its COMMIT (search-sqlite.ts).
      begin: () => exec(DEFER_INDEXING),
      beforeCommit: () => {
        for (const statement of INDEX_PENDING) exec(statement);
      },
    },
    schedule: afterSocketReads,
    joinRunning: true,
    stats,
    feed,
  });
  return {
    dialect: "sqlite",
    ...repos,
    search: sqliteSearchRepo(db),
    transaction: commits.transaction,
    publishTo: (port) => feed.publishTo(port),
    commitStats: () => ({ ...stats }),
    async ping() {
      await sql`select 1`.execute(db);
    },
    health,
    probeWrite: () => probeWrite(db),
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Starts a batch after the event loop has read its sockets once more, not at once:
 * better-sqlite3 is synchronous, so a batch started at once would run and commit inside the first
 * request's callback, before the other requests that arrived in the same turn could queue. And a
 * batch started on the next turn's immediates would run right after the previous batch's fan-out
 * (flushed by an immediate, shared-frame.ts), before the requests that arrived while those writes
 * ran were read: a sender's burst would split into a batch of one and a batch of the rest, each
 * with its own fsync and its own write to every receiver.
 * The outer immediate runs after this turn's socket reads, the inner one after the next's.
 */
function afterSocketReads(start: () => void): void {
  setImmediate(() => setImmediate(start));
}

/**
 * Prepared queries on `db` that run at once while no transaction is open on the connection (a
 * group commit's batch holds it from BEGIN to COMMIT): better-sqlite3 runs each statement whole
 * and synchronously, so no other query is ever midway on it.
 */
export function sqlitePreparedQueries(
  db: Db,
  dialect: FifoSqliteDialect,
  raw: SQLite.Database,
): PreparedQueries {
  return new PreparedQueries(sqliteQueries, (target, query) =>
    target === db && !raw.inTransaction ? dialect.runNow(query) : undefined,
  );
}

export async function migrate(db: Kysely<Database>, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
