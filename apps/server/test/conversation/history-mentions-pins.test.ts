import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";

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
  const id = uniqueName("c");
  await s.chat(ana.token, "POST", `/channels/messaging/${id}/query`, { data: { members } });
  return { path: `/channels/messaging/${id}`, cid: `messaging:${id}` };
}

describe("edit history", () => {
  it("keeps every previous text, sorted either way, for whoever can read the message", async () => {
    const { path } = await channel([bob.id]);
    const m = (await s.chat(ana.token, "POST", `${path}/messages`, { message: { text: "v1" } })).body.message;
    await s.chat(ana.token, "PUT", `/messages/${m.id}`, { message: { text: "v2" } });
    await s.chat(ana.token, "PUT", `/messages/${m.id}`, { message: { text: "v3" } });
    const asc = await s.chat(bob.token, "POST", "/messages/history", {
      filter: { message_id: m.id },
      sort: [{ field: "created_at", direction: 1 }],
    });
    expect(asc.status).toBe(200);
    expect(asc.body.message_history.map((v: { text: string }) => v.text)).toEqual(["v1", "v2", "v3"]);
    const desc = await s.chat(bob.token, "POST", "/messages/history", { filter: { message_id: m.id } });
    expect(desc.body.message_history.map((v: { text: string }) => v.text)).toEqual(["v3", "v2", "v1"]);
    expect(
      (await s.chat(eve.token, "POST", "/messages/history", { filter: { message_id: m.id } })).status,
    ).toBe(403);
    expect((await s.chat(bob.token, "POST", "/messages/history", { filter: {} })).status).toBe(400);
  });
  it("forgets every version, its search rows and its text once the message is deleted", async () => {
    const { path } = await channel([bob.id]);
    const word = uniqueName("secret");
    const m = (await s.chat(ana.token, "POST", `${path}/messages`, { message: { text: `${word} one` } })).body
      .message;
    await s.chat(ana.token, "PUT", `/messages/${m.id}`, { message: { text: `${word} two` } });
    expect((await s.chat(bob.token, "GET", `/search/messages?q=${word}`)).body.results).toHaveLength(1);
    expect((await s.chat(ana.token, "DELETE", `/messages/${m.id}`)).status).toBe(200);
    for (const who of [ana, bob]) {
      const h = await s.chat(who.token, "POST", "/messages/history", { filter: { message_id: m.id } });
      expect(h.status).toBe(200);
      expect(h.body.message_history).toEqual([]);
      expect((await s.chat(who.token, "GET", `/search/messages?q=${word}`)).body.results).toEqual([]);
    }
    const page = (await s.chat(bob.token, "GET", `${path}/messages`)).body.messages;
    expect(JSON.stringify(page)).not.toContain(word);
  });
});

describe("mentions", () => {
  it("stores mentioned members and counts unread mentions separately", async () => {
    const { path, cid } = await channel([bob.id]);
    const m = await s.chat(ana.token, "POST", `${path}/messages`, {
      message: { text: `hey @${bob.id} and @${eve.id}`, mentioned_users: [bob.id, eve.id] },
    });
    expect(m.body.message.mentioned_users).toEqual([bob.id]);
    await s.chat(ana.token, "POST", `${path}/messages`, { message: { text: "no mention" } });
    const unread = await s.chat(bob.token, "GET", "/unread");
    expect(unread.body.channels.find((c: { cid: string }) => c.cid === cid)).toMatchObject({
      unread_count: 2,
      unread_mentions: 1,
    });
    const state = await s.chat(bob.token, "POST", `${path}/query`, {});
    expect(state.body.read.find((r: { user_id: string }) => r.user_id === bob.id).unread_mentions).toBe(1);
    await s.chat(bob.token, "POST", `${path}/read`, {});
    const after = await s.chat(bob.token, "GET", "/unread");
    expect(after.body.channels.find((c: { cid: string }) => c.cid === cid).unread_mentions).toBe(0);
  });
});

describe("pins", () => {
  it("lets the channel owner pin, lists pinned messages, and refuses members in group channels", async () => {
    const { path } = await channel([bob.id]);
    const m = (await s.chat(bob.token, "POST", `${path}/messages`, { message: { text: "pin me" } })).body
      .message;
    expect((await s.chat(bob.token, "POST", `/messages/${m.id}/pin`)).status).toBe(403);
    const pinned = await s.chat(ana.token, "POST", `/messages/${m.id}/pin`);
    expect(pinned.body.message.pinned_by_id).toBe(ana.id);
    expect(
      (await s.chat(bob.token, "GET", `${path}/pinned`)).body.messages.map((x: { id: string }) => x.id),
    ).toEqual([m.id]);
    await s.chat(ana.token, "POST", `/messages/${m.id}/unpin`);
    expect((await s.chat(bob.token, "GET", `${path}/pinned`)).body.messages).toEqual([]);
    expect((await s.chat(eve.token, "GET", `${path}/pinned`)).status).toBe(403);
  });

  it("lets the author pin their own message in a direct conversation", async () => {
    const dm = await s.chat(ana.token, "POST", "/channels/messaging/query", { data: { members: [bob.id] } });
    const path = `/channels/messaging/${dm.body.channel.id}`;
    const mine = (await s.chat(bob.token, "POST", `${path}/messages`, { message: { text: "mine" } })).body
      .message;
    const theirs = (await s.chat(ana.token, "POST", `${path}/messages`, { message: { text: "theirs" } })).body
      .message;
    expect((await s.chat(bob.token, "POST", `/messages/${mine.id}/pin`)).status).toBe(200);
    expect((await s.chat(bob.token, "POST", `/messages/${theirs.id}/pin`)).status).toBe(403);
  });
});
