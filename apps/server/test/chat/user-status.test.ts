/**
 * User status (emoji, text, an end) and Do Not Disturb as others see them: set and cleared by
 * their user, validated, left out once ended, and told to the watchers of the user's channels by
 * `user.updated`, never stored with the channel's events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

const HOUR = 3600_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, { clock });
});
afterAll(() => s.close());

/** Two users in one team channel, `watcher` watching it on a socket. */
async function pair() {
  const [ana, bob] = (await s.users(2)) as [TestUser, TestUser];
  const id = uniqueName("st");
  await s.chat(ana.token, "POST", `/channels/team/${id}/query`, { data: { members: [bob.id] } });
  const watcher = await authedSocket(s.wsUrl, s.apiKey, bob.token);
  watcher.send({ type: "watch", channels: [{ cid: `team:${id}` }] });
  await watcher.next((f) => f.type === "watch.ok");
  return { ana, bob, id, cid: `team:${id}`, watcher };
}

const memberUser = async (viewer: TestUser, id: string, userId: string) => {
  const { body } = await s.chat(viewer.token, "POST", `/channels/team/${id}/query`, {});
  return (body.members as { user_id: string; user: any }[]).find((m) => m.user_id === userId)?.user;
};

describe("user status", () => {
  it("is set, shown to the other member live and in answers, and cleared", async () => {
    const { ana, bob, id, cid, watcher } = await pair();
    const set = await s.chat(ana.token, "PUT", "/me/status", { emoji: "🌴", text: "  On holiday  " });
    expect(set.status).toBe(200);
    expect(set.body.user.status).toEqual({ emoji: "🌴", text: "On holiday", expires_at: null });

    const live = await watcher.next((f) => f.type === "user.updated" && f.user.status);
    expect(live.user).toMatchObject({ id: ana.id, status: { emoji: "🌴", text: "On holiday" } });
    expect(live.user.online).toBeUndefined();
    expect((await memberUser(bob, id, ana.id)).status.text).toBe("On holiday");
    expect((await s.chat(ana.token, "GET", "/me")).body.user.status.emoji).toBe("🌴");

    // Never a channel event: nothing is stored for replay.
    const stored = await s.app.store.events.range(cid, 0, 1_000, 100);
    expect(stored.map((r) => JSON.parse(r.payload).type)).not.toContain("user.updated");

    const cleared = await s.chat(ana.token, "DELETE", "/me/status");
    expect(cleared.status).toBe(200);
    expect(cleared.body.user.status).toBeUndefined();
    await watcher.next((f) => f.type === "user.updated" && f.user.id === ana.id && !f.user.status);
    expect((await memberUser(bob, id, ana.id)).status).toBeUndefined();
    // Clearing again is no error.
    expect((await s.chat(ana.token, "DELETE", "/me/status")).status).toBe(200);
    watcher.close();
  });

  it("is left out once it expires", async () => {
    const [ana, bob] = (await s.users(2)) as [TestUser, TestUser];
    const expires = new Date(clock().getTime() + HOUR / 2).toISOString();
    const set = await s.chat(ana.token, "PUT", "/me/status", { emoji: "🍽️", expires_at: expires });
    expect(set.body.user.status).toEqual({ emoji: "🍽️", text: "", expires_at: expires });
    const seen = async () => {
      const { body } = await s.chat(bob.token, "GET", `/users?q=${ana.id}`);
      return body.users.find((u: { id: string }) => u.id === ana.id)?.status;
    };
    expect((await seen())?.expires_at).toBe(expires);
    offset += HOUR;
    try {
      expect(await seen()).toBeUndefined();
      expect((await s.chat(ana.token, "GET", "/me")).body.user.status).toBeUndefined();
    } finally {
      offset -= HOUR;
    }
  });

  it("answers 400 with a clear message for what it cannot keep", async () => {
    const [ana] = (await s.users(1)) as [TestUser];
    const bad: [unknown, RegExp][] = [
      [{}, /emoji or a text/],
      [{ emoji: "", text: "   " }, /emoji or a text/],
      [{ text: "x".repeat(101) }, /at most 100 characters/],
      [{ text: "two\nlines" }, /one line/],
      [{ emoji: "ab" }, /one emoji/],
      [{ emoji: "1" }, /one emoji/],
      [{ text: "late", expires_at: new Date(clock().getTime() - 1000).toISOString() }, /in the future/],
      [
        { text: "far", expires_at: new Date(clock().getTime() + 400 * 24 * HOUR).toISOString() },
        /within a year/,
      ],
      [{ text: "when", expires_at: "tomorrow" }, /./],
      [{ text: "x", colour: "red" }, /./],
      [{ text: 5 }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await s.chat(ana.token, "PUT", "/me/status", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation");
      expect(res.body.error.message).toMatch(message);
    }
    // 100 characters, counted as characters (not UTF-16 units), is fine.
    const ok = await s.chat(ana.token, "PUT", "/me/status", { text: "é".repeat(99) + "🎉" });
    expect(ok.status).toBe(200);
  });
});

describe("Do Not Disturb as others see it", () => {
  it("shows in the user shape while on, live, and goes when turned off", async () => {
    const { ana, bob, id, watcher } = await pair();
    const until = new Date(clock().getTime() + 2 * HOUR).toISOString();
    const on = await s.chat(ana.token, "PATCH", "/me/notifications", { dnd_until: until });
    expect(on.status).toBe(200);
    const live = await watcher.next((f) => f.type === "user.updated" && f.user.dnd_until);
    expect(live.user).toMatchObject({ id: ana.id, dnd_until: until });
    expect((await memberUser(bob, id, ana.id)).dnd_until).toBe(until);
    expect((await s.chat(ana.token, "GET", "/me")).body.user).toMatchObject({
      dnd_until: until,
      notify: { dnd_until: until },
    });

    // Another setting changed leaves Do Not Disturb as it was, and tells no one.
    await s.chat(ana.token, "PATCH", "/me/notifications", { default_level: "all" });
    expect((await memberUser(bob, id, ana.id)).dnd_until).toBe(until);

    await s.chat(ana.token, "PATCH", "/me/notifications", { dnd_until: null });
    await watcher.next((f) => f.type === "user.updated" && f.user.id === ana.id && !f.user.dnd_until);
    expect((await memberUser(bob, id, ana.id)).dnd_until).toBeUndefined();
    watcher.close();
  });
});
