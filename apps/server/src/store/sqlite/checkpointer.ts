import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/** How often the worker copies the WAL's new pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/** Pages after which SQLite checkpoints on its own (its default), if the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Runs in the worker (CommonJS, evaluated): its own connection to the file, a PASSIVE checkpoint
 * every interval. PASSIVE never waits for the writer or readers; what it cannot copy yet is copied
 * next time, and the writer starts the WAL over once every page is in the database file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.filename, { fileMustExist: true });
db.pragma("busy_timeout = 0");
db.pragma("synchronous = FULL");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // busy or locked: the next interval tries again
  }
}, workerData.intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (after the checkpoint it is running, if any). */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL database on a worker thread instead of in the COMMIT that crosses SQLite's
 * page threshold: a checkpoint writes up to 1,000 pages into the database file and fsyncs it,
 * which blocked the event loop for milliseconds to hundreds of milliseconds (docs/performance.md,
 * P3). The connection `raw` stops checkpointing on its own while the worker runs, and takes it up
 * again should the worker die.
 */
export function startCheckpointer(raw: SQLite.Database, filename: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { filename, driver, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  raw.pragma("wal_autocheckpoint = 0");
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", () => {
      if (!stopping && raw.open) raw.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      resolve();
    });
  });
  worker.on("error", () => {
    // "exit" follows and hands checkpointing back to the connection
  });
  return {
    async stop() {
      stopping = true;
      // Referenced again, so the process waits for the worker to close its connection.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
