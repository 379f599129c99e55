import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/test-server.js";
import { authedSocket, type RawSocket } from "../helpers/ws-client.js";
import { ChildServer } from "../reliability/support/child-server.js";
import { openDb } from "../reliability/support/db.js";
import { chatCall, seedUsers } from "../reliability/support/users.js";

/**
 * SIGTERM with work in flight (docs/operations.md, "Rolling restart"): 150 `send` frames
 * pipelined on three sockets, the signal right behind them. Every send the server read is
 * answered (`send.ok`, or `unavailable` once the shutdown began) before its socket's 1001 close;
 * every acknowledged message is in the store and nothing unacknowledged is. A REST request in
 * flight finishes, and one that arrives behind it on the same kept-alive connection gets 503
 * `unavailable` in the API's error shape.
 */
const SENDS = 150;
const MAX_LATE = 600;
const SHUTTING_DOWN = "the server is shutting down; retry";
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** A raw keep-alive HTTP/1.1 connection: what is written goes as is; answers are parsed in order. */
class RawHttp {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  #data = Buffer.alloc(0);

  constructor(port: number) {
    this.socket = connect(port, "127.0.0.1");
    this.socket.on("data", (c: Buffer) => {
      this.#data = Buffer.concat([this.#data, c]);
    });
    this.socket.on("error", () => undefined);
    this.closed = new Promise((resolve) => this.socket.once("close", () => resolve()));
  }

  opened(): Promise<void> {
    return new Promise((resolve) => this.socket.once("connect", () => resolve()));
  }

  get answers(): HttpAnswer[] {
    const out: HttpAnswer[] = [];
    let rest = this.#data;
    for (;;) {
      const end = rest.indexOf("\r\n\r\n");
      if (end < 0) return out;
      const [statusLine = "", ...lines] = rest.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (rest.length < end + 4 + length) return out;
      const text = rest.subarray(end + 4, end + 4 + length).toString("utf8");
      out.push({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: text ? JSON.parse(text) : undefined,
      });
      rest = rest.subarray(end + 4 + length);
    }
  }

  async answer(n: number): Promise<HttpAnswer> {
    const deadline = Date.now() + 5_000;
    while (this.answers.length < n) {
      if (Date.now() > deadline) throw new Error(`no answer ${n} within 5 s`);
      await sleep(10);
    }
    return this.answers[n - 1]!;
  }
}

function request(server: ChildServer, token: string, method: string, path: string, body?: string): string {
  const sep = path.includes("?") ? "&" : "?";
  return (
    `${method} ${path}${sep}api_key=${server.appKey} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    `Authorization: Bearer ${token}\r\nConnection: keep-alive\r\n` +
    (body === undefined ? "\r\n" : `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`)
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sendFrame(i: number, cid: string) {
  return { type: "send", req_id: `r${i}`, cid, message: { id: `shut-${i}`, text: `in flight ${i}` } };
}

describe("SIGTERM with sends and requests in flight", () => {
  it("answers every send it read before the close, stores exactly those acknowledged, and 503s late requests", async () => {
    const server = await ChildServer.start({
      env: { RATE_LIMIT_PER_MINUTE: "0", SHUTDOWN_GRACE_MS: "10000" },
    });
    cleanups.push(() => server.dispose());
    const users = await seedUsers(server, ["sd0", "sd1", "sd2"]);
    const cids: string[] = [];
    for (const [i, u] of users.entries()) {
      const r = await chatCall(server, u.token, "POST", `/channels/messaging/shut${i}/query`, {
        data: { members: users.map((m) => m.id) },
      });
      expect(r.status).toBe(200);
      cids.push(`messaging:shut${i}`);
    }
    const wsUrl = `${server.url.replace("http", "ws")}/chat/connect`;
    const sockets: RawSocket[] = [];
    for (const u of users) sockets.push(await authedSocket(wsUrl, server.appKey, u.token));
    const closes = sockets.map((s) => s.closed);
    const owner = users[0]!.token;

    // A request in flight at the signal: its headers are in, its body is not.
    const busy = new RawHttp(server.port);
    await busy.opened();
    busy.socket.write(`${request(server, owner, "POST", "/chat/channels/messaging/shut0/query", "{}")}{`);
    // A kept-alive connection, idle at the signal.
    const idle = new RawHttp(server.port);
    await idle.opened();
    idle.socket.write(request(server, owner, "GET", "/chat/channels/messaging/shut0/messages"));
    expect((await idle.answer(1)).status).toBe(200);
    await sleep(50);

    const cidOf = (i: number) => cids[(i + Math.floor(i / sockets.length)) % cids.length]!;
    for (let i = 0; i < SENDS; i++) sockets[i % sockets.length]!.send(sendFrame(i, cidOf(i)));
    // The signal goes once the server is answering: most of the burst is still in flight then.
    await Promise.race(sockets.map((s) => s.next((f) => f.type === "send.ok")));
    const signalled = Date.now();
    const exited = server.kill("SIGTERM");

    // Sends keep coming until the sockets close: answered, refused, or (behind the close frame)
    // never handled.
    let late = SENDS;
    const stream = setInterval(() => {
      for (const s of sockets) {
        if (s.ws.readyState !== s.ws.OPEN || late >= SENDS + MAX_LATE) continue;
        s.send(sendFrame(late, cidOf(late)));
        late++;
      }
    }, 2);
    // The server is shutting down for sure once it refuses a send (or closes a socket).
    const never = new Promise<never>(() => undefined);
    await Promise.race([
      ...sockets.map((k) => k.next((f) => f.code === "unavailable", 10_000).catch(() => never)),
      ...closes,
    ]);
    idle.socket.write(request(server, owner, "GET", "/chat/channels/messaging/shut0/messages"));
    const fresh = await fetch(
      `${server.url}/chat/channels/messaging/shut0/messages?api_key=${server.appKey}`,
      {
        headers: { authorization: `Bearer ${owner}` },
      },
    ).then(
      async (res) => ({ status: res.status, body: await res.json() }),
      () => "refused" as const,
    );
    await sleep(200);
    busy.socket.write(`}${request(server, owner, "POST", "/chat/channels/messaging/shut0/query", "{}")}{}`);

    const closed = await Promise.all(closes);
    clearInterval(stream);
    await exited;
    await Promise.all([busy.closed, idle.closed]);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(closed.map((c) => c.code)).toEqual(sockets.map(() => 1001));

    // Every send the server read before the signal was answered before the close frame.
    const answers = new Map<string, any>();
    for (const s of sockets) {
      for (const f of s.frames) {
        if ((f.type === "send.ok" || f.type === "error") && f.req_id) answers.set(f.req_id, f);
      }
    }
    const unanswered = Array.from({ length: SENDS }, (_, i) => `r${i}`).filter((r) => !answers.has(r));
    expect(unanswered).toEqual([]);
    const refusals = [...answers.values()].filter((f) => f.type === "error");
    for (const f of refusals) {
      expect(f.code).toBe("unavailable");
      expect(f.message).toMatch(/shutting down/);
    }
    const acked = new Set([...answers.values()].filter((f) => f.type === "send.ok").map((f) => f.message.id));
    expect(acked.size).toBeGreaterThan(0);

    // The store holds exactly the acknowledged messages.
    const db = openDb(server.dataDir);
    const stored = new Set(
      (db.prepare("select id from messages where id like 'shut-%'").all() as { id: string }[]).map(
        (r) => r.id,
      ),
    );
    db.close();
    expect([...stored].filter((id) => !acked.has(id))).toEqual([]);
    expect([...acked].filter((id) => !stored.has(id))).toEqual([]);

    // The request in flight finished; the one behind it on that connection got the 503.
    const [finished, behind] = busy.answers;
    expect(finished?.status).toBe(200);
    expect(behind?.status).toBe(503);
    expect(behind?.body).toEqual({ error: { code: "unavailable", message: SHUTTING_DOWN } });
    expect(behind?.headers.connection).toBe("close");
    // From then on, an idle kept-alive connection gets the same 503 while the sends drain, or is
    // closed unanswered after; a new connection gets the 503 or is refused. Never served.
    const is503 = (a: { status: number; body: any }) =>
      a.status === 503 && a.body?.error?.code === "unavailable" && a.body.error.message === SHUTTING_DOWN;
    for (const a of idle.answers.slice(1)) expect(is503(a), JSON.stringify(a)).toBe(true);
    if (fresh !== "refused") expect(is503(fresh), JSON.stringify(fresh)).toBe(true);
    console.log(
      `shutdown: ${acked.size} acknowledged, ${refusals.length} refused, ` +
        `${late - answers.size} late sends unanswered; idle connection ` +
        `${idle.answers[1]?.status ?? "closed"}; new connection ${fresh === "refused" ? "refused" : fresh.status}`,
    );
  }, 60_000);
});

describe("App.close (the same path, in process) with sends in flight", () => {
  it("answers the sends in flight with send.ok and those read after it began with unavailable", async () => {
    const s = await startTestServer({ SINGLE_NODE: "1", LOG_LEVEL: "silent" });
    cleanups.push(() => s.close());
    const [a, b] = await s.users(2);
    await s.chat(a!.token, "POST", "/channels/messaging/drain/query", { data: { members: [a!.id, b!.id] } });
    const sockets = [
      await authedSocket(s.wsUrl, s.apiKey, a!.token),
      await authedSocket(s.wsUrl, s.apiKey, b!.token),
    ];
    const send = (i: number) =>
      sockets[i % 2]!.send({
        type: "send",
        req_id: `q${i}`,
        cid: "messaging:drain",
        message: { id: `drain-${i}`, text: `drain ${i}` },
      });
    for (let i = 0; i < 100; i++) send(i);
    await sockets[0]!.next((f) => f.type === "send.ok");
    const answeredBefore = new Set(
      sockets.flatMap((k) => k.frames.filter((f) => f.type === "send.ok").map((f) => f.req_id)),
    );
    // Read by the server only after close() has begun: refused, not stored.
    for (let i = 100; i < 130; i++) send(i);
    const closing = s.app.close();
    const closed = await Promise.all(sockets.map((k) => k.closed));
    await closing;
    expect(closed.map((c) => c.code)).toEqual([1001, 1001]);

    const answers = new Map<string, any>();
    for (const k of sockets)
      for (const f of k.frames) if (f.req_id?.startsWith("q")) answers.set(f.req_id, f);
    // The burst was read before close() began: all of it is answered.
    expect(Array.from({ length: 100 }, (_, i) => `q${i}`).filter((r) => !answers.has(r))).toEqual([]);
    // The frames behind it are refused, or (still on their way in at the close frame) never handled.
    const late = Array.from({ length: 30 }, (_, i) => answers.get(`q${100 + i}`)).filter(Boolean);
    expect(late.length).toBeGreaterThan(0);
    for (const f of late) expect(f).toMatchObject({ type: "error", code: "unavailable" });
    const acked = [...answers.values()].filter((f) => f.type === "send.ok");
    // Sends still in flight when close() began were answered, not cut off by the close.
    expect(acked.filter((f) => !answeredBefore.has(f.req_id)).length).toBeGreaterThan(0);
    const db = openDb(s.dataDir);
    const stored = (
      db.prepare("select id from messages where cid = 'messaging:drain'").all() as { id: string }[]
    )
      .map((r) => r.id)
      .sort();
    db.close();
    expect(stored).toEqual(acked.map((f) => f.message.id).sort());
  });
});
