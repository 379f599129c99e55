import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { addChannel, addUser, messageRow } from "../../src/store/testing/fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "parley-message-seq-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// SQLite keeps a message's (cid, seq) unique with triggers, not an index of its own (migration
// 0012): the store cannot move a message, so the update trigger is checked with plain SQL.
it("refuses to move a message onto a seq its channel has taken, and allows a free one", async () => {
  const file = join(dir, "seq.db");
  const store = await openSqliteStore({ filename: file });
  const [a, b] = [await addChannel(store), await addChannel(store)];
  const u = await addUser(store);
  const [first, second, other] = [
    messageRow(a.cid, u.id, 1),
    messageRow(a.cid, u.id, 2),
    messageRow(b.cid, u.id, 2),
  ];
  for (const m of [first, second, other]) await store.messages.insert(m);
  await store.close();
  const db = new SQLite(file);
  try {
    const move = db.prepare(
      "update messages set cid = coalesce(?, cid), seq = coalesce(?, seq) where id = ?",
    );
    const taken = "UNIQUE constraint failed: messages.cid, messages.seq";
    expect(() => move.run(null, 1, second.id)).toThrow(taken);
    expect(() => move.run(a.cid, null, other.id)).toThrow(taken);
    move.run(null, 2, second.id);
    move.run(null, 3, second.id);
    const seqs = db.prepare("select id, cid, seq from messages order by cid, seq").all();
    expect(seqs).toEqual(
      [
        { id: first.id, cid: a.cid, seq: 1 },
        { id: second.id, cid: a.cid, seq: 3 },
        { id: other.id, cid: b.cid, seq: 2 },
      ].sort((x, y) => (x.cid < y.cid ? -1 : x.cid > y.cid ? 1 : x.seq - y.seq)),
    );
  } finally {
    db.close();
  }
});
