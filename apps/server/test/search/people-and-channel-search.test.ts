import type { ChannelResponse, UserResponse } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type Corpus, MEMBER_CHANNELS, seedCorpus } from "./search-corpus.js";
import { markUserDeleted, type Params, tokenFor, withQuery } from "./search-helpers.js";

let s: TestServer;
let corpus: Corpus;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  corpus = await seedCorpus(s.app.store, "pc");
  token = await tokenFor(s, corpus.me);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

async function users(params: Params, as = token): Promise<string[]> {
  const r = await s.chat(as, "GET", withQuery("/search/users", params));
  expect(r.status).toBe(200);
  return (r.body.users as UserResponse[]).map((u) => u.id);
}

async function channels(params: Params, as = token): Promise<ChannelResponse[]> {
  const r = await s.chat(as, "GET", withQuery("/search/channels", params));
  expect(r.status).toBe(200);
  return r.body.channels as ChannelResponse[];
}

describe("user search", () => {
  test("matches an id prefix, excludes the current user, sorted by id ascending", async () => {
    const found = await users({ q: "pc-u0", limit: 100 });
    expect(found).toEqual(corpus.users.filter((u) => u.startsWith("pc-u0") && u !== corpus.me));
    expect(found).not.toContain(corpus.me);
    expect([...found].sort()).toEqual(found);
  });

  test("matches a name prefix and a word prefix, case-insensitively", async () => {
    const byFirst = await users({ q: "ALI", limit: 100 });
    const byLast = await users({ q: "nguy", limit: 100 });
    expect(byFirst.length).toBeGreaterThan(0);
    expect(byLast.length).toBeGreaterThan(0);
    const names = async (ids: string[]) =>
      (await s.app.store.users.getMany(ids)).map((u) => u.name.toLowerCase());
    expect((await names(byFirst)).every((n) => n.startsWith("ali"))).toBe(true);
    expect((await names(byLast)).every((n) => n.split(" ").some((w) => w.startsWith("nguy")))).toBe(true);
    expect((await users({ q: "lice", limit: 100 })).filter((id) => id.startsWith("pc-"))).toEqual([]);
  });

  test("limit and offset page through the results in id order without overlap", async () => {
    const all = await users({ q: "pc-u", limit: 100 });
    expect(all).toHaveLength(corpus.users.length - 1);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 10)
      paged.push(...(await users({ q: "pc-u", limit: 10, offset })));
    expect(paged).toEqual(all);
  });

  test("deleted users are never returned", async () => {
    const victim = corpus.users[5]!;
    expect(await users({ q: victim })).toEqual([victim]);
    await markUserDeleted(s, victim);
    expect(await users({ q: victim })).toEqual([]);
  });
});

test("user search: a user banned app-wide is listed without their activity", async () => {
  const banned = corpus.users[6]!;
  await s.app.store.users.setLastActive(banned, new Date().toISOString());
  const before = await s.chat(token, "GET", withQuery("/search/users", { q: banned }));
  expect(before.body.users[0].last_active).not.toBeNull();
  await s.app.store.moderation.putBan({
    user_id: banned,
    scope: "*",
    reason: "spam",
    banned_by_id: corpus.me,
    created_at: new Date().toISOString(),
    expires_at: null,
    shadow: false,
  });
  const after = await s.chat(token, "GET", withQuery("/search/users", { q: banned }));
  expect(after.body.users).toEqual([
    expect.objectContaining({ id: banned, online: false, last_active: null }),
  ]);
});

describe("channel search", () => {
  test("only channels the user belongs to, matched by name, sorted by name", async () => {
    const all = await channels({ q: "", limit: 100 });
    expect(all.map((c) => c.cid).sort()).toEqual([...corpus.memberCids].sort());
    expect(all).toHaveLength(MEMBER_CHANNELS);
    const names = all.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  test("a name prefix and a word prefix match, case-insensitively; non-member channels never do", async () => {
    const alpha = await channels({ q: "ALPHA", limit: 100 });
    const expected = corpus.channels.filter((c) => corpus.memberCids.has(c.cid) && /alpha/i.test(c.name));
    expect(alpha.map((c) => c.cid).sort()).toEqual(expected.map((c) => c.cid).sort());
    const ops = await channels({ q: "ops", limit: 100 });
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.every((c) => c.name.startsWith("dev-ops"))).toBe(true);
    const review = await channels({ q: "review", limit: 100 });
    expect(review.every((c) => c.name.startsWith("q3_review"))).toBe(true);
    const notMine = corpus.channels.filter((c) => !corpus.memberCids.has(c.cid)).map((c) => c.cid);
    const everything = await channels({ q: "", limit: 100 });
    expect(everything.some((c) => notMine.includes(c.cid))).toBe(false);
  });

  test("limit and offset page through the results", async () => {
    const all = await channels({ q: "", limit: 100 });
    const paged = [
      ...(await channels({ q: "", limit: 5, offset: 0 })),
      ...(await channels({ q: "", limit: 5, offset: 5 })),
      ...(await channels({ q: "", limit: 5, offset: 10 })),
    ];
    expect(paged.map((c) => c.cid)).toEqual(all.map((c) => c.cid));
  });

  test("a channel the user left no longer matches", async () => {
    const other = await s.signup();
    const create = await s.chat(other.streamToken, "POST", "/channels/messaging/pc-left/query", {
      data: { name: "Leaving Soon", members: [] },
    });
    expect(create.status).toBe(200);
    expect((await channels({ q: "leaving" }, other.streamToken)).map((c) => c.cid)).toEqual([
      "messaging:pc-left",
    ]);
    await s.chat(other.streamToken, "POST", "/channels/messaging/pc-left/leave", {});
    expect(await channels({ q: "leaving" }, other.streamToken)).toEqual([]);
  });
});
