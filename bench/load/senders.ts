import { Agent, request } from "node:http";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";
import type { PublishArgs, SendTarget } from "./types.js";

/** Sends one message as `target.user` into `target.cid`; resolves when the server acknowledged it. */
export type SendFn = (target: SendTarget, id: string, text: string) => Promise<void>;

export interface Sender {
  send: SendFn;
  close(): void;
}

/** Parley's REST send (`POST /chat/channels/{type}/{id}/messages`) over keep-alive connections. */
export function restSender(args: PublishArgs): Sender {
  const url = new URL(args.url);
  const agent = new Agent({
    keepAlive: true,
    maxSockets: Math.max(args.window, 64),
    localAddress: args.localAddress,
  });
  const send: SendFn = (t, id, text) =>
    new Promise<void>((resolve, reject) => {
      const [type, cidId] = t.cid.split(":") as [string, string];
      const body = JSON.stringify({ message: { id, text } });
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: `/chat/channels/${type}/${encodeURIComponent(cidId)}/messages?api_key=${args.apiKey}`,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${t.token}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            if (res.statusCode === 201 || res.statusCode === 200) resolve();
            else
              reject(new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`));
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** The `send` frame (Parley's and the peers') over one WebSocket per sending user, answered by `send.ok`. */
export async function wsSender(args: PublishArgs): Promise<Sender> {
  const sockets = new Map<string, WebSocket>();
  const waiting = new Map<string, { resolve(): void; reject(e: Error): void }>();
  for (const t of args.targets) {
    if (sockets.has(t.user)) continue;
    const ws = new WebSocket(args.url, { localAddress: args.localAddress, perMessageDeflate: false });
    sockets.set(t.user, ws);
    ws.on("close", () => {
      for (const w of [...waiting.values()]) w.reject(new Error("connection closed"));
    });
    await new Promise<void>((resolve, reject) => {
      ws.once("error", reject);
      ws.on("open", () => ws.send(JSON.stringify({ type: "auth", api_key: args.apiKey, token: t.token })));
      ws.on("message", (data: Buffer) => {
        const f = JSON.parse(data.toString()) as { type: string; req_id?: string; message?: string };
        if (f.type === "connection.ok") resolve();
        else if (f.type === "send.ok" && f.req_id) waiting.get(f.req_id)?.resolve();
        else if (f.type === "error" && f.req_id) waiting.get(f.req_id)?.reject(new Error(f.message));
      });
    });
  }
  const send: SendFn = (t, id, text) =>
    new Promise<void>((resolve, reject) => {
      waiting.set(id, {
        resolve: () => {
          waiting.delete(id);
          resolve();
        },
        reject: (e) => {
          waiting.delete(id);
          reject(e);
        },
      });
      sockets
        .get(t.user)
        ?.send(JSON.stringify({ type: "send", req_id: id, cid: t.cid, message: { id, text } }));
    });
  return {
    send,
    close: () => {
      for (const ws of sockets.values()) ws.terminate();
    },
  };
}

/** Socket.IO: `send` with an acknowledgement, one socket per sending user. */
export async function sioSender(args: PublishArgs): Promise<Sender> {
  const sockets = new Map<string, Socket>();
  for (const t of args.targets) {
    if (sockets.has(t.user)) continue;
    const s = io(args.url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: { user_id: t.user },
      localAddress: args.localAddress,
    } as Parameters<typeof io>[1]);
    sockets.set(t.user, s);
    await new Promise<void>((resolve, reject) => {
      s.once("connect", () => resolve());
      s.once("connect_error", reject);
    });
  }
  const send: SendFn = async (t, id, text) => {
    const ack = (await sockets
      .get(t.user)
      ?.timeout(30_000)
      .emitWithAck("send", { cid: t.cid, message: { id, text } })) as
      | { ok: boolean; error?: string }
      | undefined;
    if (!ack?.ok) throw new Error(ack?.error ?? "no ack");
  };
  return {
    send,
    close: () => {
      for (const s of sockets.values()) s.disconnect();
    },
  };
}
