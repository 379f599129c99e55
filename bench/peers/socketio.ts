/**
 * socketio: Socket.IO 4 with rooms, the same `message.new` event as Parley. Options by env:
 * SIO_REDIS_URL — the Redis adapter (several nodes); SIO_RECOVERY=1 — connection-state
 * recovery (missed packets replayed on reconnect); SIO_PERSIST=1 — the same SQLite insert as
 * minimal-persist before the broadcast.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createAdapter } from "@socket.io/redis-adapter";
import SQLite from "better-sqlite3";
import { Redis } from "ioredis";
import { Server, type ServerOptions } from "socket.io";
import { ready, serve } from "../lib/child-ipc.js";
import { messageNew, type PeerUser, peerUser } from "./event.js";

const options: Partial<ServerOptions> = { transports: ["websocket"], serveClient: false };
if (process.env.SIO_RECOVERY === "1") {
  options.connectionStateRecovery = { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true };
}
const redis = process.env.SIO_REDIS_URL;
let closeRedis = () => {};
if (redis) {
  const pub = new Redis(redis);
  const sub = pub.duplicate();
  options.adapter = createAdapter(pub, sub, { key: process.env.SIO_REDIS_KEY ?? "bench-sio" });
  closeRedis = () => {
    pub.disconnect();
    sub.disconnect();
  };
}

let persist: ((m: Record<string, unknown>) => void) | undefined;
if (process.env.SIO_PERSIST === "1") {
  const dir = process.env.DATA_DIR ?? "./data";
  mkdirSync(dir, { recursive: true });
  const db = new SQLite(join(dir, "socketio.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(`create table if not exists messages (
    id text primary key, cid text not null, user_id text not null, text text not null,
    seq integer not null, created_at text not null)`);
  db.exec("create index if not exists messages_cid_seq on messages (cid, seq)");
  const insert = db.prepare(
    "insert into messages (id, cid, user_id, text, seq, created_at) values (@id, @cid, @userId, @text, @seq, @at)",
  );
  persist = (m) => insert.run(m);
}

const http = createServer();
const io = new Server(http, options);
const seqs = new Map<string, number>();

io.use((socket, next) => {
  const id = (socket.handshake.auth as { user_id?: unknown }).user_id;
  if (typeof id !== "string") return next(new Error("user_id required"));
  socket.data.user = peerUser(id);
  next();
});

io.on("connection", (socket) => {
  const user = socket.data.user as PeerUser;
  socket.on("watch", (cids: string[], ack: (r: unknown) => void) => {
    socket.join(cids);
    ack({ last_seq: Object.fromEntries(cids.map((c) => [c, seqs.get(c) ?? 0])) });
  });
  socket.on(
    "send",
    (f: { cid: string; message: { id: string; text: string } }, ack: (r: unknown) => void) => {
      const seq = (seqs.get(f.cid) ?? 0) + 1;
      const at = new Date().toISOString();
      try {
        persist?.({ id: f.message.id, cid: f.cid, userId: user.id, text: f.message.text, seq, at });
      } catch (err) {
        ack({ ok: false, error: String(err) });
        return;
      }
      seqs.set(f.cid, seq);
      io.to(f.cid).emit("message.new", messageNew(f.cid, user, f.message.id, f.message.text, seq, at));
      ack({ ok: true });
    },
  );
});

http.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1", () => {
  serve({ connections: () => io.engine.clientsCount }, async () => {
    io.disconnectSockets(true);
    closeRedis();
  });
  ready({ port: (http.address() as AddressInfo).port });
});
