import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
let admin: string;
let mod: { token: string; id: string };
let ana: { token: string; id: string };
let bob: { token: string; id: string };
let path: string;

const user = async () => {
  const r = await s.signup();
  return { token: r.streamToken, id: r.user.id, session: r.token };
};

beforeAll(async () => {
  s = await startTestServer();
  admin = s.admin.streamToken;
  [mod, ana, bob] = await Promise.all([user(), user(), user()]);
  expect((await s.chat(admin, "PUT", `/users/${mod.id}/role`, { role: "moderator" })).status).toBe(200);
  path = `/channels/messaging/${uniqueName("mod")}`;
  await s.chat(ana.token, "POST", `${path}/query`, { data: { members: [bob.id] } });
});
afterAll(() => s.close());

const send = (token: string, text: string) =>
  s.chat(token, "POST", `${path}/messages`, { message: { text } }).then((r) => r.body.message);

describe("roles", () => {
  it("only admins change roles", async () => {
    expect((await s.chat(ana.token, "PUT", `/users/${bob.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await s.chat(mod.token, "PUT", `/users/${bob.id}/role`, { role: "admin" })).status).toBe(403);
    expect((await s.chat(admin, "PUT", `/users/${bob.id}/role`, { role: "boss" })).status).toBe(400);
  });
});

describe("flags", () => {
  it("flags once, lists for moderators, and records the reviewer of update_flags", async () => {
    const m = await send(ana.token, "rude words");
    const flag = await s.chat(bob.token, "POST", `/messages/${m.id}/flag`, { reason: "rude" });
    expect(flag.status).toBe(201);
    expect(flag.body.flag).toMatchObject({
      message_id: m.id,
      user_id: bob.id,
      reason: "rude",
      reviewed_by: null,
    });
    expect((await s.chat(bob.token, "POST", `/messages/${m.id}/flag`, {})).status).toBe(409);
    expect((await s.chat(ana.token, "POST", `/messages/${m.id}/flag`, {})).status).toBe(400);
    expect((await s.chat(bob.token, "POST", "/moderation/flags", {})).status).toBe(403);
    const list = await s.chat(mod.token, "POST", "/moderation/flags", {
      filter: { reviewed: false, user_id: ana.id },
    });
    const mine = list.body.flags.find((f: { message_id: string }) => f.message_id === m.id);
    expect(mine).toMatchObject({
      reason: "rude",
      user: { id: bob.id },
      message: { id: m.id, text: "rude words" },
    });

    expect(
      (
        await s.chat(bob.token, "POST", "/automod/v1/moderation/update_flags", {
          message_ids: [m.id],
          reviewed_by: bob.id,
        })
      ).status,
    ).toBe(403);
    const kept = await s.chat(mod.token, "POST", "/automod/v1/moderation/update_flags", {
      message_ids: [m.id],
      reviewed_by: mod.id,
      options: { result: "keep" },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.flags[0]).toMatchObject({ reviewed_by: mod.id, review_result: "keep" });
    expect(kept.body.flags[0].reviewed_at).not.toBeNull();
    expect((await s.chat(ana.token, "GET", `/messages/${m.id}`)).body.message.type).toBe("regular");
    const reviewed = await s.chat(mod.token, "POST", "/moderation/flags", { filter: { reviewed: true } });
    expect(reviewed.body.flags.some((f: { message_id: string }) => f.message_id === m.id)).toBe(true);
  });

  it("removes the message with result remove, live for the channel", async () => {
    const m = await send(ana.token, "spam");
    await s.chat(bob.token, "POST", `/messages/${m.id}/flag`, {});
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: m.cid, since: m.seq }] });
    await sock.next((f) => f.type === "watch.ok");
    const r = await s.chat(mod.token, "POST", "/automod/v1/moderation/update_flags", {
      message_ids: [m.id],
      reviewed_by: mod.id,
      options: { result: "remove" },
    });
    expect(r.body.flags[0].review_result).toBe("remove");
    await sock.next((f) => f.type === "message.deleted" && f.message.id === m.id);
    await sock.next((f) => f.type === "flag.reviewed" && f.message_id === m.id);
    sock.close();
  });

  it("bans the author with the ban option: sockets closed, sign-in refused, sends refused", async () => {
    const eve = await user();
    await s.chat(ana.token, "POST", `${path}/members`, { add: [eve.id] });
    const m = await send(eve.token, "scam link");
    await s.chat(bob.token, "POST", `/messages/${m.id}/flag`, {});
    const sock = await authedSocket(s.wsUrl, s.apiKey, eve.token);
    await s.chat(mod.token, "POST", "/automod/v1/moderation/update_flags", {
      message_ids: [m.id],
      reviewed_by: mod.id,
      options: { result: "remove", ban: { reason: "scams", timeout: 60 } },
    });
    expect((await sock.closed).code).toBe(4005);
    const signin = await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signin", username: eve.id, password: "correct horse" }),
    });
    expect(signin.status).toBe(403);
    const body = (await signin.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("banned");
    expect(body.error.message).toMatch(/banned until .*: scams/);
    expect((await s.chat(eve.token, "GET", "/me")).body.error.code).toBe("banned");
    const bans = await s.chat(mod.token, "GET", "/moderation/bans");
    expect(bans.body.bans.find((b: { user_id: string }) => b.user_id === eve.id)).toMatchObject({
      reason: "scams",
      cid: null,
    });
    expect((await s.chat(mod.token, "POST", "/moderation/unban", { target_user_id: eve.id })).status).toBe(
      200,
    );
    expect((await s.chat(eve.token, "GET", "/me")).status).toBe(200);
  });

  it("refuses a review that cannot ban (the author is an admin) before marking anything reviewed", async () => {
    await s.chat(ana.token, "POST", `${path}/members`, { add: [s.admin.user.id] });
    const m = await send(admin, "an admin's words");
    await s.chat(bob.token, "POST", `/messages/${m.id}/flag`, { reason: "rude" });
    const r = await s.chat(mod.token, "POST", "/automod/v1/moderation/update_flags", {
      message_ids: [m.id],
      reviewed_by: mod.id,
      options: { result: "remove", ban: { reason: "no" } },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/admins cannot be banned/);
    const queue = await s.chat(mod.token, "POST", "/moderation/flags", { filter: { reviewed: false } });
    expect(queue.body.flags.some((f: { message_id: string }) => f.message_id === m.id)).toBe(true);
    const still = await s.chat(ana.token, "GET", `/messages/${m.id}`);
    expect(still.body.message.type).toBe("regular");
  });

  it("lets a server-side token review for a moderator, recorded as that moderator", async () => {
    const m = await send(bob.token, "borderline");
    await s.chat(ana.token, "POST", `/messages/${m.id}/flag`, {});
    const server = await s.serverToken();
    const r = await s.chat(server, "POST", `/automod/v1/moderation/update_flags?user_id=${mod.id}`, {
      message_ids: [m.id],
      reviewed_by: mod.id,
      options: { result: "keep" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.flags[0]).toMatchObject({ message_id: m.id, reviewed_by: mod.id, review_result: "keep" });
    // acting for a plain user is refused
    const other = await send(bob.token, "another");
    await s.chat(ana.token, "POST", `/messages/${other.id}/flag`, {});
    const refused = await s.chat(server, "POST", `/automod/v1/moderation/update_flags?user_id=${ana.id}`, {
      message_ids: [other.id],
      reviewed_by: ana.id,
    });
    expect(refused.status).toBe(403);
  });
});

describe("bans in one channel", () => {
  it("stops the user sending and reacting there only, and only the channel's moderators may ban", async () => {
    const other = `/channels/messaging/${uniqueName("free")}`;
    await s.chat(bob.token, "POST", `${other}/query`, {});
    const m = await send(ana.token, "hello");
    expect(
      (await s.chat(bob.token, "POST", "/moderation/ban", { target_user_id: ana.id, cid: m.cid })).status,
    ).toBe(403);
    const ban = await s.chat(ana.token, "POST", "/moderation/ban", {
      target_user_id: bob.id,
      cid: m.cid,
      reason: "cool off",
    });
    expect(ban.status).toBe(201);
    const denied = await s.chat(bob.token, "POST", `${path}/messages`, { message: { text: "x" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toMatch(/banned/);
    expect(
      (await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } })).status,
    ).toBe(403);
    expect((await s.chat(bob.token, "GET", `${path}/messages`)).status).toBe(200);
    expect((await s.chat(bob.token, "POST", `${other}/messages`, { message: { text: "fine" } })).status).toBe(
      201,
    );
    await s.chat(ana.token, "POST", "/moderation/unban", { target_user_id: bob.id, cid: m.cid });
    expect((await s.chat(bob.token, "POST", `${path}/messages`, { message: { text: "back" } })).status).toBe(
      201,
    );
  });

  it("does not let anyone ban an admin or themselves", async () => {
    const adminId = (await s.chat(admin, "GET", "/me")).body.user.id;
    expect((await s.chat(mod.token, "POST", "/moderation/ban", { target_user_id: adminId })).status).toBe(
      403,
    );
    expect((await s.chat(mod.token, "POST", "/moderation/ban", { target_user_id: mod.id })).status).toBe(400);
  });
});

describe("mutes", () => {
  it("stops the muted user's notifications to the muter, who is the only one told", async () => {
    const r = await s.chat(bob.token, "POST", "/moderation/mute", { target_id: ana.id });
    expect(r.body.mutes).toContain(ana.id);
    expect((await s.chat(bob.token, "GET", "/me")).body.user.mutes).toContain(ana.id);
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    await send(ana.token, "muted one");
    const witness = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    await s.chat(bob.token, "POST", "/moderation/unmute", { target_id: ana.id });
    await send(ana.token, "heard again");
    await witness.next((f) => f.type === "notification.message_new" && f.message.text === "heard again");
    expect(
      sock.frames.some((f) => f.type === "notification.message_new" && f.message.text === "muted one"),
    ).toBe(false);
    sock.close();
    witness.close();
  });
});

describe("policies admin API", () => {
  it("lets admins read and replace a type's policies, validates them, and applies a change at once", async () => {
    expect((await s.chat(ana.token, "GET", "/channel-types/messaging/policies")).status).toBe(403);
    const current = await s.chat(admin, "GET", "/channel-types/messaging/policies");
    expect(current.body.policies.at(-1)).toMatchObject({ name: "Deny all", priority: 1 });
    for (const bad of [
      { policies: [{ name: "x", resources: ["*"], roles: ["*"], action: "allow", priority: 1000 }] },
      { policies: [{ name: "x", resources: ["Teleport"], roles: ["*"], action: "allow", priority: 5 }] },
      { policies: [{ name: "x", resources: ["*"], roles: ["*"], action: "maybe", priority: 5 }] },
    ]) {
      expect((await s.chat(admin, "PUT", "/channel-types/messaging/policies", bad)).status).toBe(400);
    }
    const m = await send(ana.token, "before lockdown");
    const sock = await authedSocket(s.wsUrl, s.apiKey, bob.token);
    sock.send({ type: "watch", channels: [{ cid: m.cid, since: m.seq }] });
    await sock.next((f) => f.type === "watch.ok");
    const lockdown = await s.chat(admin, "PUT", "/channel-types/messaging/policies", {
      policies: [
        { name: "Admins", resources: ["*"], roles: ["admin"], action: "allow", owner: false, priority: 999 },
        { name: "Deny all", resources: ["*"], roles: ["*"], action: "deny", owner: false, priority: 1 },
      ],
    });
    expect(lockdown.status).toBe(200);
    await sock.next((f) => f.type === "reset" && f.cid === m.cid && f.reason === "access");
    expect((await s.chat(ana.token, "GET", `${path}/messages`)).status).toBe(403);
    const restored = await s.chat(admin, "PUT", "/channel-types/messaging/policies", { policies: null });
    expect(restored.body.policies).toEqual(current.body.policies);
    expect((await s.chat(ana.token, "GET", `${path}/messages`)).status).toBe(200);
    sock.close();
  });
});
