import { authedSocket, type RawSocket, rawSocket } from "../helpers/ws-client.js";
import type { Outcome } from "./roles.js";
import { A, type Cell, D, type Row, row } from "./row.js";

/** Authenticates as `c.me`; null when the server refuses (error frame and close). */
async function connect(c: Cell): Promise<RawSocket | null> {
  const sock = await rawSocket(c.s.wsUrl);
  sock.send({ type: "auth", api_key: c.s.apiKey, token: c.me.token });
  const first = await Promise.race([
    sock.next((f) => f.type === "connection.ok" || f.type === "error", 5000),
    sock.closed.then(() => ({ type: "closed" })),
  ]);
  if (first.type === "connection.ok") return sock;
  sock.close();
  return null;
}

/**
 * Runs `fn` on an authenticated socket of the cell's user (deny when authentication fails); a
 * user with a socket opened before the cast was set up uses that one.
 */
async function onSocket(c: Cell, fn: (sock: RawSocket) => Promise<Outcome>): Promise<Outcome> {
  if (c.me.socket) return fn(c.me.socket);
  const sock = await connect(c);
  if (!sock) return D;
  try {
    return await fn(sock);
  } finally {
    sock.close();
  }
}

let n = 0;
const reqId = () => `az${n++}`;

/** Waits until every frame sent to `sock` before now has arrived (a health.check round trip). */
async function flush(sock: RawSocket): Promise<void> {
  const id = reqId();
  sock.send({ type: "health.check", req_id: id });
  await sock.next((f) => f.type === "health.check" && f.req_id === id, 5000);
}

async function watch(c: Cell, sock: RawSocket): Promise<Outcome> {
  const id = reqId();
  sock.send({ type: "watch", req_id: id, channels: [{ cid: c.fx.cid, since: 0 }] });
  const f = await sock.next((x) => x.req_id === id && (x.type === "watch.ok" || x.type === "error"), 5000);
  return f.type === "watch.ok" ? A : f.code === "forbidden" || f.code === "not_found" ? D : `error ${f.code}`;
}

/** The owner watches; the cell's user types; allow when the owner sees it, deny on an error frame. */
async function typing(c: Cell, type: "typing.start" | "typing.stop"): Promise<Outcome> {
  const owner = await authedSocket(c.s.wsUrl, c.s.apiKey, c.cast.owner.token);
  try {
    owner.send({ type: "watch", req_id: "w", channels: [{ cid: c.fx.cid }] });
    await owner.next((f) => f.type === "watch.ok");
    return await onSocket(c, async (sock) => {
      const id = reqId();
      sock.send({ type, cid: c.fx.cid, req_id: id });
      const seen = await Promise.race([
        owner.next((f) => f.type === type && f.user?.id === c.me.id, 5000).then(() => A),
        sock
          .next((f) => f.type === "error" && f.req_id === id, 5000)
          .then((f) => (f.code === "forbidden" ? D : f.code)),
      ]);
      return seen;
    });
  } finally {
    owner.close();
  }
}

/** The cell's user watches (if allowed); the owner posts; allow when the post reaches the user. */
async function events(c: Cell): Promise<Outcome> {
  const owner = await authedSocket(c.s.wsUrl, c.s.apiKey, c.cast.owner.token);
  try {
    owner.send({ type: "watch", req_id: "w", channels: [{ cid: c.fx.cid }] });
    await owner.next((f) => f.type === "watch.ok");
    return await onSocket(c, async (sock) => {
      await watch(c, sock);
      const text = `event for ${c.role} ${reqId()}`;
      await c.s.chat(c.cast.owner.token, "POST", `${c.fx.path}/messages`, { message: { text } });
      await owner.next((f) => f.type === "message.new" && f.message.text === text, 5000);
      await flush(sock);
      const got = sock.frames.some(
        (f) =>
          (f.type === "message.new" || f.type === "notification.message_new") && f.message?.text === text,
      );
      return got ? A : D;
    });
  } finally {
    owner.close();
  }
}

// Columns:                                          out non ex  mem mod adm ban (demoted admin: as non)
/** Every WebSocket frame, and who receives the channel's events. */
export const websocketRows: Row[] = [
  row("authenticate (auth frame)", [D, A, A, A, A, A, A], (c) => onSocket(c, async () => A)),
  row("health.check", [D, A, A, A, A, A, A], (c) =>
    onSocket(c, async (sock) => {
      await flush(sock);
      return A;
    }),
  ),
  row("watch the channel", [D, D, D, A, A, A, A], (c) => onSocket(c, (sock) => watch(c, sock))),
  row("receive the channel's events", [D, D, D, A, A, A, A], events),
  row("unwatch the channel", [D, A, A, A, A, A, A], (c) =>
    onSocket(c, async (sock) => {
      const id = reqId();
      sock.send({ type: "unwatch", cids: [c.fx.cid], req_id: id });
      await flush(sock);
      return sock.frames.some((f) => f.type === "error" && f.req_id === id) ? D : A;
    }),
  ),
  row("send a message (send frame)", [D, D, D, A, A, A, D], (c) =>
    onSocket(c, async (sock) => {
      const id = reqId();
      sock.send({ type: "send", req_id: id, cid: c.fx.cid, message: { text: `frame from ${c.role}` } });
      const f = await sock.next((x) => x.req_id === id && (x.type === "send.ok" || x.type === "error"), 5000);
      return f.type === "send.ok"
        ? A
        : f.code === "forbidden" || f.code === "not_found"
          ? D
          : `error ${f.code}`;
    }),
  ),
  row("typing.start", [D, D, D, A, A, A, D], (c) => typing(c, "typing.start")),
  row("typing.stop", [D, D, D, A, A, A, D], (c) => typing(c, "typing.stop")),
  // Says nothing back; an error frame would name its req_id before the health.check answer.
  row("focus (a tab says it is visible and focused)", [D, A, A, A, A, A, A], (c) =>
    onSocket(c, async (sock) => {
      const id = reqId();
      sock.send({ type: "focus", focused: true, req_id: id });
      return Promise.race([
        flush(sock).then(() => A),
        sock.next((f) => f.type === "error" && f.req_id === id, 5000).then((f) => `error ${f.code}`),
      ]);
    }),
  ),
];
