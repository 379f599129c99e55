import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChannelTypes } from "../../src/domain/channels/channel-types.js";
import { searchTerms } from "../../src/domain/search/search-text.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import type { Database } from "../../src/store/schema.js";
import { sqliteMessageSearch } from "../../src/store/sqlite/search-sqlite.js";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { createTestSchema, type TestSchema } from "../store/pg-test-schema.js";
import { type Corpus, expectedIds, seedCorpus } from "./search-corpus.js";

/**
 * The store's message search on each engine against the same oracle, so both give the same
 * results (PostgreSQL runs when DATABASE_URL is set, as in CI).
 */
const url = process.env.DATABASE_URL;
const QUERIES = [
  "the",
  "and of",
  "zanzibar",
  "ZANZ",
  "cafe",
  "café noir",
  "unicode",
  "water long",
  "prefixmatch",
  "wo",
];

async function search(store: Store, userId: string, q: string, limit: number): Promise<string[]> {
  const terms = searchTerms(q)!;
  const out: string[] = [];
  let before: { createdAt: string; id: string } | undefined;
  for (;;) {
    const hits = await store.search.messages({ userId, ...terms, before, limit });
    out.push(...hits.map((h) => h.message.id));
    const last = hits.at(-1);
    if (hits.length < limit || !last) return out;
    before = { createdAt: last.message.created_at, id: last.message.id };
  }
}

function engineSuite(name: string, open: () => Promise<{ store: Store; cleanup(): Promise<void> }>) {
  describe(`message search on ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    let corpus: Corpus;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
      await new ChannelTypes(store, () => new Date()).seed();
      corpus = await seedCorpus(store, "en");
    }, 120_000);
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    test("matches the oracle for common, rare, prefix, accented and multi-word queries, page by page", async () => {
      for (const q of QUERIES) {
        const expected = expectedIds(corpus, q);
        expect(await search(store, corpus.me, q, 37), q).toEqual(expected);
        expect((await search(store, corpus.me, q, 100)).slice(0, 10), q).toEqual(expected.slice(0, 10));
      }
    });

    test("the index follows writes: an edit is found by its new words only, a deleted message not at all", async () => {
      const target = corpus.messages.find((m) => corpus.memberCids.has(m.cid))!;
      const find = (q: string) => search(store, corpus.me, q, 100);
      await store.messages.update(target.id, { text: "Xylophonist reprise" });
      expect(await find("xylophonist")).toEqual([target.id]);
      expect(await find("reprise xyloph")).toEqual([target.id]);
      await store.messages.update(target.id, { type: "deleted", text: "" });
      expect(await find("xylophonist")).toEqual([]);
      // Keep the oracle in step: a deleted message has no text to match.
      target.text = "";
    });

    test("letters that fold to punctuation are words as in a message, and never query syntax", async () => {
      // Not the message the test before deleted: the last one the user can see.
      const target = corpus.messages.findLast((m) => corpus.memberCids.has(m.cid))!;
      const find = (q: string) => search(store, corpus.me, q, 100);
      // ʻ (U+02BB) is a letter; PostgreSQL's unaccent folds it to an apostrophe.
      await store.messages.update(target.id, { text: "Hawaiʻi qwertyuiop" });
      target.text = "Hawaiʻi qwertyuiop";
      expect(await find("hawaiʻi")).toEqual([target.id]);
      expect(await find("qwertyuiop hawaiʻi")).toEqual([target.id]);
      for (const q of ["ʻ", "ЋỄꚬᑡʻ𑆦𐖗⾌", "ʻ:* | !", "ʻʻ qwertyuiop"]) {
        const terms = searchTerms(q);
        if (terms)
          await expect(
            store.search.messages({ userId: corpus.me, ...terms, limit: 10 }),
            q,
          ).resolves.toBeDefined();
      }
    });

    test("another user sees only their own channels' messages", async () => {
      const other = corpus.users[7]!;
      const theirs = new Set<string>();
      for (const c of corpus.channels) if (await store.members.get(c.cid, other)) theirs.add(c.cid);
      expect(await search(store, other, "the", 100)).toEqual(expectedIds(corpus, "the", theirs));
    });
  });
}

describe("SQLite message search: every plan gives the oracle's answer", () => {
  let dir: string;
  let store: Store;
  let corpus: Corpus;
  let db: Kysely<Database>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "parley-search-"));
    store = await openSqliteStore({ filename: join(dir, "search.db") });
    await new ChannelTypes(store, () => new Date()).seed();
    corpus = await seedCorpus(store, "pl");
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(join(dir, "search.db")) }),
    });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("both plans: the newest-rowid window (never too wide) and sorting every match (always too wide)", async () => {
    for (const wideWindow of [0, 1_000_000]) {
      const find = sqliteMessageSearch(db, wideWindow);
      for (const q of QUERIES) {
        const terms = searchTerms(q)!;
        const out: string[] = [];
        let before: { createdAt: string; id: string } | undefined;
        for (;;) {
          const page = await find({ userId: corpus.me, ...terms, before, limit: 23 });
          out.push(...page);
          const last = corpus.messages.find((m) => m.id === page.at(-1));
          if (page.length < 23 || !last) break;
          before = { createdAt: last.created_at, id: last.id };
        }
        expect(out, `${q} (wideWindow ${wideWindow})`).toEqual(expectedIds(corpus, q));
      }
    }
  });
});

engineSuite("SQLite (FTS5)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "parley-search-"));
  const store = await openSqliteStore({ filename: join(dir, "search.db") });
  return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

if (url) {
  engineSuite("PostgreSQL (tsvector + GIN)", async () => {
    await requirePostgres();
    const schema: TestSchema = await createTestSchema(url);
    const store = await openPostgresStore({ url, schema: schema.name });
    return { store, cleanup: () => schema.drop() };
  });
} else {
  describe.skip("message search on PostgreSQL (set DATABASE_URL)", () => {
    test("skipped", () => undefined);
  });
}
