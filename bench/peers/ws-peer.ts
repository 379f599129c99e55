/**
 * What the three `ws` peers share: Parley's WebSocket frames (auth → connection.ok, watch →
 * watch.ok, health.check) and a `send` frame Parley does not have (Parley sends over REST).
 * No auth check (the token is the user id), no permissions, no replay: the peers' floor.
 * Each peer passes how it broadcasts and, for minimal-persist, how it stores.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import { ready, serve } from "../lib/child-ipc.js";
import { messageNew, type PeerUser, peerUser } from "./event.js";

export interface PeerSocket extends WebSocket {
  user?: PeerUser;
}

export interface WsPeerOptions {
  /** Sends `json` to every socket in `room`. */
  broadcast(room: Set<PeerSocket>, json: string): void;
  /** Stores the message before it is broadcast (minimal-persist); throws to refuse it. */
  persist?(m: { id: string; cid: string; userId: string; text: string; seq: number; at: string }): void;
  onStop?(): void;
}

interface ClientFrame {
  type?: string;
  req_id?: string;
  token?: string;
  channels?: { cid: string }[];
  cid?: string;
  message?: { id: string; text: string };
}

export function runWsPeer(opts: WsPeerOptions): void {
  const rooms = new Map<string, Set<PeerSocket>>();
  const seqs = new Map<string, number>();
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: "/chat/connect", maxPayload: 64 * 1024 });

  wss.on("connection", (ws: PeerSocket) => {
    const joined: string[] = [];
    ws.on("message", (data: Buffer) => {
      let f: ClientFrame;
      try {
        f = JSON.parse(data.toString()) as ClientFrame;
      } catch {
        return;
      }
      const reply = (frame: object) => ws.send(JSON.stringify(frame));
      if (f.type === "auth" && f.token) {
        ws.user = peerUser(f.token);
        reply({ type: "connection.ok", connection_id: f.token, me: ws.user });
      } else if (!ws.user) {
        reply({ type: "error", code: "not_authenticated", message: "send auth first", req_id: f.req_id });
      } else if (f.type === "watch" && f.channels) {
        for (const { cid } of f.channels) {
          const room = rooms.get(cid) ?? new Set<PeerSocket>();
          rooms.set(cid, room);
          room.add(ws);
          joined.push(cid);
          reply({ type: "watch.ok", req_id: f.req_id, cid, last_seq: seqs.get(cid) ?? 0, replayed: 0 });
        }
      } else if (f.type === "send" && f.cid && f.message) {
        const seq = (seqs.get(f.cid) ?? 0) + 1;
        const at = new Date().toISOString();
        const { id, text } = f.message;
        try {
          opts.persist?.({ id, cid: f.cid, userId: ws.user.id, text, seq, at });
        } catch (err) {
          reply({ type: "error", code: "internal", message: String(err), req_id: f.req_id });
          return;
        }
        seqs.set(f.cid, seq);
        const json = JSON.stringify(messageNew(f.cid, ws.user, id, text, seq, at));
        const room = rooms.get(f.cid);
        if (room) opts.broadcast(room, json);
        reply({ type: "send.ok", req_id: f.req_id, id });
      }
    });
    ws.on("close", () => {
      for (const cid of joined) rooms.get(cid)?.delete(ws);
    });
    ws.on("error", () => ws.terminate());
  });

  http.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1", () => {
    serve({ connections: () => wss.clients.size }, async () => {
      for (const ws of wss.clients) ws.terminate();
      opts.onStop?.();
    });
    ready({ port: (http.address() as AddressInfo).port });
  });
}

export { WebSocket };
