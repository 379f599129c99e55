import { toCid } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { channelRow, memberRow, messageRow } from "../../src/store/testing/fixtures.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { ids, type Params, searchMessages, withQuery } from "./search-helpers.js";

/**
 * The filters of message search (docs/api.md "Search"), typed in `q` and given as parameters,
 * on whichever engine the test server runs (SQLite; PostgreSQL with DATABASE_URL + REDIS_URL).
 */
let s: TestServer;
const ana = { token: "", id: "" };
const bob = { token: "", id: "" };
const carol = { token: "", id: "" };
const zoo = { id: uniqueName("zoo"), path: "", cid: "" };
const ops = { id: uniqueName("ops"), path: "", cid: "" };
const secret = { id: uniqueName("sec"), path: "", cid: "" };
const history = { id: uniqueName("hist"), cid: "" };
const m: Record<string, string> = {};
/** The dated messages of #history, seeded with fixed times around 2024-03-10 (UTC). */
const dated: Record<string, string> = {};

async function channel(
  c: { id: string; path: string; cid: string },
  name: string,
  owner: string,
  members: string[],
) {
  c.path = `/channels/messaging/${c.id}`;
  c.cid = toCid("messaging", c.id);
  const r = await s.chat(owner, "POST", `${c.path}/query`, { data: { name, members } });
  expect(r.status).toBe(200);
}

async function send(token: string, path: string, text: string, extra: Record<string, unknown> = {}) {
  const r = await s.chat(token, "POST", `${path}/messages`, { message: { text, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.message.id as string;
}

async function upload(token: string, path: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob(["hello"], { type: "text/plain" }), "report.txt");
  const res = await fetch(`${s.url}/chat${path}/uploads?api_key=${s.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { file: { id: string } };
  expect(res.status).toBe(201);
  return body.file.id;
}

async function seedHistory() {
  const times = {
    eve: "2024-03-09T23:59:59.999Z",
    start: "2024-03-10T00:00:00.000Z",
    noon: "2024-03-10T12:00:00.000Z",
    end: "2024-03-10T23:59:59.999Z",
    next: "2024-03-11T00:00:00.000Z",
  };
  history.cid = toCid("messaging", history.id);
  await s.app.store.transaction(async (tx) => {
    await tx.channels.insert(
      channelRow({
        cid: history.cid,
        type: "messaging",
        id: history.id,
        name: "History",
        created_by_id: ana.id,
        member_count: 1,
      }),
    );
    await tx.members.insert(memberRow(history.cid, ana.id, { role: "owner" }));
    let seq = 0;
    for (const [key, at] of Object.entries(times)) {
      const row = messageRow(history.cid, ana.id, ++seq, {
        id: `${history.id}-${key}`,
        text: `dated ${key}`,
        created_at: at,
        updated_at: at,
      });
      await tx.messages.insert(row);
      dated[key] = row.id;
    }
    await tx.channels.update(history.cid, { last_seq: seq });
  });
}

beforeAll(async () => {
  s = await startTestServer();
  for (const [who, name] of [
    [ana, "Ana"],
    [bob, "Bob"],
    [carol, "Carol"],
  ] as const) {
    const a = await s.signup(uniqueName(name.toLowerCase()), name);
    who.token = a.streamToken;
    who.id = a.user.id;
  }
  await channel(zoo, "Zoo News", ana.token, [bob.id]);
  await channel(ops, "Ops", ana.token, [bob.id]);
  await channel(secret, "Secret", carol.token, [bob.id]);
  m.build = await send(ana.token, zoo.path, "the build failed again today");
  m.shout = await send(bob.token, zoo.path, "Build FAILED? no, the failed build passed");
  m.order = await send(bob.token, ops.path, "failed to build");
  m.link = await send(bob.token, zoo.path, "see https://example.com/Docs");
  m.upper = await send(ana.token, ops.path, "HTTPS://EXAMPLE.ORG upper case link");
  m.file = await send(ana.token, zoo.path, "report attached", {
    attachments: [await upload(ana.token, zoo.path)],
  });
  m.reply = await send(ana.token, ops.path, "a thread reply here", { parent_id: m.order });
  m.secret = await send(carol.token, secret.path, "build failed in secret");
  expect((await s.chat(ana.token, "POST", `/messages/${m.build}/pin`, {})).status).toBe(200);
  await seedHistory();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const find = async (token: string, params: Params) =>
  ids((await searchMessages(s, token, { limit: 100, ...params })).results);
const get = (token: string, params: Params) => s.chat(token, "GET", withQuery("/search/messages", params));

describe("message search filters", () => {
  test("a quoted phrase: the words in that order, next to each other, any case; highlighted whole", async () => {
    const page = await searchMessages(s, ana.token, { q: '"build failed"' });
    expect(ids(page.results)).toEqual([m.shout, m.build]);
    const shout = page.results[0]!;
    const text = shout.message.text;
    expect(shout.highlight.map((r) => text.slice(r.start, r.end))).toEqual(["Build FAILED"]);
    expect(await find(ana.token, { q: '"BUILD   failed"' })).toEqual([m.shout, m.build]);
    expect(await find(ana.token, { q: '"failed build"' })).toEqual([m.shout]);
    expect(await find(bob.token, { q: '"build failed"' })).toEqual([m.secret, m.shout, m.build]);
  });

  test("from:@user, case-insensitive, with and without words; the parameter means the same", async () => {
    expect(await find(ana.token, { q: `from:@${bob.id}` })).toEqual([m.link, m.order, m.shout]);
    expect(await find(ana.token, { q: `FROM:@${bob.id.toUpperCase()} build` })).toEqual([m.order, m.shout]);
    expect(await find(ana.token, { q: "build", from: bob.id })).toEqual([m.order, m.shout]);
    expect(await find(ana.token, { q: `from:${bob.id} from:@${carol.id}` })).toEqual([
      m.link,
      m.order,
      m.shout,
    ]);
  });

  test("in:#channel by name (any case, spaces as hyphens), id or cid, among the user's channels", async () => {
    const zooOnly = [m.file, m.link, m.shout, m.build];
    for (const ref of ["#zoo-news", '"ZOO NEWS"', `#${zoo.id}`, zoo.cid])
      expect(await find(ana.token, { q: `in:${ref}` }), ref).toEqual(zooOnly);
    expect(await find(ana.token, { in: "Zoo News" })).toEqual(zooOnly);
    expect(await find(ana.token, { q: "in:#ops build" })).toEqual([m.order]);
  });

  test("before:, after:, on: are whole days in UTC", async () => {
    const h = `in:#${history.id}`;
    expect(await find(ana.token, { q: `${h} on:2024-03-10` })).toEqual([dated.end, dated.noon, dated.start]);
    expect(await find(ana.token, { q: `${h} before:2024-03-10` })).toEqual([dated.eve]);
    expect(await find(ana.token, { q: `${h} after:2024-03-10` })).toEqual([dated.next]);
    expect(await find(ana.token, { q: `${h} after:2024-03-09 before:2024-03-11 dated` })).toEqual([
      dated.end,
      dated.noon,
      dated.start,
    ]);
    expect(await find(ana.token, { q: h, on: "2024-03-11" })).toEqual([dated.next]);
    expect(await find(ana.token, { q: `${h} after:2024-03-10 before:2024-03-10` })).toEqual([]);
  });

  test("has:file, has:link (http/https in any case), is:pinned, is:thread", async () => {
    expect(await find(ana.token, { q: "has:file" })).toEqual([m.file]);
    expect(await find(ana.token, { q: "HAS:LINK" })).toEqual([m.upper, m.link]);
    expect(await find(ana.token, { has: "link,file" })).toEqual([]);
    expect(await find(ana.token, { q: "is:pinned" })).toEqual([m.build]);
    expect(await find(ana.token, { q: "is:thread" })).toEqual([m.reply, m.order]);
    expect(await find(ana.token, { is: "thread", q: "reply" })).toEqual([m.reply]);
    expect(await find(ana.token, { q: "is:pinned is:thread" })).toEqual([]);
  });

  test("filters without words page with `next` like any search", async () => {
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const page = await searchMessages(s, ana.token, { q: `from:@${ana.id}`, limit: 2, next });
      seen.push(...ids(page.results));
      next = page.next;
    } while (next);
    const all = await find(ana.token, { q: `from:@${ana.id}` });
    expect(seen).toEqual(all);
    expect(all).toEqual(expect.arrayContaining([m.build, m.file, m.reply, m.upper, dated.next]));
  });

  test("never a message of a channel the user cannot read: not a member, or left", async () => {
    expect(await find(ana.token, { q: `from:@${carol.id}` })).toEqual([]);
    const bad = await get(ana.token, { q: "in:#secret" });
    const none = await get(ana.token, { q: "in:#nothing-called-this" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("in: you have no channel #secret");
    expect(none.body.error.message).toBe("in: you have no channel #nothing-called-this");

    expect(await find(bob.token, { q: "in:#ops" })).toEqual([m.reply, m.upper, m.order]);
    expect((await s.chat(bob.token, "POST", `${ops.path}/leave`, {})).status).toBe(200);
    expect((await get(bob.token, { q: "in:#ops" })).status).toBe(400);
    expect(await find(bob.token, { q: `from:@${bob.id}` })).toEqual([m.link, m.shout]);
    expect(await find(bob.token, { q: "is:thread" })).toEqual([]);
    expect(await find(bob.token, { q: "has:link" })).toEqual([m.link]);
  });

  test("a bad filter value → 400 validation naming the filter", async () => {
    const cases: [Params, string, string][] = [
      [{ q: "build before:2024-13-01" }, "q", 'before: "2024-13-01" is not a date; write it as YYYY-MM-DD'],
      [{ q: "on:yesterday" }, "q", 'on: "yesterday" is not a date; write it as YYYY-MM-DD'],
      [{ before: "2024-02-30" }, "before", 'before: "2024-02-30" is not a date; write it as YYYY-MM-DD'],
      [{ q: "has:gif" }, "q", 'has: "gif" is not a filter; use has:file or has:link'],
      [{ q: "is:starred" }, "q", 'is: "starred" is not a filter; use is:pinned or is:thread'],
      [{ q: "from:@nobody-at-all" }, "q", "from: there is no user @nobody-at-all"],
      [{ from: "nobody-at-all" }, "from", "from: there is no user @nobody-at-all"],
    ];
    for (const [params, field, message] of cases) {
      const r = await get(ana.token, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.code).toBe("validation");
      expect(r.body.error.message).toBe(message);
      expect(r.body.error.fields).toHaveProperty(field);
    }
    for (const params of [{ after: "10/03/2024" }, { has: "gif" }, { is: "pinned,,thread" }, { from: "" }]) {
      const r = await get(ana.token, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.fields).toHaveProperty(Object.keys(params)[0]!);
    }
  });

  test("a filter still being typed (no value yet) is left out; unknown names are words", async () => {
    expect(await find(ana.token, { q: "from:" })).toEqual([]);
    expect(await find(ana.token, { q: "build from:" })).toEqual([m.order, m.shout, m.build]);
    expect((await get(ana.token, { q: "column:value" })).status).toBe(200);
  });
});
