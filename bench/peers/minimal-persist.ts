/**
 * minimal-persist: `ws` + a better-sqlite3 insert + broadcast, no auth or checks — the floor
 * for a persisted send. Same durability as Parley (WAL, synchronous=FULL: committed before the
 * broadcast and the ack), one prepared insert per message.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { runWsPeer, WebSocket } from "./ws-peer.js";

const dir = process.env.DATA_DIR ?? "./data";
mkdirSync(dir, { recursive: true });
const db = new SQLite(join(dir, "minimal.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec(`create table if not exists messages (
  id text primary key, cid text not null, user_id text not null, text text not null,
  seq integer not null, created_at text not null)`);
db.exec("create index if not exists messages_cid_seq on messages (cid, seq)");
const insert = db.prepare(
  "insert into messages (id, cid, user_id, text, seq, created_at) values (@id, @cid, @userId, @text, @seq, @at)",
);

runWsPeer({
  persist(m) {
    insert.run(m);
  },
  broadcast(room, json) {
    for (const ws of room) if (ws.readyState === WebSocket.OPEN) ws.send(json);
  },
  onStop() {
    db.close();
  },
});
