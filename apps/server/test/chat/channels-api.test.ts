import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
let ana: string;
let bob: string;
let cyd: string;
let anaId: string;
let bobId: string;
let cydId: string;

beforeAll(async () => {
  s = await startTestServer();
  const [a, b, c] = await Promise.all([s.signup(), s.signup(), s.signup()]);
  [ana, bob, cyd] = [a.streamToken, b.streamToken, c.streamToken];
  [anaId, bobId, cydId] = [a.user.id, b.user.id, c.user.id];
});
afterAll(() => s.close());

const create = (token: string, id: string, members: string[], type = "messaging", name = "") =>
  s.chat(token, "POST", `/channels/${type}/${id}/query`, { data: { name, members } });

describe("chat authentication", () => {
  it("needs the api key, then a valid token", async () => {
    const noKey = await fetch(`${s.url}/chat/me`, { headers: { authorization: `Bearer ${ana}` } });
    expect(noKey.status).toBe(401);
    expect((await json(noKey)).error.code).toBe("invalid_api_key");
    const badKey = await fetch(`${s.url}/chat/me?api_key=nope`, {
      headers: { authorization: `Bearer ${ana}` },
    });
    expect((await json(badKey)).error.code).toBe("invalid_api_key");
    expect((await s.chat("", "GET", "/me")).body.error.code).toBe("unauthorized");
    expect((await s.chat("forged.token.here", "GET", "/me")).body.error.code).toBe("token_invalid");
  });

  it("lets a server-side token act for any user via user_id, and refuses user_id from a user token", async () => {
    const server = await s.serverToken();
    const me = await s.chat(server, "GET", `/me?user_id=${bobId}`);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(bobId);
    expect((await s.chat(server, "GET", "/me")).status).toBe(400);
    const spoof = await s.chat(ana, "GET", `/me?user_id=${bobId}`);
    expect(spoof.status).toBe(403);
    expect(spoof.body.error.code).toBe("forbidden");
  });
});

describe("channels", () => {
  it("creates a channel with members, then gets the same one", async () => {
    const id = uniqueName("c");
    const r = await create(ana, id, [bobId], "messaging", "Plans");
    expect(r.status).toBe(200);
    expect(r.body.channel).toMatchObject({
      cid: `messaging:${id}`,
      name: "Plans",
      member_count: 2,
      created_by_id: anaId,
    });
    expect(r.body.members.map((m: { user_id: string }) => m.user_id).sort()).toEqual([anaId, bobId].sort());
    expect(r.body.membership).toMatchObject({ user_id: anaId, role: "owner", muted: false, hidden: false });
    expect(r.body.last_seq).toBe(1);
    const again = await s.chat(bob, "POST", `/channels/messaging/${id}/query`, {});
    expect(again.body.channel.cid).toBe(`messaging:${id}`);
    expect(again.body.membership.role).toBe("channel_member");
  });

  it("gives the same direct channel for the same member set every time", async () => {
    const a = await s.chat(ana, "POST", "/channels/messaging/query", { data: { members: [bobId] } });
    const b = await s.chat(bob, "POST", "/channels/messaging/query", { data: { members: [anaId, bobId] } });
    expect(a.status).toBe(200);
    expect(a.body.channel.cid).toBe(b.body.channel.cid);
    expect(a.body.channel.is_direct).toBe(true);
    const other = await s.chat(ana, "POST", "/channels/messaging/query", {
      data: { members: [bobId, cydId] },
    });
    expect(other.body.channel.cid).not.toBe(a.body.channel.cid);
    const add = await s.chat(ana, "POST", `/channels/messaging/${a.body.channel.id}/members`, {
      add: [cydId],
    });
    expect(add.status).toBe(400);
    // a direct conversation is never of a type everyone can read
    const open = await s.chat(ana, "POST", "/channels/team/query", { data: { members: [bobId] } });
    expect(open.status).toBe(400);
    expect(open.body.error.message).toMatch(/need an id/);
  });

  it.each([
    ["bad type", "/channels/bad.type/x/query", "type"],
    ["bad id", "/channels/messaging/bad$id/query", "id"],
    ["long id", `/channels/messaging/${"x".repeat(65)}/query`, "id"],
  ])("rejects a %s with 400 naming the rule", async (_n, path, field) => {
    const r = await s.chat(ana, "POST", path, {});
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation");
    expect(r.body.error.fields[field]).toMatch(/letters|characters/);
  });

  it("rejects an unknown channel type and unknown members", async () => {
    expect((await create(ana, uniqueName(), [], "nosuchtype")).body.error.fields.type).toBeDefined();
    const r = await create(ana, uniqueName(), ["nobody-here"]);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("nobody-here");
  });

  it("keeps non-members of a messaging channel out of everything", async () => {
    const id = uniqueName("p");
    await create(ana, id, [bobId]);
    const path = `/channels/messaging/${id}`;
    const calls: [string, string, unknown?][] = [
      ["POST", `${path}/query`, {}],
      ["GET", `${path}/messages`],
      ["POST", `${path}/messages`, { message: { text: "hi" } }],
      ["PATCH", path, { set: { name: "x" } }],
      ["POST", `${path}/members`, { add: [cydId] }],
      ["POST", `${path}/read`, {}],
      ["POST", `${path}/hide`],
      ["POST", `${path}/mute`],
      ["POST", `${path}/truncate`],
      ["DELETE", path],
      ["POST", `${path}/join`],
    ];
    for (const [method, p, body] of calls) {
      const r = await s.chat(cyd, method, p, body);
      expect([method, p, r.status]).toEqual([method, p, 403]);
    }
    const msg = await s.chat(ana, "POST", `${path}/messages`, { message: { text: "secret" } });
    expect((await s.chat(cyd, "GET", `/messages/${msg.body.message.id}`)).status).toBe(403);
  });

  it("lets anyone signed in read and join a team channel", async () => {
    const id = uniqueName("t");
    await create(ana, id, [], "team", "Open");
    await s.chat(ana, "POST", `/channels/team/${id}/messages`, { message: { text: "welcome" } });
    const read = await s.chat(cyd, "POST", `/channels/team/${id}/query`, {});
    expect(read.status).toBe(200);
    expect(read.body.membership).toBeNull();
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual(["welcome"]);
    expect(
      (await s.chat(cyd, "POST", `/channels/team/${id}/messages`, { message: { text: "x" } })).status,
    ).toBe(403);
    const join = await s.chat(cyd, "POST", `/channels/team/${id}/join`);
    expect(join.status).toBe(200);
    expect(
      (await s.chat(cyd, "POST", `/channels/team/${id}/messages`, { message: { text: "hi" } })).status,
    ).toBe(201);
  });

  it("lists the user's channels newest activity first, hides and shows, mutes", async () => {
    const ids = [uniqueName("l"), uniqueName("l"), uniqueName("l")];
    for (const id of ids) await create(bob, id, [cydId]);
    await s.chat(bob, "POST", `/channels/messaging/${ids[0]}/messages`, { message: { text: "bump" } });
    const list = await s.chat(cyd, "POST", "/channels", { limit: 100 });
    const order = list.body.channels
      .map((c: { channel: { id: string } }) => c.channel.id)
      .filter((i: string) => ids.includes(i));
    expect(order).toEqual([ids[0], ids[2], ids[1]]);
    await s.chat(cyd, "POST", `/channels/messaging/${ids[2]}/hide`);
    const hidden = await s.chat(cyd, "POST", "/channels", { limit: 100 });
    expect(hidden.body.channels.map((c: { channel: { id: string } }) => c.channel.id)).not.toContain(ids[2]);
    await s.chat(bob, "POST", `/channels/messaging/${ids[2]}/messages`, { message: { text: "back" } });
    const back = await s.chat(cyd, "POST", "/channels", { limit: 1 });
    expect(back.body.channels[0].channel.id).toBe(ids[2]);
    await s.chat(cyd, "POST", `/channels/messaging/${ids[2]}/mute`);
    const muted = await s.chat(cyd, "POST", "/channels", { filter: { muted: true } });
    expect(muted.body.channels.map((c: { channel: { id: string } }) => c.channel.id)).toEqual([ids[2]]);
  });

  it("assigns channel moderators; nobody but an admin removes someone who outranks them", async () => {
    const id = uniqueName("roles");
    const path = `/channels/messaging/${id}`;
    await create(ana, id, [bobId, cydId], "messaging", "Roles");
    const assign = (token: string, user_id: string, channel_role: string) =>
      s.chat(token, "POST", `${path}/members`, { assign_roles: [{ user_id, channel_role }] });
    expect((await assign(bob, cydId, "channel_moderator")).status).toBe(403);
    const made = await assign(ana, bobId, "channel_moderator");
    expect(made.status).toBe(200);
    expect(made.body.members.find((m: any) => m.user_id === bobId).role).toBe("channel_moderator");
    const refusedByCyd = await s.chat(cyd, "POST", `${path}/members`, { remove: [bobId] });
    expect([refusedByCyd.status, refusedByCyd.body.error.message]).toEqual([
      403,
      "only the channel's owner or an admin can remove a channel moderator",
    ]);
    const ownerStays = await s.chat(bob, "POST", `${path}/members`, { remove: [anaId] });
    expect([ownerStays.status, ownerStays.body.error.message]).toEqual([
      403,
      "only an admin can remove the channel's owner",
    ]);
    for (const [user, role, field] of [
      [anaId, "channel_member", "the channel's owner keeps the owner's role"],
      [s.admin.user.id, "channel_moderator", `user ${s.admin.user.id} is not a member of this channel`],
    ] as const) {
      const r = await assign(ana, user, role);
      expect([r.status, r.body.error.fields]).toEqual([400, { assign_roles: field }]);
    }
    expect((await assign(ana, bobId, "owner")).status).toBe(400);
    expect((await s.chat(bob, "POST", `${path}/members`, { remove: [cydId] })).status).toBe(200);
    const admin = await s.chat(s.admin.streamToken, "POST", `${path}/members`, { remove: [anaId] });
    expect(admin.status).toBe(200);
  });

  it("renames, changes members, truncates, leaves and deletes", async () => {
    const id = uniqueName("m");
    const path = `/channels/messaging/${id}`;
    await create(ana, id, [bobId]);
    const renamed = await s.chat(bob, "PATCH", path, {
      set: { name: "Renamed", image: "https://example.com/i.png" },
    });
    expect(renamed.body.channel).toMatchObject({ name: "Renamed", image: "https://example.com/i.png" });
    expect((await s.chat(bob, "PATCH", path, { set: { image: "ftp://x" } })).status).toBe(400);
    const added = await s.chat(ana, "POST", `${path}/members`, { add: [cydId] });
    expect(added.body.channel.member_count).toBe(3);
    await s.chat(ana, "POST", `${path}/messages`, { message: { text: "one" } });
    expect((await s.chat(bob, "POST", `${path}/truncate`)).status).toBe(403);
    expect((await s.chat(ana, "POST", `${path}/truncate`)).status).toBe(200);
    expect((await s.chat(cyd, "GET", `${path}/messages`)).body.messages).toEqual([]);
    await s.chat(cyd, "POST", `${path}/leave`);
    expect((await s.chat(cyd, "GET", `${path}/messages`)).status).toBe(403);
    expect((await s.chat(bob, "DELETE", path)).status).toBe(403);
    expect((await s.chat(ana, "DELETE", path)).status).toBe(200);
    expect((await s.chat(ana, "POST", `${path}/query`, { create: false })).status).toBe(404);
  });
});
