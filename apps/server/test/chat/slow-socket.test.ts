import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

const BACKLOG_LIMIT = 64 * 1024;
/** Messages of 5,000 characters (the default limit): ~9 MB, more than the kernel's buffers hold. */
const SENT = 1600;

let s: TestServer;
let ana: TestUser;
let bob: TestUser;

beforeAll(async () => {
  s = await startTestServer({}, { socketBacklogLimit: BACKLOG_LIMIT });
  [ana, bob] = (await s.users(2)) as [TestUser, TestUser];
});
afterAll(() => s.close());

describe("a socket that does not keep up", () => {
  it("is closed with 1001 once its backlog passes the limit, after whole frames in order", async () => {
    const id = uniqueName("slow");
    const path = `/channels/messaging/${id}`;
    const cid = `messaging:${id}`;
    const created = await s.chat(ana.token, "POST", `${path}/query`, { data: { members: [bob.id] } });
    const slow = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    slow.send({ type: "watch", channels: [{ cid, since: created.body.last_seq }] });
    await slow.next((f) => f.type === "watch.ok");
    slow.ws.pause();

    try {
      const text = "x".repeat(4_990);
      for (let i = 0; i < SENT; i += 8) {
        const batch = Array.from({ length: 8 }, (_v, j) =>
          s.chat(ana.token, "POST", `${path}/messages`, { message: { text: `${i + j} ${text}` } }),
        );
        for (const r of await Promise.all(batch)) expect(r.status).toBe(201);
      }
    } finally {
      slow.ws.resume();
    }
    expect(await slow.closed).toEqual({ code: 1001, reason: "too slow; reconnect and resume" });
    const got = slow.frames.filter((f) => f.type === "message.new");
    expect(got.length).toBeLessThan(SENT);
    // Frames stop whole and in order: what arrived is the channel's first messages, each complete.
    expect(got.map((f) => f.message.seq)).toEqual(got.map((_f, i) => created.body.last_seq + 1 + i));
    for (const f of got) expect(f.message.text).toMatch(/^\d+ x{4990}$/);
  });
});

describe("a user whose sockets do not keep up", () => {
  it("has them closed once together they hold more than the user's limit, though each is under its own", async () => {
    const server = await startTestServer(
      {},
      { socketBacklogLimit: 256 * 1024, userBacklogLimit: 384 * 1024 },
    );
    try {
      const [sender, many, one] = (await server.users(3)) as [TestUser, TestUser, TestUser];
      const id = uniqueName("slowuser");
      const path = `/channels/messaging/${id}`;
      const cid = `messaging:${id}`;
      const created = await server.chat(sender.token, "POST", `${path}/query`, {
        data: { members: [many.id, one.id] },
      });
      const tabs = [many, many, one];
      const sockets = await Promise.all(tabs.map((u) => authedSocket(server.wsUrl, server.apiKey, u.token)));
      for (const sock of sockets) {
        sock.send({ type: "watch", channels: [{ cid, since: created.body.last_seq }] });
        await sock.next((f) => f.type === "watch.ok");
        sock.ws.pause();
      }
      const text = "x".repeat(4_990);
      for (let i = 0; i < SENT; i += 8) {
        const batch = Array.from({ length: 8 }, (_v, j) =>
          server.chat(sender.token, "POST", `${path}/messages`, { message: { text: `${i + j} ${text}` } }),
        );
        for (const r of await Promise.all(batch)) expect(r.status).toBe(201);
      }
      for (const sock of sockets) sock.ws.resume();
      const closes = await Promise.all(sockets.map((sock) => sock.closed));
      expect(closes).toEqual([
        { code: 1001, reason: "too slow across this user's connections; reconnect and resume" },
        { code: 1001, reason: "too slow across this user's connections; reconnect and resume" },
        { code: 1001, reason: "too slow; reconnect and resume" },
      ]);
    } finally {
      await server.close();
    }
  });
});
