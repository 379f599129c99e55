import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import type { Repos, Store } from "../../src/store/store.js";
import { accountRow, addChannel, at } from "../../src/store/testing/fixtures.js";
import { deferred } from "../helpers/deferred.js";
import { requirePostgres } from "../helpers/required-services.js";
import { createTestSchema, type TestSchema } from "./pg-test-schema.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("PostgreSQL group commit per key", () => {
  let schema: TestSchema;
  let store: Store;
  beforeAll(requirePostgres);
  beforeAll(async () => {
    schema = await createTestSchema(url!);
    store = await openPostgresStore({ url: url!, schema: schema.name });
  });
  afterAll(async () => {
    await store?.close();
    await schema?.drop();
  });

  /** Takes the channel's next seq and stores it as an event, the way a send does. */
  const appendSeq = (tx: Repos, cid: string) =>
    tx.channels.nextSeq(cid).then(async (seq) => {
      await tx.events.insert({ cid, seq, type: "t", payload: JSON.stringify({ seq }), created_at: at(seq) });
      return seq;
    });

  it("commits the transactions that queued behind a running one together, in the order asked for", async () => {
    const ch = await addChannel(store);
    const before = store.commitStats!();
    const gate = deferred();
    const entered = deferred();
    const first = store.transaction(async (tx) => {
      const seq = await appendSeq(tx, ch.cid);
      entered.resolve();
      await gate.promise;
      return seq;
    }, ch.cid);
    await entered.promise;
    const boom = new Error("boom");
    const account = accountRow();
    const queued = [
      store.transaction((tx) => appendSeq(tx, ch.cid), ch.cid),
      store.transaction(async (tx) => {
        await tx.accounts.insert(account);
        await appendSeq(tx, ch.cid);
        throw boom;
      }, ch.cid),
      store.transaction((tx) => appendSeq(tx, ch.cid), ch.cid),
    ];
    // Another key and no key at all do not wait for this one.
    const other = await addChannel(store);
    expect(await store.transaction((tx) => appendSeq(tx, other.cid), other.cid)).toBe(1);
    expect(await store.transaction((tx) => appendSeq(tx, other.cid))).toBe(2);
    gate.resolve();
    const settled = await Promise.allSettled([first, ...queued]);
    expect(settled).toEqual([
      { status: "fulfilled", value: 1 },
      { status: "fulfilled", value: 2 },
      { status: "rejected", reason: boom },
      { status: "fulfilled", value: 3 },
    ]);
    expect(await store.accounts.get(account.id)).toBeUndefined();
    const events = await store.events.range(ch.cid, 0, 10, 10);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await store.channels.get(ch.cid))?.last_seq).toBe(3);
    // The held one alone, the three behind it in one more; the other key's one apart.
    expect(store.commitStats!()).toEqual({
      commits: before.commits + 3,
      transactions: before.transactions + 5,
    });
  });

  it("undoes a lone transaction that fails, whole, and serves its key after", async () => {
    const ch = await addChannel(store);
    const before = store.commitStats!();
    const boom = new Error("boom");
    const account = accountRow();
    await expect(
      store.transaction(async (tx) => {
        await tx.accounts.insert(account);
        await appendSeq(tx, ch.cid);
        throw boom;
      }, ch.cid),
    ).rejects.toBe(boom);
    expect(await store.accounts.get(account.id)).toBeUndefined();
    expect((await store.channels.get(ch.cid))?.last_seq).toBe(0);
    expect(await store.transaction((tx) => appendSeq(tx, ch.cid), ch.cid)).toBe(1);
    expect(store.commitStats!()).toEqual({
      commits: before.commits + 1,
      transactions: before.transactions + 1,
    });
  });

  it("gives the pool's connection back between batches, so a waiting query goes first", async () => {
    const single = await openPostgresStore({ url: url!, schema: schema.name, poolSize: 1 });
    try {
      const ch = await addChannel(single);
      const gate = deferred();
      const entered = deferred();
      const order: string[] = [];
      const first = single.transaction(async (tx) => {
        entered.resolve();
        await gate.promise;
        return appendSeq(tx, ch.cid);
      }, ch.cid);
      await entered.promise;
      const second = single.transaction(async (tx) => {
        order.push("second batch");
        return appendSeq(tx, ch.cid);
      }, ch.cid);
      const read = single.channels.get(ch.cid).then((row) => {
        order.push("read");
        return row?.cid;
      });
      gate.resolve();
      expect(await Promise.all([first, second, read])).toEqual([1, 2, ch.cid]);
      expect(order).toEqual(["read", "second batch"]);
    } finally {
      await single.close();
    }
  });
});
