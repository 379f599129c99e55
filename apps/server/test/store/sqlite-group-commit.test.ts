import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { AccountRow, Store } from "../../src/store/store.js";
import {
  accountRow,
  addChannel,
  addUser,
  inOneTurn,
  MESSAGE_WRITES_SETTLE,
  messageRow,
  messageWritesInOneTurn,
} from "../../src/store/testing/fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "parley-group-commit-"));
let store: Store;
beforeAll(async () => {
  store = await openSqliteStore({ filename: join(dir, "group-commit.db") });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const insertAccount = (row: AccountRow) => () => store.transaction((tx) => tx.accounts.insert(row));

describe("SQLite group commit", () => {
  it("commits the transactions that arrive in one turn together, once", async () => {
    const before = store.commitStats?.() ?? { commits: 0, transactions: 0 };
    const rows = Array.from({ length: 10 }, () => accountRow());
    const settled = await inOneTurn(rows.map(insertAccount));
    expect(settled.map((s) => s.status)).toEqual(rows.map(() => "fulfilled"));
    for (const row of rows) expect(await store.accounts.get(row.id)).toEqual(row);
    expect(store.commitStats?.()).toEqual({
      commits: before.commits + 1,
      transactions: before.transactions + 10,
    });
  });

  it("undoes only the transaction that fails, and commits the rest of its batch", async () => {
    const before = store.commitStats?.() ?? { commits: 0, transactions: 0 };
    const [a, b, c] = [accountRow(), accountRow(), accountRow()];
    const boom = new Error("boom");
    const settled = await inOneTurn([
      insertAccount(a),
      () =>
        store.transaction(async (tx) => {
          await tx.accounts.insert(b);
          throw boom;
        }),
      insertAccount(c),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((settled[1] as PromiseRejectedResult).reason).toBe(boom);
    expect(await store.accounts.get(a.id)).toEqual(a);
    expect(await store.accounts.get(b.id)).toBeUndefined();
    expect(await store.accounts.get(c.id)).toEqual(c);
    expect(store.commitStats?.()).toEqual({
      commits: before.commits + 1,
      transactions: before.transactions + 3,
    });
  });

  it("lets requests read while the server was busy writing join the batch before them", async () => {
    // A transaction queued from a socket read; before its batch starts, the server writes (as it
    // flushes a fan-out at the end of a turn) and meanwhile another request arrives on a socket.
    const before = store.commitStats?.() ?? { commits: 0, transactions: 0 };
    const [a, b] = [accountRow(), accountRow()];
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const pair = async (): Promise<[Socket, Socket]> => {
      const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
      const client = connect(port, "127.0.0.1");
      return [client, await accepted];
    };
    const [first, peer] = await pair();
    const [late, latePeer] = await pair();
    const done: Promise<void>[] = [];
    latePeer.once("data", () => done.push(insertAccount(b)()));
    peer.once("data", () => {
      done.push(insertAccount(a)());
      setImmediate(() => late.write("b"));
    });
    first.write("a");
    await expect.poll(() => done.length).toBe(2);
    await Promise.all(done);
    expect(store.commitStats?.()).toEqual({
      commits: before.commits + 1,
      transactions: before.transactions + 2,
    });
    for (const s of [first, late, peer, latePeer]) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers a lone transaction with its own commit", async () => {
    const before = store.commitStats?.() ?? { commits: 0, transactions: 0 };
    const row = accountRow();
    await insertAccount(row)();
    expect(await store.accounts.get(row.id)).toEqual(row);
    expect(store.commitStats?.()).toEqual({
      commits: before.commits + 1,
      transactions: before.transactions + 1,
    });
  });

  it("indexes a batch's messages at its commit, consistently with the messages as they end up", async () => {
    const user = await addUser(store);
    const ch = await addChannel(store);
    const row = (seq: number, text: string) => messageRow(ch.cid, user.id, seq, { text });
    const [a, b, c, d] = [row(1, "alpha"), row(2, "bravo"), row(3, "charlie"), row(4, "delta")];
    await store.messages.insert(d);
    const before = store.commitStats?.() ?? { commits: 0, transactions: 0 };
    const settled = await messageWritesInOneTurn(store, [a, b, c, d], "alpine", "delta again");
    expect(settled.map((s) => s.status)).toEqual(MESSAGE_WRITES_SETTLE);
    expect(store.commitStats?.().commits).toBe(before.commits + 1);
    const raw = new SQLite(join(dir, "group-commit.db"));
    try {
      // FTS5 checks its index is whole: an entry deleted that was never indexed, or indexed twice,
      // fails here even where a search would not tell.
      raw.prepare("insert into messages_fts (messages_fts) values ('integrity-check')").run();
      const indexed = raw
        .prepare("select rowid from messages_fts where messages_fts match ? order by rowid")
        .pluck();
      const rowid = (id: string) => raw.prepare("select rowid from messages where id = ?").pluck().get(id);
      expect(indexed.all("alpine")).toEqual([rowid(a.id)]);
      expect(indexed.all("alpha OR bravo OR charlie")).toEqual([]);
      expect(indexed.all("delta")).toEqual([rowid(d.id)]);
      expect(raw.prepare("select count(*) from messages_fts_pending").pluck().get()).toBe(0);
    } finally {
      raw.close();
    }
  });
});
