import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser, uniqueName } from "../helpers/test-server.js";
import { authedSocket } from "../helpers/ws-client.js";

let s: TestServer;
let ana: TestUser;
let bob: TestUser;
let cat: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  [ana, bob, cat] = (await s.users(3)) as [TestUser, TestUser, TestUser];
});
afterAll(() => s.close());

interface Summary {
  parent: { id: string; text: string };
  channel: { cid: string; name: string };
  reply_count: number;
  last_reply_at: string;
  latest_replies: { text: string }[];
  participants: { id: string }[];
  participant_count: number;
  unread_replies: number;
}

/** A fresh messaging channel of these members, made by the first. */
async function channel(owner: TestUser, others: TestUser[], name = uniqueName("n")) {
  const id = uniqueName("t");
  const path = `/channels/messaging/${id}`;
  const res = await s.chat(owner.token, "POST", `${path}/query`, {
    data: { name, members: others.map((u) => u.id) },
  });
  expect(res.status).toBe(200);
  const send = async (u: TestUser, text: string, parent_id?: string) => {
    const r = await s.chat(u.token, "POST", `${path}/messages`, { message: { text, parent_id } });
    expect(r.status).toBe(201);
    return r.body.message as { id: string; seq: number };
  };
  return { cid: `messaging:${id}`, path, name, send };
}

async function inbox(u: TestUser, query = ""): Promise<{ threads: Summary[]; next?: string }> {
  const res = await s.chat(u.token, "GET", `/threads${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Every page of the user's inbox, following `next`. */
async function allThreads(u: TestUser, limit: number): Promise<Summary[]> {
  const out: Summary[] = [];
  let next: string | undefined;
  do {
    const page = await inbox(u, `?limit=${limit}${next ? `&next=${next}` : ""}`);
    expect(page.threads.length).toBeLessThanOrEqual(limit);
    out.push(...page.threads);
    next = page.next;
  } while (next);
  return out;
}

const byActivity = (a: Summary, b: Summary) =>
  b.last_reply_at.localeCompare(a.last_reply_at) || b.parent.id.localeCompare(a.parent.id);

describe("GET /chat/threads", () => {
  it("lists the threads the user wrote the parent or a reply of, newest reply first", async () => {
    const c = await channel(ana, [bob, cat]);
    const mine = await c.send(ana, "ana asks");
    const theirs = await c.send(cat, "cat asks");
    const untouched = await c.send(cat, "nobody answers");
    const alone = await c.send(bob, "bob and cat only");
    await c.send(bob, "bob answers ana", mine.id);
    await c.send(ana, "ana answers cat", theirs.id);
    await c.send(cat, "cat answers bob", alone.id);
    await c.send(bob, "bob again", mine.id);

    const { threads } = await inbox(ana);
    const here = threads.filter((t) => t.channel.cid === c.cid);
    expect(here.map((t) => t.parent.text)).toEqual(["ana asks", "cat asks"]);
    expect(here.map((t) => t.parent.id)).not.toContain(untouched.id);
    expect([...threads].sort(byActivity)).toEqual(threads);
    const first = here[0]!;
    expect(first).toMatchObject({
      channel: { cid: c.cid, name: c.name },
      reply_count: 2,
      participant_count: 2,
      unread_replies: 2,
    });
    expect(first.latest_replies.map((r) => r.text)).toEqual(["bob answers ana", "bob again"]);
    expect(first.participants.map((p) => p.id)).toEqual([ana.id, bob.id]);
    // Ana's own reply read the thread up to it.
    expect(here[1]).toMatchObject({ unread_replies: 0, reply_count: 1 });
    expect(
      (await inbox(bob)).threads.filter((t) => t.channel.cid === c.cid).map((t) => t.parent.text),
    ).toEqual(["ana asks", "bob and cat only"]);
  });

  it("counts unread replies as GET /unread does, and clears them with a thread read mark", async () => {
    const c = await channel(ana, [bob]);
    const parent = await c.send(ana, "count me");
    await c.send(bob, "one", parent.id);
    await c.send(bob, "two", parent.id);
    await c.send(ana, "mine does not count", parent.id);
    await c.send(bob, "three", parent.id);
    const row = (await inbox(ana)).threads.find((t) => t.parent.id === parent.id)!;
    const unread = (await s.chat(ana.token, "GET", "/unread")).body.threads.find(
      (t: { parent_id: string }) => t.parent_id === parent.id,
    );
    expect(row.unread_replies).toBe(1);
    expect(unread.unread_replies).toBe(row.unread_replies);
    const sock = await authedSocket(s.wsUrl, s.apiKey, ana.token);
    expect((await s.chat(ana.token, "POST", `/messages/${parent.id}/thread/read`, {})).status).toBe(200);
    const read = await sock.next((f) => f.type === "notification.thread_read" && f.parent_id === parent.id);
    expect(read.cid).toBe(c.cid);
    sock.close();
    expect((await inbox(ana)).threads.find((t) => t.parent.id === parent.id)?.unread_replies).toBe(0);
  });

  it("leaves out a channel the user left, and one deleted", async () => {
    const left = await channel(ana, [bob, cat]);
    const p1 = await left.send(cat, "before leaving");
    await left.send(bob, "bob replies", p1.id);
    await left.send(cat, "cat replies", p1.id);
    const gone = await channel(ana, [bob]);
    const p2 = await gone.send(bob, "in a channel to be deleted");
    await gone.send(ana, "ana replies", p2.id);
    const before = (await inbox(bob)).threads.map((t) => t.parent.id);
    expect(before).toEqual(expect.arrayContaining([p1.id, p2.id]));
    expect((await s.chat(bob.token, "POST", `${left.path}/leave`, {})).status).toBe(200);
    expect((await s.chat(ana.token, "DELETE", gone.path)).status).toBe(200);
    const after = (await allThreads(bob, 50)).map((t) => t.parent.id);
    expect(after).not.toContain(p1.id);
    expect(after).not.toContain(p2.id);
    expect((await inbox(cat)).threads.map((t) => t.parent.id)).toContain(p1.id);
  });

  it("pages with an opaque next through every thread once, in order", async () => {
    const u = (await s.users(1))[0]!;
    const c = await channel(u, [bob]);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await c.send(u, `paged ${i}`);
      await c.send(bob, `reply ${i}`, p.id);
      ids.push(p.id);
    }
    // An old thread with a new reply comes first again.
    await c.send(bob, "bump", ids[0]);
    const all = await allThreads(u, 3);
    expect(all).toHaveLength(7);
    expect(new Set(all.map((t) => t.parent.id)).size).toBe(7);
    expect([...all].sort(byActivity)).toEqual(all);
    expect(all[0]!.parent.id).toBe(ids[0]);
    expect((await inbox(u, "?limit=7")).next).toBeUndefined();
  });

  it("answers a user in no thread with an empty list", async () => {
    const u = (await s.users(1))[0]!;
    expect(await inbox(u)).toEqual({ threads: [] });
  });

  it("refuses a cursor it did not give and a bad limit", async () => {
    for (const q of ["?next=xyz", "?next=%2B%2B", "?limit=0", "?limit=51", "?limit=abc", "?other=1"]) {
      const res = await s.chat(ana.token, "GET", `/threads${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation");
    }
  });
});
