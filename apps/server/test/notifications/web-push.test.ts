/**
 * Web Push end to end without the internet: a push service on 127.0.0.1 receives what the server
 * sends; the test decrypts each payload with the device's private key (RFC 8291) and checks the
 * VAPID JWT (RFC 8292) against the server's public key. Then who gets a push: the notify rule
 * (levels, mutes, DND, own messages), a focused tab, and one push per message per device.
 */
import { createPublicKey } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushEndpoint, type TestDevice } from "../helpers/push-endpoint.js";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
const push = new PushEndpoint();

beforeAll(async () => {
  await push.start();
  s = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: "true", PUBLIC_URL: "https://chat.example.com" });
});
afterAll(async () => {
  await s.close();
  await push.close();
});

async function subscribe(user: TestUser, name = uniqueName("dev")): Promise<TestDevice> {
  const device = push.device(name);
  const res = await s.chat(user.token, "POST", "/push/subscriptions", device.json);
  expect(res.status).toBe(201);
  return device;
}

/** Everything queued has been planned and every due push sent (whichever node holds the lease). */
async function settled(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    for (const node of s.nodes) await node.push.runOnce();
    const store = s.app.store;
    const queued = await store.notifications.queued(1);
    const due = await store.notifications.dueDeliveries("9999-12-31T00:00:00.000Z", 1);
    if (queued.length === 0 && due.every((d) => d.attempts > 0)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the push worker did not settle");
}

async function dm(from: TestUser, to: TestUser, text: string, extra: Record<string, unknown> = {}) {
  const ch = await s.chat(from.token, "POST", "/channels/messaging/query", { data: { members: [to.id] } });
  const cid: string = ch.body.channel.cid;
  const res = await s.chat(from.token, "POST", `/channels/${cid.replace(":", "/")}/messages`, {
    message: { text, ...extra },
  });
  expect(res.status).toBe(201);
  return { cid, message: res.body.message };
}

async function group(owner: TestUser, members: TestUser[]) {
  const id = uniqueName("g");
  await s.chat(owner.token, "POST", `/channels/messaging/${id}/query`, {
    data: { name: `Group ${id}`, members: members.map((m) => m.id) },
  });
  const say = async (who: TestUser, text: string, extra: Record<string, unknown> = {}) => {
    const res = await s.chat(who.token, "POST", `/channels/messaging/${id}/messages`, {
      message: { text, ...extra },
    });
    expect(res.status).toBe(201);
    return res.body.message;
  };
  return { id, cid: `messaging:${id}`, say };
}

describe("Web Push", () => {
  it("sends a DM encrypted for the device and signed with the server's VAPID key", async () => {
    const [ana, bob] = await s.users(2);
    const device = await subscribe(bob!);
    const { cid, message } = await dm(ana!, bob!, "Lunch at **noon**?\nSay yes");
    await settled();
    const [got] = push.of(device.name);
    expect(push.of(device.name)).toHaveLength(1);
    expect(got!.payload).toEqual({
      kind: "message",
      title: expect.any(String),
      body: "Lunch at noon? Say yes",
      tag: cid,
      url: `/c/${cid}?message=${message.id}`,
      cid,
      message_id: message.id,
    });
    expect(got!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(got!.headers.ttl)).toBeGreaterThan(0);
    expect(got!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // Authorization: vapid t=<JWT>, k=<the server's public key>
    const auth = String(got!.headers.authorization);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(auth) ?? [];
    const served = (await s.chat(bob!.token, "GET", "/push/vapid-key")).body.public_key;
    expect(k).toBe(served);
    expect(decodeProtectedHeader(jwt!).alg).toBe("ES256");
    const raw = Buffer.from(served, "base64url");
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: raw.subarray(1, 33).toString("base64url"),
        y: raw.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    const { payload } = await jwtVerify(jwt!, key);
    expect(payload.aud).toBe(new URL(device.endpoint).origin);
    expect(payload.sub).toBe("https://chat.example.com");
    expect(payload.exp! * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it("pushes once per message per device, to every device of the user", async () => {
    const [ana, bob] = await s.users(2);
    const [phone, laptop] = [await subscribe(bob!), await subscribe(bob!)];
    const { message } = await dm(ana!, bob!, "hello both");
    await settled();
    for (const d of [phone, laptop])
      expect(push.of(d.name).map((r) => r.payload.message_id)).toEqual([message.id]);
  });

  it("never pushes one's own message, a muted channel, during DND or at the level Nothing", async () => {
    const [ana, bob, cyd] = await s.users(3);
    const bobs = await subscribe(bob!);
    const anas = await subscribe(ana!);
    const g = await group(ana!, [bob!, cyd!]);
    await s.chat(bob!.token, "PUT", `/channels/messaging/${g.id}/notifications`, { level: "all" });
    // The rule applies as the settings stand when the worker reaches a message (just after its
    // send): each message is settled before the next change.
    const own = await g.say(bob!, "my own");
    await s.chat(bob!.token, "POST", `/channels/messaging/${g.id}/mute`, {});
    const muted = await g.say(ana!, "while muted");
    await settled();
    await s.chat(bob!.token, "POST", `/channels/messaging/${g.id}/unmute`);
    const dnd = new Date(Date.now() + 3600_000).toISOString();
    expect((await s.chat(bob!.token, "PATCH", "/me/notifications", { dnd_until: dnd })).status).toBe(200);
    const inDnd = await g.say(ana!, "during dnd");
    await settled();
    await s.chat(bob!.token, "PATCH", "/me/notifications", { dnd_until: null });
    await s.chat(bob!.token, "PUT", `/channels/messaging/${g.id}/notifications`, { level: "none" });
    const nothing = await g.say(cyd!, "at level nothing", { mentioned_users: [bob!.id] });
    await settled();
    await s.chat(bob!.token, "PUT", `/channels/messaging/${g.id}/notifications`, { level: "all" });
    const heard = await g.say(cyd!, "heard");
    await settled();
    expect(push.of(bobs.name).map((r) => r.payload.message_id)).toEqual([heard.id]);
    // Ana (default level: mentions and DMs) hears neither Bob's nor Cyd's plain messages.
    expect(push.of(anas.name).map((r) => r.payload.message_id)).not.toContain(own.id);
    for (const m of [muted, inDnd, nothing])
      expect(push.of(anas.name).map((r) => r.payload.message_id)).not.toContain(m.id);
  });

  it("at the default level pushes mentions, DMs and replies in one's threads, not other messages", async () => {
    const [ana, bob, cyd] = await s.users(3);
    const bobs = await subscribe(bob!);
    const g = await group(ana!, [bob!, cyd!]);
    const plain = await g.say(ana!, "plain");
    const mention = await g.say(ana!, "hey @bob", { mentioned_users: [bob!.id] });
    const parent = await g.say(bob!, "my question");
    const reply = await g.say(cyd!, "an answer", { parent_id: parent.id });
    const otherThread = await g.say(ana!, "someone else's thread");
    const notMine = await g.say(cyd!, "not bob's thread", { parent_id: otherThread.id });
    await settled();
    const ids = push.of(bobs.name).map((r) => r.payload.message_id);
    expect(ids).toEqual([mention.id, reply.id]);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(notMine.id);
  });

  it("skips a user with a visible, focused tab, and pushes again once it loses focus", async () => {
    const [ana, bob] = await s.users(2);
    const bobs = await subscribe(bob!);
    const socket = await authedSocket(s.wsUrl, s.apiKey, bob!.token);
    socket.send({ type: "focus", focused: true });
    await new Promise((r) => setTimeout(r, 300));
    const seen = await dm(ana!, bob!, "you are looking");
    await settled();
    socket.send({ type: "focus", focused: false });
    await new Promise((r) => setTimeout(r, 300));
    const away = await dm(ana!, bob!, "you looked away");
    await settled();
    socket.close();
    const ids = push.of(bobs.name).map((r) => r.payload.message_id);
    expect(ids).toEqual([away.message.id]);
    expect(ids).not.toContain(seen.message.id);
  });

  it("drops a device its push service says is gone and retries one that fails", async () => {
    const [ana, bob] = await s.users(2);
    const gone = await subscribe(bob!);
    const flaky = await subscribe(bob!);
    push.answer(gone.name, 410);
    push.answer(flaky.name, 500);
    const { message } = await dm(ana!, bob!, "anyone there?");
    await settled();
    const devices = (await s.chat(bob!.token, "GET", "/push/subscriptions")).body.subscriptions;
    expect(devices).toHaveLength(1);
    const [left] = await s.app.store.notifications
      .dueDeliveries("9999-12-31T00:00:00.000Z", 10)
      .then((d) => d.filter((x) => x.message_id === message.id));
    expect(left).toMatchObject({ attempts: 1 });
    expect(Date.parse(left!.next_at)).toBeGreaterThan(Date.now());
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(/parley_push_total\{outcome="gone"\} [1-9]/);
    expect(metrics).toMatch(/parley_push_total\{outcome="retry"\} [1-9]/);
  });

  it("sends a test notification to each device of the caller", async () => {
    const [ana] = await s.users(1);
    const d = await subscribe(ana!);
    const res = await s.chat(ana!.token, "POST", "/push/test");
    expect(res.body).toEqual({ devices: 1 });
    await settled();
    expect(push.of(d.name).map((r) => r.payload.kind)).toEqual(["test"]);
  });
});

describe("push subscriptions", () => {
  it("refuse endpoints that are not https, keys that are not base64url or too long, naming the field", async () => {
    const [ana] = await s.users(1);
    const good = push.device(uniqueName("dev")).json;
    const bad: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, "endpoint"],
      [{ ...good, endpoint: "ftp://push.example.com/x" }, "endpoint"],
      [{ ...good, keys: { ...good.keys, p256dh: "not base64!".repeat(9) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, p256dh: "A".repeat(101) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, p256dh: "A".repeat(87) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, auth: "B".repeat(33) } }, "keys.auth"],
      [{ ...good, endpoint: `https://x.example/${"a".repeat(1100)}` }, "endpoint"],
    ];
    for (const [body, field] of bad) {
      const res = await s.chat(ana!.token, "POST", "/push/subscriptions", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
    }
    expect((await s.chat(ana!.token, "GET", "/push/subscriptions")).body.subscriptions).toEqual([]);
  });

  it("keep at most ten devices per user, dropping the oldest, and one row per endpoint", async () => {
    const [ana, bob] = await s.users(2);
    const devices: TestDevice[] = [];
    for (let i = 0; i < 11; i++) devices.push(await subscribe(ana!));
    const listed = (await s.chat(ana!.token, "GET", "/push/subscriptions")).body.subscriptions;
    expect(listed).toHaveLength(10);
    // The same endpoint registered by another user moves to them.
    const moved = devices[5]!;
    expect((await s.chat(bob!.token, "POST", "/push/subscriptions", moved.json)).status).toBe(201);
    expect((await s.chat(ana!.token, "GET", "/push/subscriptions")).body.subscriptions).toHaveLength(9);
    const bobs = (await s.chat(bob!.token, "GET", "/push/subscriptions")).body.subscriptions;
    expect(bobs).toHaveLength(1);
    expect((await s.chat(ana!.token, "DELETE", `/push/subscriptions/${bobs[0].id}`)).status).toBe(404);
    expect((await s.chat(bob!.token, "DELETE", `/push/subscriptions/${bobs[0].id}`)).status).toBe(200);
  });
});
