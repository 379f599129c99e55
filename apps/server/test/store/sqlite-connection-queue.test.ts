import { createHook } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";
import { addUser, fresh } from "../../src/store/testing/fixtures.js";
import { deferred } from "../helpers/deferred.js";

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore({ filename: ":memory:" });
});
afterAll(() => store.close());

/** A transaction that holds the one connection until `release` is called. */
async function holdConnection(): Promise<{ release: () => void; done: Promise<void> }> {
  const held = deferred();
  const begun = deferred();
  const done = store.transaction(async () => {
    begun.resolve();
    await held.promise;
  });
  await begun.promise;
  return { release: held.resolve, done };
}

/** Promises created while `work` runs. */
async function promisesCreated(work: () => Promise<unknown>): Promise<number> {
  let created = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "PROMISE") created++;
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return created;
}

const reads = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => store.users.get(`nobody-${i}`)));

/** Promises created while `n` reads wait for the one connection at once, per read. */
async function promisesPerQueuedRead(n: number): Promise<number> {
  const { release, done } = await holdConnection();
  const created = await promisesCreated(async () => {
    const waiting = reads(n);
    release();
    await Promise.all([waiting, done]);
  });
  return created / n;
}

describe("the SQLite connection's queue", () => {
  it("serves a read at the same cost however many reads wait before it", async () => {
    await promisesPerQueuedRead(10);
    const few = await promisesPerQueuedRead(50);
    const many = await promisesPerQueuedRead(500);
    // Kysely's own lock wakes every waiter on each release: 500 waiters made each read create
    // several times the promises 50 did.
    expect(many).toBeLessThanOrEqual(few * 1.05);
  });

  it("runs a read on an idle connection at once, outside the queue", async () => {
    const queued = await promisesPerQueuedRead(50);
    const idle = (await promisesCreated(() => reads(50))) / 50;
    expect(idle).toBeLessThan(queued / 2);
  });

  it("never lets a read in while a transaction holds the connection", async () => {
    const id = fresh("u");
    const written = deferred();
    const failing = deferred();
    const tx = store.transaction(async (t) => {
      await addUser(t, { id });
      written.resolve();
      await failing.promise;
      throw new Error("rolled back");
    });
    await written.promise;
    // The transaction's row is written but not committed, on the same connection: a read now
    // must wait for the transaction, then find nothing.
    const read = store.users.get(id);
    failing.resolve();
    await expect(tx).rejects.toThrow("rolled back");
    expect(await read).toBeUndefined();
  });
});
