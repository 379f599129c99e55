import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket, type RawSocket, rawSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: TestUser;
let bob: TestUser;
let eve: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  [ana, bob, eve] = (await s.users(3)) as [TestUser, TestUser, TestUser];
});
afterAll(() => s.close());

async function channel(server: TestServer, token: string, members: string[]) {
  const id = uniqueName("ws");
  const r = await server.chat(token, "POST", `/channels/messaging/${id}/query`, { data: { members } });
  return { cid: `messaging:${id}`, path: `/channels/messaging/${id}`, lastSeq: r.body.last_seq as number };
}

async function texts(server: TestServer, token: string, path: string): Promise<string[]> {
  const r = await server.chat(token, "GET", `${path}/messages`);
  return r.body.messages.map((m: { text: string }) => m.text);
}

describe("sending over the WebSocket", () => {
  let sender: RawSocket;
  let watcher: RawSocket;
  beforeAll(async () => {
    [sender, watcher] = await Promise.all([
      authedSocket(s.wsUrl, s.apiKey, ana.token),
      authedSocket(s.wsUrl, s.apiKey, bob.token),
    ]);
  });
  afterAll(() => {
    sender.close();
    watcher.close();
  });

  it("answers send.ok with the stored message, which the channel's watchers get as message.new", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    watcher.send({ type: "watch", req_id: "w", channels: [{ cid: ch.cid, since: ch.lastSeq }] });
    await watcher.next((f) => f.type === "watch.ok" && f.cid === ch.cid);
    sender.send({ type: "send", req_id: "s1", cid: ch.cid, message: { text: "over the socket" } });
    const ok = await sender.next((f) => f.type === "send.ok" && f.req_id === "s1");
    expect(ok.created).toBe(true);
    expect(ok.message).toMatchObject({ cid: ch.cid, text: "over the socket", user: { id: ana.id } });
    // Committed before the answer: a read right after it finds the message.
    expect(await texts(s, bob.token, ch.path)).toEqual(["over the socket"]);
    const seen = await watcher.next((f) => f.type === "message.new" && f.cid === ch.cid);
    expect(seen.message.id).toBe(ok.message.id);
    expect(seen.seq).toBe(ch.lastSeq + 1);
  });

  it("applies a REST body's text rules to a send frame: NUL is refused by field and nothing is stored", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    for (const [i, message] of [{ text: "a\u0000b" }, { text: "\u0000" }].entries()) {
      sender.send({ type: "send", req_id: `nul${i}`, cid: ch.cid, message });
      const err = await sender.next((f) => f.type === "error" && f.req_id === `nul${i}`);
      expect(err.code).toBe("validation");
      expect(err.fields).toEqual({ "message.text": "must not contain NUL characters" });
      const rest = await s.chat(ana.token, "POST", `${ch.path}/messages`, { message });
      expect(rest.status).toBe(400);
      expect(rest.body.error.fields).toEqual(err.fields);
    }
    expect(await texts(s, bob.token, ch.path)).toEqual([]);
  });

  it("answers a retry with the same id, by either transport, with the original and stores one", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    const message = { id: uniqueName("m"), text: "once" };
    sender.send({ type: "send", req_id: "r1", cid: ch.cid, message });
    sender.send({ type: "send", req_id: "r2", cid: ch.cid, message });
    const first = await sender.next((f) => f.type === "send.ok" && f.req_id === "r1");
    const second = await sender.next((f) => f.type === "send.ok" && f.req_id === "r2");
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.message).toEqual(first.message);
    const rest = await s.chat(ana.token, "POST", `${ch.path}/messages`, { message });
    expect(rest.status).toBe(200);
    expect(rest.body.message.id).toBe(message.id);
    expect(await texts(s, ana.token, ch.path)).toEqual(["once"]);
  });

  it("stores one connection's sends to a channel in the order they were sent", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    const order = Array.from({ length: 8 }, (_, i) => `o${i}`);
    for (const text of order) sender.send({ type: "send", req_id: text, cid: ch.cid, message: { text } });
    const acks = await Promise.all(
      order.map((t) => sender.next((f) => f.type === "send.ok" && f.req_id === t)),
    );
    expect(await texts(s, ana.token, ch.path)).toEqual(order);
    const seqs: number[] = acks.map((a) => a.message.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  it("posts thread replies like the REST send", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    sender.send({ type: "send", req_id: "p", cid: ch.cid, message: { text: "parent" } });
    const parent = (await sender.next((f) => f.type === "send.ok" && f.req_id === "p")).message;
    sender.send({ type: "send", req_id: "t", cid: ch.cid, message: { text: "reply", parent_id: parent.id } });
    const reply = (await sender.next((f) => f.type === "send.ok" && f.req_id === "t")).message;
    expect(reply.parent_id).toBe(parent.id);
    const replies = await s.chat(ana.token, "GET", `/messages/${parent.id}/replies`);
    expect(replies.body.messages.map((m: { text: string }) => m.text)).toEqual(["reply"]);
  });

  it("refuses a send to a channel the user is not in, writing nothing", async () => {
    const ch = await channel(s, ana.token, [bob.id]);
    const intruder = await authedSocket(s.wsUrl, s.apiKey, eve.token);
    intruder.send({ type: "send", req_id: "x", cid: ch.cid, message: { text: "let me in" } });
    const err = await intruder.next((f) => f.type === "error" && f.req_id === "x");
    expect(err.code).toBe("forbidden");
    expect(await texts(s, ana.token, ch.path)).toEqual([]);
    expect(intruder.ws.readyState).toBe(intruder.ws.OPEN);
    intruder.close();
  });

  it.each([
    ["an empty message", { text: "" }, undefined],
    ["an unknown field", { text: "hi", color: "red" }, undefined],
    [
      "a parent that is not in the channel",
      { text: "hi", parent_id: "no-such-message" },
      "message.parent_id",
    ],
  ])("answers %s with a validation error frame and keeps the socket", async (_name, message, field) => {
    const ch = await channel(s, ana.token, [bob.id]);
    const reqId = uniqueName("bad");
    sender.send({ type: "send", req_id: reqId, cid: ch.cid, message });
    const err = await sender.next((f) => f.type === "error" && f.req_id === reqId);
    expect(err.code).toBe("validation");
    if (field) expect(Object.keys(err.fields)).toEqual([field]);
    expect(await texts(s, ana.token, ch.path)).toEqual([]);
    expect(sender.ws.readyState).toBe(sender.ws.OPEN);
  });

  it("refuses a send before auth", async () => {
    const sock = await rawSocket(s.wsUrl);
    sock.send({ type: "send", req_id: "early", cid: "messaging:x", message: { text: "hi" } });
    expect((await sock.next((f) => f.type === "error" && f.req_id === "early")).code).toBe(
      "not_authenticated",
    );
    sock.close();
  });
});

describe("the WebSocket's send limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: "4" });
  });
  afterAll(() => limited.close());

  it("answers sends past RATE_LIMIT_PER_MINUTE on one connection with rate_limited and stores none of them", async () => {
    const a = await limited.signup();
    const ch = await channel(limited, a.streamToken, [a.user.id]);
    const sock = await authedSocket(limited.wsUrl, limited.apiKey, a.streamToken);
    for (let i = 0; i < 6; i++)
      sock.send({ type: "send", req_id: `n${i}`, cid: ch.cid, message: { text: `m${i}` } });
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => sock.next((f) => f.req_id === `n${i}` && f.type !== "watch.ok")),
    );
    expect(answers.map((f) => f.type)).toEqual([
      "send.ok",
      "send.ok",
      "send.ok",
      "send.ok",
      "error",
      "error",
    ]);
    expect(answers[4].code).toBe("rate_limited");
    expect(answers[4].message).toMatch(/at most 4 a minute/);
    sock.close();
    const stored = await limited.chat(a.streamToken, "GET", `${ch.path}/messages`);
    expect(stored.body.messages.map((m: { text: string }) => m.text)).toEqual(["m0", "m1", "m2", "m3"]);
  });
});
