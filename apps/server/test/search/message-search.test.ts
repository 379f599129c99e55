import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  CHANNELS,
  type Corpus,
  expectedIds,
  MEMBER_CHANNELS,
  MESSAGES,
  seedCorpus,
  USERS,
} from "./search-corpus.js";
import { allPages, ids, searchMessages, tokenFor } from "./search-helpers.js";

let s: TestServer;
let corpus: Corpus;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  corpus = await seedCorpus(s.app.store, "ms");
  token = await tokenFor(s, corpus.me);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const byKeyDesc = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : -1;

describe("message search over a generated corpus", () => {
  test("the corpus is what the rules are tested on: ≥ 5,000 messages, ≥ 20 channels, ≥ 50 users", () => {
    expect(corpus.messages.length).toBeGreaterThanOrEqual(5_000);
    expect(MESSAGES).toBeGreaterThanOrEqual(5_000);
    expect(CHANNELS).toBeGreaterThanOrEqual(20);
    expect(USERS).toBeGreaterThanOrEqual(50);
    // Enough rows arrived out of time order, and enough share a second, to test the sort.
    const outOfOrder = corpus.messages.filter(
      (m, i) => i > 0 && m.created_at < corpus.messages[i - 1]!.created_at,
    );
    expect(outOfOrder.length).toBeGreaterThan(100);
  });

  test("only channels the user is a member of: a word in every channel is found only in theirs", async () => {
    const all = (await allPages(s, token, "the", 100)).flat();
    expect(all.length).toBeGreaterThan(1000);
    expect(all.every((r) => corpus.memberCids.has(r.message.cid))).toBe(true);
    const seen = new Set(all.map((r) => r.message.cid));
    expect(seen.size).toBe(MEMBER_CHANNELS);
    const elsewhere = corpus.messages.filter((m) => !corpus.memberCids.has(m.cid) && /\bthe\b/.test(m.text));
    expect(elsewhere.length).toBeGreaterThan(0);
  });

  test("sort order: newest first by created_at, ties by id, for a common and a rare word", async () => {
    for (const q of ["the", "zanzibar", "water long"]) {
      const all = (await allPages(s, token, q, 100)).flat();
      const keys = all.map((r) => ({ created_at: r.message.created_at, id: r.message.id }));
      expect([...keys].sort(byKeyDesc)).toEqual(keys);
      expect(ids(all)).toEqual(expectedIds(corpus, q));
    }
  });

  test("the first page of a common word is exactly the newest matches, even with late-arriving rows", async () => {
    for (const q of ["the", "and", "of", "a"]) {
      const page = await searchMessages(s, token, { q, limit: 10 });
      expect(ids(page.results)).toEqual(expectedIds(corpus, q).slice(0, 10));
      expect(page.next).toBeTypeOf("string");
    }
  });

  test("cursor paging: pages chain through next with no duplicates and no gaps, the last has no next", async () => {
    for (const [q, limit] of [
      ["the", 97],
      ["water", 10],
      ["zanzibar", 3],
    ] as const) {
      const pages = await allPages(s, token, q, limit);
      const flat = ids(pages.flat());
      expect(new Set(flat).size).toBe(flat.length);
      expect(flat).toEqual(expectedIds(corpus, q));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  test("a page that ends exactly at the last result carries no next", async () => {
    const total = expectedIds(corpus, "zanzibar").length;
    expect(total).toBeGreaterThan(0);
    const page = await searchMessages(s, token, { q: "zanzibar", limit: total });
    expect(page.results).toHaveLength(total);
    expect(page.next).toBeUndefined();
  });

  test("prefix matching applies to the last word: 'prefixmatch' finds 'prefixmatching'", async () => {
    const hits = (await allPages(s, token, "prefixmatch", 100)).flat();
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((r) => r.message.text.includes("prefixmatching"))).toBe(true);
    expect(ids(hits)).toEqual(expectedIds(corpus, "prefixmatch"));
  });

  test("prefix matching applies to the last word only: earlier words must match whole", async () => {
    const whole = await searchMessages(s, token, { q: "prefixmatching works", limit: 100 });
    expect(whole.results.length).toBeGreaterThan(0);
    const partial = await searchMessages(s, token, { q: "prefixmatch works", limit: 100 });
    expect(partial.results).toEqual([]);
  });

  test("accents and case are folded: café, cafe, CAFÉ and a combining accent all meet", async () => {
    const expected = expectedIds(corpus, "cafe");
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ["cafe", "café", "CAFÉ", "Cafe\u0301"]) {
      expect(ids((await allPages(s, token, q, 100)).flat())).toEqual(expected);
    }
    const texts = new Set((await allPages(s, token, "cafe", 100)).flat().map((r) => r.message.text));
    expect(texts.has("Un café noir, s'il vous plaît")).toBe(true);
    expect(texts.has("CAFE open until late")).toBe(true);
    expect(texts.has("cafe\u0301 written with a combining accent")).toBe(true);
  });

  test("accent folding: 'unicode' finds 'Ünïcödé', and so does 'ÜNÏCÖDÉ'", async () => {
    const a = await searchMessages(s, token, { q: "unicode", limit: 100 });
    const b = await searchMessages(s, token, { q: "ÜNÏCÖDÉ", limit: 100 });
    expect(a.results.length).toBeGreaterThan(0);
    expect(a.results.every((r) => r.message.text.startsWith("Ünïcödé"))).toBe(true);
    expect(ids(b.results)).toEqual(ids(a.results));
  });

  test("case is folded: 'ZANZIBAR' finds 'zanzibar' and 'Zanzibar'", async () => {
    const upper = ids((await allPages(s, token, "ZANZIBAR", 100)).flat());
    expect(upper).toEqual(expectedIds(corpus, "zanzibar"));
    const texts = new Set((await allPages(s, token, "zanzibar", 100)).flat().map((r) => r.message.text));
    expect([...texts].sort()).toEqual(["Zanzibar again, with photos", "zanzibar trip next spring"]);
  });

  test("highlight marks the matched words as UTF-16 ranges of the text, not markup", async () => {
    const page = await searchMessages(s, token, { q: "cafe", limit: 100 });
    const noir = page.results.find((r) => r.message.text.startsWith("Un café"))!;
    expect(noir.highlight).toEqual([{ start: 3, end: 7 }]);
    expect(noir.message.text.slice(3, 7)).toBe("café");
    const combining = page.results.find((r) => r.message.text.startsWith("cafe\u0301"))!;
    expect(combining.message.text.slice(combining.highlight[0]!.start, combining.highlight[0]!.end)).toBe(
      "cafe\u0301",
    );
    const two = await searchMessages(s, token, { q: "trip zanz", limit: 5 });
    expect(two.results[0]!.highlight).toEqual([
      { start: 0, end: 8 },
      { start: 9, end: 13 },
    ]);
  });

  test("a result carries what the UI renders: message, author, channel and time", async () => {
    const [r] = (await searchMessages(s, token, { q: "zanzibar", limit: 1 })).results;
    const seeded = corpus.messages.find((m) => m.id === r!.message.id)!;
    const channel = corpus.channels.find((c) => c.cid === seeded.cid)!;
    expect(r).toEqual({
      message: {
        id: seeded.id,
        cid: seeded.cid,
        text: seeded.text,
        created_at: seeded.created_at,
        parent_id: null,
        user: { id: expect.any(String), name: expect.any(String), image: "" },
        mentioned_users: [],
      },
      channel: {
        cid: channel.cid,
        type: "messaging",
        id: channel.cid.slice("messaging:".length),
        name: channel.name,
        image: "",
        is_direct: false,
      },
      highlight: [{ start: expect.any(Number), end: expect.any(Number) }],
    });
  });

  test("a user who belongs to no channel finds nothing", async () => {
    const loner = await s.signup();
    const page = await searchMessages(s, loner.streamToken, { q: "the", limit: 100 });
    expect(page).toEqual({ results: [] });
  });
});
