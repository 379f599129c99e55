import { createHook } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";

let store: Store;
beforeAll(async () => {
  store = await openSqliteStore({ filename: ":memory:" });
});
afterAll(() => store.close());

/** Promises created while `n` reads wait for the one connection at once, per read. */
async function promisesPerRead(n: number): Promise<number> {
  let created = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "PROMISE") created++;
    },
  });
  hook.enable();
  try {
    await Promise.all(Array.from({ length: n }, (_, i) => store.users.get(`nobody-${i}`)));
  } finally {
    hook.disable();
  }
  return created / n;
}

describe("the SQLite connection's queue", () => {
  it("serves a read at the same cost however many reads wait before it", async () => {
    await promisesPerRead(10);
    const few = await promisesPerRead(50);
    const many = await promisesPerRead(500);
    // Kysely's own lock wakes every waiter on each release: 500 waiters made each read create
    // several times the promises 50 did.
    expect(many).toBeLessThanOrEqual(few * 1.05);
  });
});
