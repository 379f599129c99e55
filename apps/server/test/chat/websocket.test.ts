import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket, rawSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: TestUser;
let bob: TestUser;
let eve: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  [ana, bob, eve] = (await s.users(3)) as [TestUser, TestUser, TestUser];
});
afterAll(() => s.close());

async function channel(members: string[]) {
  const id = uniqueName("w");
  const r = await s.chat(ana.token, "POST", `/channels/messaging/${id}/query`, { data: { members } });
  return {
    id,
    cid: `messaging:${id}`,
    path: `/channels/messaging/${id}`,
    lastSeq: r.body.last_seq as number,
  };
}

describe("websocket authentication", () => {
  it("answers connection.ok with the user and unread totals", async () => {
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "auth", api_key: s.apiKey, token: ana.token });
    const ok = await sock.next((f) => f.type === "connection.ok");
    expect(ok.connection_id).toMatch(/[0-9a-f-]{36}/);
    expect(ok.me).toMatchObject({ id: ana.id, online: true, total_unread_count: 0 });
    sock.close();
  });

  it.each([
    ["a forged token", { token: "x.y.z" }, "token_invalid"],
    ["a wrong api key", { api_key: "wrong-key" }, "invalid_api_key"],
  ])("closes with 4001 on %s", async (_n, over, code) => {
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "auth", api_key: s.apiKey, token: ana.token, ...over });
    expect((await sock.next((f) => f.type === "error")).code).toBe(code);
    expect((await sock.closed).code).toBe(4001);
  });

  it("refuses frames before auth but keeps the socket", async () => {
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "watch", channels: [{ cid: "messaging:x" }] });
    expect((await sock.next((f) => f.type === "error")).code).toBe("not_authenticated");
    sock.send({ type: "auth", api_key: s.apiKey, token: ana.token });
    await sock.next((f) => f.type === "connection.ok");
    sock.close();
  });

  it("answers frames sent right behind auth once it has answered connection.ok", async () => {
    const ch = await channel([bob.id]);
    for (let i = 0; i < 3; i++)
      await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: `q${i}` } });
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "auth", api_key: s.apiKey, token: bob.token });
    sock.send({ type: "watch", req_id: "w1", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    sock.send({ type: "auth", api_key: s.apiKey, token: bob.token, req_id: "again" });
    expect((await sock.next((f) => f.type === "watch.ok")).replayed).toBe(3);
    expect((await sock.next((f) => f.type === "error")).req_id).toBe("again");
    // connection.ok first; then each frame's answer as it completes (a refusal needs no reads)
    expect(sock.frames[0].type).toBe("connection.ok");
    expect(sock.frames.filter((f) => f.type === "message.new").map((f) => f.message.text)).toEqual([
      "q0",
      "q1",
      "q2",
    ]);
    expect(sock.frames).toHaveLength(6);
    sock.close();
  });

  it("drops what was sent behind a refused auth, answering nothing but the refusal", async () => {
    const ch = await channel([bob.id]);
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "auth", api_key: s.apiKey, token: "not-a-token" });
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: 0 }] });
    expect((await sock.closed).code).toBe(4001);
    expect(sock.frames.map((f) => [f.type, f.code])).toEqual([["error", "token_invalid"]]);
  });

  it("refuses a foreign Origin with 403 before the upgrade", async () => {
    await expect(rawSocket(s.wsUrl, { origin: "https://evil.example" })).rejects.toThrow(
      "upgrade refused: 403",
    );
    const own = new URL(s.wsUrl.replace(/^ws/, "http")).origin;
    const sock = await rawSocket(s.wsUrl, { origin: own });
    sock.send({ type: "auth", api_key: s.apiKey, token: ana.token });
    await sock.next((f) => f.type === "connection.ok");
    sock.close();
  });

  it.each([
    ["a foreign Origin", "/chat/connect", { origin: "https://evil.example" }, 403, "forbidden"],
    ["another path", "/chat/elsewhere", {}, 404, "not_found"],
  ])("answers an upgrade from %s with a JSON error", async (_n, path, headers, status, code) => {
    const res = await upgradeRefusal(new URL(path, s.wsUrl.replace(/^ws/, "http")), headers);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body).error.code).toBe(code);
  });

  it("closes every socket, authenticated or not, with 1001 when the server shuts down", async () => {
    const own = await startTestServer({ SINGLE_NODE: "1" });
    const u = await own.signup();
    const waiting = await rawSocket(own.wsUrl);
    const authed = await authedSocket(own.wsUrl, own.apiKey, u.streamToken);
    await own.close();
    expect((await waiting.closed).code).toBe(1001);
    expect((await authed.closed).code).toBe(1001);
  });
});

/** Sends an upgrade request that the server refuses; resolves with its HTTP answer. */
function upgradeRefusal(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        ...headers,
      },
    });
    req.on("upgrade", () => reject(new Error("the server accepted the upgrade")));
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d: Buffer) => {
        body += d.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("websocket frames", () => {
  it("answers malformed, unknown and invalid frames with error frames and survives", async () => {
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.send("{not json");
    expect((await sock.next((f) => f.code === "malformed_frame")).message).toMatch(/JSON/);
    sock.send({ type: "dance", req_id: "r1" });
    expect(await sock.next((f) => f.code === "unknown_frame")).toMatchObject({ req_id: "r1" });
    sock.send({ type: "watch", channels: "nope", req_id: "r2" });
    expect(await sock.next((f) => f.code === "validation")).toMatchObject({ req_id: "r2" });
    sock.send({ type: "watch", channels: [{ cid: "messaging:bad id" }], req_id: "r4" });
    expect((await sock.next((f) => f.req_id === "r4")).message).toMatch(/cid must be type:id/);
    sock.send({ type: "typing.start", cid: "no-colon", req_id: "r5" });
    expect(await sock.next((f) => f.req_id === "r5")).toMatchObject({ type: "error", code: "validation" });
    sock.send({ type: "health.check", req_id: "r3" });
    expect(await sock.next((f) => f.type === "health.check")).toMatchObject({ req_id: "r3" });
    sock.close();
  });

  it("closes a frame over 64 KiB with 1009", async () => {
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.send({ type: "health.check", pad: "x".repeat(70 * 1024) });
    expect((await sock.closed).code).toBe(1009);
  });

  it("closes a text frame that is not valid UTF-8 with 1007", async () => {
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await sock.closed).code).toBe(1007);
  });
});

describe("events", () => {
  it("delivers message events in seq order to watchers, and notifications to members not watching", async () => {
    const ch = await channel([bob.id]);
    const watcher = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    watcher.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    await watcher.next((f) => f.type === "watch.ok" && f.cid === ch.cid);
    const other = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    for (let i = 0; i < 20; i++)
      await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: `e${i}` } });
    await watcher.next((f) => f.type === "message.new" && f.message.text === "e19");
    const got = watcher.frames.filter((f) => f.type === "message.new");
    expect(got.map((f) => f.message.text)).toEqual(Array.from({ length: 20 }, (_, i) => `e${i}`));
    const seqs = got.map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    await other.next((f) => f.type === "notification.message_new" && f.message.text === "e19");
    expect(other.frames.filter((f) => f.type === "message.new")).toHaveLength(0);
    watcher.close();
    other.close();
  });

  it("replays what a client missed after the seq it gives, then goes live", async () => {
    const ch = await channel([bob.id]);
    for (let i = 0; i < 5; i++)
      await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: `r${i}` } });
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    const ok = await sock.next((f) => f.type === "watch.ok");
    expect(ok.replayed).toBe(5);
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "live" } });
    await sock.next((f) => f.type === "message.new" && f.message.text === "live");
    expect(sock.frames.filter((f) => f.type === "message.new").map((f) => f.message.text)).toEqual([
      "r0",
      "r1",
      "r2",
      "r3",
      "r4",
      "live",
    ]);
    sock.close();
  });

  it("answers reset when the missed events are past retention", async () => {
    const ch = await channel([bob.id]);
    for (let i = 0; i < 3; i++)
      await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: `p${i}` } });
    await s.app.store.events.prune(new Date(Date.now() + 60_000).toISOString(), 1);
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    expect(await sock.next((f) => f.type === "reset")).toMatchObject({ cid: ch.cid, reason: "retention" });
    sock.close();
  });

  it("refuses to let a non-member watch a messaging channel and sends it nothing", async () => {
    const ch = await channel([bob.id]);
    const sock = await authedSocket(s.wsUrl, s.apiKey, eve.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: 0 }], req_id: "w" });
    expect(await sock.next((f) => f.type === "error")).toMatchObject({ code: "forbidden", cid: ch.cid });
    sock.send({ type: "typing.start", cid: ch.cid, req_id: "t" });
    expect(await sock.next((f) => f.type === "error" && f.req_id === "t")).toMatchObject({
      code: "forbidden",
    });
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "private" } });
    const probe = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    probe.send({ type: "watch", channels: [{ cid: ch.cid, since: 0 }] });
    await probe.next((f) => f.type === "message.new" && f.message.text === "private");
    expect(sock.frames.some((f) => JSON.stringify(f).includes("private"))).toBe(false);
    sock.close();
    probe.close();
  });

  it("stops a removed member's events and tells them", async () => {
    const ch = await channel([bob.id]);
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    await sock.next((f) => f.type === "watch.ok");
    await s.chat(ana.token, "POST", `${ch.path}/members`, { remove: [bob.id] });
    await sock.next((f) => f.type === "reset" && f.reason === "access");
    await s.chat(ana.token, "POST", `${ch.path}/messages`, { message: { text: "after removal" } });
    const witness = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    witness.send({ type: "watch", channels: [{ cid: ch.cid, since: 0 }] });
    await witness.next((f) => f.type === "message.new" && f.message.text === "after removal");
    expect(sock.frames.some((f) => f.message?.text === "after removal")).toBe(false);
    sock.close();
    witness.close();
  });

  it("relays typing to other watchers and presence changes", async () => {
    const ch = await channel([bob.id]);
    const b = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    b.send({ type: "watch", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    await b.next((f) => f.type === "watch.ok");
    const a = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    await b.next((f) => f.type === "user.presence.changed" && f.user.id === ana.id && f.user.online);
    a.send({ type: "typing.start", cid: ch.cid });
    expect(await b.next((f) => f.type === "typing.start")).toMatchObject({
      cid: ch.cid,
      parent_id: null,
      user: { id: ana.id },
    });
    a.send({ type: "typing.stop", cid: ch.cid });
    await b.next((f) => f.type === "typing.stop");
    // typing in a thread names the thread's parent
    a.send({ type: "typing.start", cid: ch.cid, parent_id: "parent-1" });
    expect(await b.next((f) => f.type === "typing.start" && f.parent_id === "parent-1")).toMatchObject({
      cid: ch.cid,
      user: { id: ana.id },
    });
    a.close();
    await b.next((f) => f.type === "user.presence.changed" && f.user.id === ana.id && !f.user.online);
    b.close();
  });

  it("closes the sockets of a session that signs out", async () => {
    const u = await s.signup();
    const sock = await authedSocket(s.wsUrl, s.apiKey, u.streamToken);
    await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signout", token: u.token }),
    });
    expect((await sock.closed).code).toBe(4004);
  });
});
