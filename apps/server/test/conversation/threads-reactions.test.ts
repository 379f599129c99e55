import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: TestUser;
let bob: TestUser;
let eve: TestUser;
let path: string;
let cid: string;

beforeAll(async () => {
  s = await startTestServer();
  [ana, bob, eve] = (await s.users(3)) as [TestUser, TestUser, TestUser];
  const id = uniqueName("t");
  path = `/channels/messaging/${id}`;
  cid = `messaging:${id}`;
  await s.chat(ana.token, "POST", `${path}/query`, { data: { members: [bob.id] } });
});
afterAll(() => s.close());

const send = (token: string, message: Record<string, unknown>) =>
  s.chat(token, "POST", `${path}/messages`, { message });

describe("threads", () => {
  it("keeps replies out of the channel and summarizes them on the parent", async () => {
    const parent = (await send(ana.token, { text: "parent" })).body.message;
    const r1 = await send(bob.token, { text: "reply one", parent_id: parent.id });
    expect(r1.status).toBe(201);
    expect(r1.body.message.parent_id).toBe(parent.id);
    await send(ana.token, { text: "reply two", parent_id: parent.id });
    const shown = await send(bob.token, { text: "also here", parent_id: parent.id, show_in_channel: true });
    expect(shown.body.message.show_in_channel).toBe(true);
    const channel = await s.chat(ana.token, "GET", `${path}/messages`);
    const texts = channel.body.messages.map((m: { text: string }) => m.text);
    expect(texts).toContain("parent");
    expect(texts).toContain("also here");
    expect(texts).not.toContain("reply one");
    const p = await s.chat(ana.token, "GET", `/messages/${parent.id}`);
    expect(p.body.message).toMatchObject({ reply_count: 3 });
    expect(p.body.message.last_reply_at).not.toBeNull();
    expect([...p.body.message.thread_participants].sort()).toEqual([ana.id, bob.id].sort());
    const replies = await s.chat(bob.token, "GET", `/messages/${parent.id}/replies?limit=2`);
    expect(replies.body.messages.map((m: { text: string }) => m.text)).toEqual(["reply two", "also here"]);
    const older = await s.chat(
      bob.token,
      "GET",
      `/messages/${parent.id}/replies?id_lt=${replies.body.messages[0].id}`,
    );
    expect(older.body.messages.map((m: { text: string }) => m.text)).toEqual(["reply one"]);
  });

  it("refuses a reply to a reply, to another channel's message, and to a deleted message", async () => {
    const parent = (await send(ana.token, { text: "p" })).body.message;
    const reply = (await send(bob.token, { text: "r", parent_id: parent.id })).body.message;
    expect((await send(ana.token, { text: "x", parent_id: reply.id })).status).toBe(400);
    expect((await send(ana.token, { text: "x", parent_id: "nope" })).status).toBe(400);
    expect((await send(ana.token, { text: "x", show_in_channel: true })).status).toBe(400);
    const gone = (await send(ana.token, { text: "gone" })).body.message;
    await s.chat(ana.token, "DELETE", `/messages/${gone.id}`);
    expect((await send(bob.token, { text: "x", parent_id: gone.id })).status).toBe(400);
  });

  it("counts unread replies in threads the user takes part in, and clears them", async () => {
    const parent = (await send(ana.token, { text: "question" })).body.message;
    await send(bob.token, { text: "answer 1", parent_id: parent.id });
    await send(bob.token, { text: "answer 2", parent_id: parent.id });
    const unread = await s.chat(ana.token, "GET", "/unread");
    expect(unread.body.threads.find((t: { parent_id: string }) => t.parent_id === parent.id)).toMatchObject({
      unread_replies: 2,
      cid,
    });
    expect((await s.chat(ana.token, "POST", `/messages/${parent.id}/thread/read`, {})).status).toBe(200);
    const after = await s.chat(ana.token, "GET", "/unread");
    expect(after.body.threads.find((t: { parent_id: string }) => t.parent_id === parent.id)).toBeUndefined();
  });

  it("emits message.new with parent_id and thread.updated to watchers", async () => {
    const parent = (await send(ana.token, { text: "live parent" })).body.message;
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.send({ type: "watch", channels: [{ cid, since: parent.seq }] });
    await sock.next((f) => f.type === "watch.ok");
    await send(bob.token, { text: "live reply", parent_id: parent.id });
    const created = await sock.next((f) => f.type === "message.new" && f.message.text === "live reply");
    expect(created.message.parent_id).toBe(parent.id);
    const updated = await sock.next((f) => f.type === "thread.updated" && f.message.id === parent.id);
    expect(updated.message.reply_count).toBe(1);
    sock.close();
  });

  it("keeps non-members out of threads", async () => {
    const parent = (await send(ana.token, { text: "secret thread" })).body.message;
    expect((await s.chat(eve.token, "GET", `/messages/${parent.id}/replies`)).status).toBe(403);
    expect((await s.chat(eve.token, "POST", `/messages/${parent.id}/thread/read`, {})).status).toBe(403);
  });
});

describe("reactions", () => {
  it("adds one of each type per user, counts them and lists the user's own", async () => {
    const m = (await send(ana.token, { text: "react to me" })).body.message;
    const first = await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } });
    expect(first.status).toBe(201);
    await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } });
    await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "🎉" } });
    await s.chat(ana.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } });
    const seen = await s.chat(bob.token, "GET", `/messages/${m.id}`);
    expect(seen.body.message.reaction_counts).toEqual({ "👍": 2, "🎉": 1 });
    expect(seen.body.message.own_reactions.map((r: { type: string }) => r.type).sort()).toEqual(
      ["🎉", "👍"].sort(),
    );
    const who = await s.chat(ana.token, "GET", `/messages/${m.id}/reactions`);
    expect(who.body.reactions).toHaveLength(3);
    expect(who.body.reactions[0].user.id).toBeDefined();
    const removed = await s.chat(
      bob.token,
      "DELETE",
      `/messages/${m.id}/reaction/${encodeURIComponent("👍")}`,
    );
    expect(removed.body.message.reaction_counts).toEqual({ "👍": 1, "🎉": 1 });
    expect(
      (await s.chat(bob.token, "DELETE", `/messages/${m.id}/reaction/${encodeURIComponent("👍")}`)).status,
    ).toBe(404);
  });

  it("emits reaction.new and reaction.deleted", async () => {
    const m = (await send(ana.token, { text: "watch reactions" })).body.message;
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    sock.send({ type: "watch", channels: [{ cid, since: m.seq }] });
    await sock.next((f) => f.type === "watch.ok");
    await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "❤️" } });
    const added = await sock.next((f) => f.type === "reaction.new");
    expect(added).toMatchObject({
      reaction: { type: "❤️", user_id: bob.id },
      message: { reaction_counts: { "❤️": 1 } },
    });
    expect(added.message.own_reactions).toEqual([]);
    await s.chat(bob.token, "DELETE", `/messages/${m.id}/reaction/${encodeURIComponent("❤️")}`);
    const gone = await sock.next((f) => f.type === "reaction.deleted");
    expect(gone.message.reaction_counts).toEqual({});
    sock.close();
  });

  it("refuses reactions on deleted messages, bad types and from non-members", async () => {
    const m = (await send(ana.token, { text: "to delete" })).body.message;
    expect(
      (await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "" } })).status,
    ).toBe(400);
    expect(
      (await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "a b" } })).status,
    ).toBe(400);
    expect(
      (await s.chat(eve.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } })).status,
    ).toBe(403);
    await s.chat(ana.token, "DELETE", `/messages/${m.id}`);
    const r = await s.chat(bob.token, "POST", `/messages/${m.id}/reaction`, { reaction: { type: "👍" } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/deleted/);
  });
});
