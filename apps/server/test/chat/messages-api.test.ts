import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

let s: TestServer;
let ana: string;
let bob: string;
let path: string;

beforeAll(async () => {
  s = await startTestServer();
  const [a, b] = await Promise.all([s.signup(), s.signup()]);
  [ana, bob] = [a.streamToken, b.streamToken];
  const id = uniqueName("c");
  path = `/channels/messaging/${id}`;
  await s.chat(ana, "POST", `${path}/query`, { data: { members: [b.user.id] } });
});
afterAll(() => s.close());

const send = (token: string, text: string, id?: string) =>
  s.chat(token, "POST", `${path}/messages`, { message: { text, ...(id ? { id } : {}) } });

describe("messages", () => {
  it("trims text and rejects empty and over-long messages", async () => {
    const r = await send(ana, "  hello  ");
    expect(r.status).toBe(201);
    expect(r.body.message).toMatchObject({ text: "hello", type: "regular", edited_at: null });
    for (const text of ["", "   \n "]) {
      const bad = await send(ana, text);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields["message.text"]).toMatch(/empty/);
    }
    const long = await send(ana, "x".repeat(5001));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/at most 5000/);
    expect((await send(ana, "x".repeat(5000))).status).toBe(201);
  });

  it("gives a message sent without an id a time-ordered UUID (version 7), later ones sorting after", async () => {
    const ids: string[] = [];
    for (const text of ["first", "second", "third"]) ids.push((await send(ana, text)).body.message.id);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
  });

  it("deduplicates a retried send by client id", async () => {
    const id = uniqueName("msg");
    const results = await Promise.all([send(ana, "once", id), send(ana, "once", id), send(ana, "once", id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.message.seq)).size).toBe(1);
    const page = await s.chat(ana, "GET", `${path}/messages?limit=300`);
    expect(page.body.messages.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
    const stolen = await send(bob, "mine now", id);
    expect(stolen.status).toBe(409);
  });

  it("answers a retry with the original only to a sender who may still post there", async () => {
    const [owner, member, left] = await Promise.all([s.signup(), s.signup(), s.signup()]);
    const dm = `/channels/messaging/${uniqueName("c")}`;
    await s.chat(owner.streamToken, "POST", `${dm}/query`, {
      data: { members: [member.user.id, left.user.id] },
    });
    const sent = async (who: typeof owner, text: string) => {
      const message = { text, id: uniqueName("msg") };
      const first = await s.chat(who.streamToken, "POST", `${dm}/messages`, { message });
      expect(first.status).toBe(201);
      expect((await s.chat(who.streamToken, "POST", `${dm}/messages`, { message })).status).toBe(200);
      await s.chat(owner.streamToken, "POST", `/messages/${message.id}/reaction`, {
        reaction: { type: "like" },
      });
      return { message, cid: first.body.message.cid as string };
    };
    const byMember = await sent(member, "sent before the ban");
    const byLeaver = await sent(left, "sent before leaving");
    const ban = { target_user_id: member.user.id, cid: byMember.cid };
    expect((await s.chat(owner.streamToken, "POST", "/moderation/ban", ban)).status).toBeLessThan(300);
    const retry = await s.chat(member.streamToken, "POST", `${dm}/messages`, { message: byMember.message });
    expect(retry.status).toBe(403);
    expect(retry.body.error.message).toMatch(/banned/);
    expect(JSON.stringify(retry.body)).not.toContain("like");
    const remove = { remove: [left.user.id] };
    expect((await s.chat(owner.streamToken, "POST", `${dm}/members`, remove)).status).toBe(200);
    const gone = await s.chat(left.streamToken, "POST", `${dm}/messages`, { message: byLeaver.message });
    expect(gone.status).toBe(403);
    expect(JSON.stringify(gone.body)).not.toContain("like");
    const read = await s.chat(left.streamToken, "GET", `${dm}/messages`);
    expect(gone.body.error.code).toBe(read.body.error.code);
  });

  it("edits and deletes own messages only", async () => {
    const m = (await send(ana, "draft")).body.message;
    expect((await s.chat(bob, "PUT", `/messages/${m.id}`, { message: { text: "hacked" } })).status).toBe(403);
    const edited = await s.chat(ana, "PUT", `/messages/${m.id}`, { message: { text: "final" } });
    expect(edited.body.message).toMatchObject({ text: "final" });
    expect(edited.body.message.edited_at).not.toBeNull();
    expect((await s.chat(bob, "DELETE", `/messages/${m.id}`)).status).toBe(403);
    const deleted = await s.chat(ana, "DELETE", `/messages/${m.id}`);
    expect(deleted.body.message).toMatchObject({ type: "deleted", text: "" });
    expect((await s.chat(ana, "PUT", `/messages/${m.id}`, { message: { text: "again" } })).status).toBe(400);
    const page = await s.chat(bob, "GET", `${path}/messages?limit=300`);
    expect(page.body.messages.find((x: { id: string }) => x.id === m.id)).toMatchObject({
      type: "deleted",
      text: "",
    });
    expect((await s.chat(ana, "GET", "/messages/nope")).status).toBe(404);
  });

  it("pages history of 100 before and after a message, oldest first", async () => {
    const id = uniqueName("h");
    const p = `/channels/messaging/${id}`;
    await s.chat(ana, "POST", `${p}/query`, {});
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) {
      ids.push((await s.chat(ana, "POST", `${p}/messages`, { message: { text: `m${i}` } })).body.message.id);
    }
    const newest = await s.chat(ana, "GET", `${p}/messages`);
    expect(newest.body.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 100 }, (_, i) => `m${150 + i}`),
    );
    const older = await s.chat(ana, "GET", `${p}/messages?id_lt=${ids[150]}`);
    expect(older.body.messages[0].text).toBe("m50");
    expect(older.body.messages.at(-1).text).toBe("m149");
    const after = await s.chat(ana, "GET", `${p}/messages?id_gt=${ids[9]}&limit=5`);
    expect(after.body.messages.map((m: { text: string }) => m.text)).toEqual([
      "m10",
      "m11",
      "m12",
      "m13",
      "m14",
    ]);
    const around = await s.chat(ana, "GET", `${p}/messages?id_around=${ids[100]}&limit=4`);
    expect(around.body.messages.map((m: { text: string }) => m.text)).toEqual([
      "m98",
      "m99",
      "m100",
      "m101",
      "m102",
    ]);
    expect((await s.chat(ana, "GET", `${p}/messages?limit=301`)).status).toBe(400);
    expect(
      (await s.chat(ana, "GET", `${p}/messages?id_lt=${(await send(ana, "elsewhere")).body.message.id}`))
        .status,
    ).toBe(400);
  });

  it("counts unread per channel and in total, and mark read clears them", async () => {
    const id = uniqueName("u");
    const p = `/channels/messaging/${id}`;
    const bobId = (await s.chat(bob, "GET", "/me")).body.user.id;
    await s.chat(ana, "POST", `${p}/query`, { data: { members: [bobId] } });
    const before = (await s.chat(bob, "GET", "/unread")).body.total_unread_count;
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push((await s.chat(ana, "POST", `${p}/messages`, { message: { text: `u${i}` } })).body.message);
    const unread = await s.chat(bob, "GET", "/unread");
    expect(unread.body.total_unread_count).toBe(before + 3);
    expect(unread.body.channels.find((c: { cid: string }) => c.cid === `messaging:${id}`).unread_count).toBe(
      3,
    );
    expect(
      (await s.chat(ana, "GET", "/unread")).body.channels.find(
        (c: { cid: string }) => c.cid === `messaging:${id}`,
      ).unread_count,
    ).toBe(0);
    const partial = await s.chat(bob, "POST", `${p}/read`, { message_id: sent[0].id });
    expect(partial.body.read.unread_messages).toBe(2);
    const all = await s.chat(bob, "POST", `${p}/read`, {});
    expect(all.body.read).toMatchObject({ unread_messages: 0, last_read_message_id: sent[2].id });
    expect((await s.chat(bob, "GET", "/unread")).body.total_unread_count).toBe(before);
    const me = await s.chat(bob, "GET", "/me");
    expect(me.body.user.total_unread_count).toBe(before);
  });

  it("rejects unknown fields and wrong types with 400", async () => {
    const r = await s.chat(ana, "POST", `${path}/messages`, { message: { text: 5 } });
    expect(r.status).toBe(400);
    const extra = await s.chat(ana, "POST", `${path}/messages`, { message: { text: "x", html: "<b>" } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields["message.html"]).toBe("unknown field");
    const nul = await s.chat(ana, "POST", `${path}/messages`, { message: { text: "a\u0000b" } });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields["message.text"]).toBe("must not contain NUL characters");
  });
});
