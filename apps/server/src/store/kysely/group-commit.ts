import type { Kysely } from "kysely";
import type { Envelope } from "../../domain/events.js";
import type { Database } from "../schema.js";
import type { UnitOfWork } from "../store.js";
import type { ChangeFeed } from "../unit-of-work.js";
import type { PreparedQueries } from "./prepared.js";
import { createRepos } from "./repos.js";

/** Transactions in one commit at most, so reads waiting for the connection get their turn. */
const MAX_BATCH = 64;

interface Job {
  fn: (tx: UnitOfWork) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome =
  | { job: Job; ok: true; value: unknown; emitted: Envelope[] }
  | { job: Job; ok: false; error: unknown };

export interface GroupCommit {
  transaction<T>(fn: (tx: UnitOfWork) => Promise<T>): Promise<T>;
}

/**
 * The batch's own statements, run straight on the connection the batch holds (nothing else runs
 * on it between BEGIN and COMMIT), outside Kysely's executor where the engine allows.
 */
export interface BatchStatements {
  /** Runs one statement on `conn`: BEGIN, SAVEPOINT, RELEASE, COMMIT, ROLLBACK (SQLite's at once). */
  exec(statement: string, conn: Kysely<Database>): Promise<unknown> | undefined;
  /** Run in each batch's transaction: after its BEGIN, and after its last savepoint before the COMMIT. */
  begin?(): void;
  beforeCommit?(): void;
}

export interface CommitStats {
  commits: number;
  transactions: number;
}

export interface GroupCommitOptions {
  statements: BatchStatements;
  /** Starts the first batch once a transaction is queued while none runs. */
  schedule(start: () => void): void;
  /**
   * Whether a transaction queued while a batch runs may still join that batch (SQLite's, whose
   * transactions take microseconds), or waits for the next one (PostgreSQL's, where each
   * statement is a round trip: a batch that let everyone in could keep its first caller
   * waiting for up to MAX_BATCH transactions). A next batch then takes a connection anew.
   */
  joinRunning: boolean;
  /** Counted into; several group commits may share one. */
  stats: CommitStats;
  /** Publishes what each committed transaction emitted, before its caller is answered. */
  feed: ChangeFeed;
  /** Called when the queue is empty and no batch runs. */
  onIdle?(): void;
}

/**
 * Group commit: transactions run one at a time on one connection, in the order they were
 * asked for, each inside a SAVEPOINT of a shared BEGIN … COMMIT: those that queued while one ran
 * join a batch, and the batch commits — one fsync — when none is waiting (or after MAX_BATCH).
 * A transaction that throws rolls back to its savepoint, so its writes vanish and the others'
 * stay, exactly as if it had been alone. Every caller is answered only after the COMMIT, so a
 * write is durable before it is acknowledged, and its events are published just before.
 */
export function groupCommit(
  db: Kysely<Database>,
  prepared: PreparedQueries,
  opts: GroupCommitOptions,
): GroupCommit {
  const queue: Job[] = [];
  let running = false;
  const { statements, stats, feed } = opts;

  async function runBatches(): Promise<void> {
    running = true;
    try {
      await db.connection().execute(async (conn) => {
        // Where late arrivals wait for the next batch (PostgreSQL), the connection goes back to
        // the pool between batches, so queries waiting for one get a turn.
        do await runBatch(conn);
        while (opts.joinRunning && queue.length > 0);
      });
    } catch (err) {
      // The connection itself failed (closed store): nobody still queued can be served.
      for (const job of queue.splice(0)) job.reject(err);
    } finally {
      running = false;
      if (queue.length > 0) void runBatches();
      else opts.onIdle?.();
    }
  }

  async function runBatch(conn: Kysely<Database>): Promise<void> {
    const exec = (statement: string) => statements.exec(statement, conn);
    const rollback = async () => {
      try {
        await exec("rollback");
      } catch {
        // Nothing open to roll back (the store was closed, or the failure ended the transaction).
      }
    };
    const done: Outcome[] = [];
    let current: Job | undefined;
    try {
      await exec("begin");
      statements.begin?.();
    } catch (err) {
      await rollback();
      // No transaction can start (the store was closed): fail everyone waiting, never spin.
      for (const job of queue.splice(0)) job.reject(err);
      return;
    }
    const jobs = opts.joinRunning ? queue : queue.splice(0, MAX_BATCH);
    // A batch that can take no one else needs no savepoint: two round trips fewer on PostgreSQL.
    if (!opts.joinRunning && jobs.length === 1) return runAlone(jobs[0] as Job, conn, exec, rollback);
    try {
      while (jobs.length > 0 && done.length < MAX_BATCH) {
        const job = jobs.shift() as Job;
        current = job;
        await exec("savepoint parley_tx");
        try {
          const work = feed.open(createRepos(conn, prepared));
          const value = await job.fn(work.tx);
          await exec("release parley_tx");
          done.push({ job, ok: true, value, emitted: work.emitted });
        } catch (error) {
          done.push({ job, ok: false, error });
          try {
            await exec("rollback to parley_tx");
          } catch {
            // The engine rolled the whole transaction back (SQLite may, after SQLITE_FULL or an
            // I/O error): the batch is lost with it, and answers this error, not the savepoint's.
            throw error;
          }
          await exec("release parley_tx");
        }
        current = undefined;
      }
      statements.beforeCommit?.();
      await exec("commit");
      stats.commits++;
      stats.transactions += done.length;
    } catch (err) {
      // A savepoint or the COMMIT failed: nothing of this batch is durable.
      await rollback();
      for (const o of done) o.job.reject(o.ok ? err : o.error);
      if (current && !done.some((o) => o.job === current)) current.reject(err);
      // Those of a batch taken off the queue that had not run yet go back to its head.
      if (!opts.joinRunning) queue.unshift(...jobs.splice(0));
      return;
    }
    for (const o of done) {
      if (o.ok) answer(o.job, o.value, o.emitted);
      else o.job.reject(o.error);
    }
  }

  function answer(job: Job, value: unknown, emitted: readonly Envelope[]): void {
    try {
      feed.publish(emitted);
    } catch (error) {
      job.reject(error);
      return;
    }
    job.resolve(value);
  }

  async function runAlone(
    job: Job,
    conn: Kysely<Database>,
    exec: (statement: string) => Promise<unknown> | undefined,
    rollback: () => Promise<void>,
  ): Promise<void> {
    let value: unknown;
    const work = feed.open(createRepos(conn, prepared));
    try {
      value = await job.fn(work.tx);
      statements.beforeCommit?.();
      await exec("commit");
    } catch (error) {
      await rollback();
      job.reject(error);
      return;
    }
    stats.commits++;
    stats.transactions++;
    answer(job, value, work.emitted);
  }

  return {
    transaction: <T>(fn: (tx: UnitOfWork) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
        // A batch is already running (it takes this job, or the next one does) or scheduled.
        if (!running && queue.length === 1) opts.schedule(() => void runBatches());
      }),
  };
}
