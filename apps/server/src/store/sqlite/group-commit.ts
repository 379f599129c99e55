import type { Kysely } from "kysely";
import type { PreparedQueries } from "../kysely/prepared.js";
import { createRepos } from "../kysely/repos.js";
import type { Database } from "../schema.js";
import type { Repos } from "../store.js";

/** Transactions in one commit at most, so reads waiting for the connection get their turn. */
const MAX_BATCH = 64;

interface Job {
  fn: (tx: Repos) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { job: Job; ok: true; value: unknown } | { job: Job; ok: false; error: unknown };

export interface GroupCommit {
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /** Commits made and transactions they carried, since the store opened. */
  stats(): CommitStats;
}

/**
 * The batch's own statements, run straight on the connection the batch holds (nothing else runs
 * on it between BEGIN and COMMIT), outside Kysely's executor.
 */
export interface BatchStatements {
  /** Runs one statement: BEGIN, SAVEPOINT, RELEASE, COMMIT, ROLLBACK. */
  exec(statement: string): void;
  /** Run in each batch's transaction: after its BEGIN, and after its last savepoint before the COMMIT. */
  begin?(): void;
  beforeCommit?(): void;
}

export interface CommitStats {
  commits: number;
  transactions: number;
}

/**
 * Group commit for the SQLite adapter. Transactions still run one at a time on the one
 * connection, but each inside a SAVEPOINT of a shared BEGIN … COMMIT: those that queued while
 * one ran join the same batch, and the batch commits — one WAL fsync — when none is waiting
 * (or after MAX_BATCH). A transaction that throws rolls back to its savepoint, so its writes
 * vanish and the others' stay, exactly as if it had been alone. Every caller is answered only
 * after the COMMIT, so a write is durable before it is acknowledged (docs/performance.md).
 *
 * A batch starts after the event loop has read its sockets once more, not at once:
 * better-sqlite3 is synchronous, so a batch started at once would run and commit inside the first
 * request's callback, before the other requests that arrived in the same turn could queue. And a
 * batch started on the next turn's immediates would run right after the previous batch's fan-out
 * (flushed by an immediate, shared-frame.ts), before the requests that arrived while those writes
 * ran were read: a sender's burst would split into a batch of one and a batch of the rest, each
 * with its own fsync and its own write to every receiver (docs/performance.md, change 50).
 */
export function groupCommit(
  db: Kysely<Database>,
  prepared: PreparedQueries,
  statements: BatchStatements,
): GroupCommit {
  const queue: Job[] = [];
  let running = false;
  const counts: CommitStats = { commits: 0, transactions: 0 };
  const { exec } = statements;
  const rollback = () => {
    try {
      exec("rollback");
    } catch {
      // Nothing open to roll back (the store was closed, or the failure ended the transaction).
    }
  };

  async function runBatches(): Promise<void> {
    running = true;
    try {
      await db.connection().execute(async (conn) => {
        while (queue.length > 0) await runBatch(conn);
      });
    } catch (err) {
      // The connection itself failed (closed store): nobody still queued can be served.
      for (const job of queue.splice(0)) job.reject(err);
    } finally {
      running = false;
      if (queue.length > 0) void runBatches();
    }
  }

  async function runBatch(conn: Kysely<Database>): Promise<void> {
    const done: Outcome[] = [];
    let current: Job | undefined;
    try {
      exec("begin");
      statements.begin?.();
    } catch (err) {
      rollback();
      // No transaction can start (the store was closed): fail everyone waiting, never spin.
      for (const job of queue.splice(0)) job.reject(err);
      return;
    }
    try {
      while (queue.length > 0 && done.length < MAX_BATCH) {
        const job = queue.shift() as Job;
        current = job;
        exec("savepoint parley_tx");
        try {
          const value = await job.fn(createRepos(conn, prepared));
          exec("release parley_tx");
          done.push({ job, ok: true, value });
        } catch (error) {
          done.push({ job, ok: false, error });
          exec("rollback to parley_tx");
          exec("release parley_tx");
        }
        current = undefined;
      }
      statements.beforeCommit?.();
      exec("commit");
      counts.commits++;
      counts.transactions += done.length;
    } catch (err) {
      // A savepoint or the COMMIT failed: nothing of this batch is durable.
      rollback();
      for (const o of done) o.job.reject(o.ok ? err : o.error);
      if (current && !done.some((o) => o.job === current)) current.reject(err);
      return;
    }
    for (const o of done) {
      if (o.ok) o.job.resolve(o.value);
      else o.job.reject(o.error);
    }
  }

  return {
    transaction: <T>(fn: (tx: Repos) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
        // A batch is already running (it takes this job) or already scheduled.
        // The outer immediate runs after this turn's socket reads, the inner one after the next's.
        if (!running && queue.length === 1) setImmediate(() => setImmediate(() => void runBatches()));
      }),
    stats: () => ({ ...counts }),
  };
}
