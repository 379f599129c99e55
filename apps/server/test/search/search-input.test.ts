import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { encodeCursor } from "../../src/domain/page-cursor.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";
import { type Params, withQuery } from "./search-helpers.js";

let s: TestServer;
let token: string;
let path: string;

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.signup();
  token = a.streamToken;
  const id = uniqueName("c");
  path = `/channels/messaging/${id}`;
  await s.chat(token, "POST", `${path}/query`, { data: { members: [] } });
  for (const text of [
    'say "hello" to AND OR NOT',
    "stars * and carets ^ here",
    "near(the) column:value -minus",
  ]) {
    await s.chat(token, "POST", `${path}/messages`, { message: { text } });
  }
});
afterAll(async () => {
  await s?.close();
});

const get = (route: string, params: Params) => s.chat(token, "GET", withQuery(route, params));

describe("search input", () => {
  test("a query of only punctuation returns nothing, not an error", async () => {
    for (const q of ["!!!", "...", "?", '"', "*", "()", "-", ":", "^", "«»", "🙂", "   "]) {
      const r = await get("/search/messages", { q });
      expect(r.status, q).toBe(200);
      expect(r.body, q).toEqual({ results: [] });
    }
  });

  test("an empty or missing query returns nothing", async () => {
    expect((await get("/search/messages", { q: "" })).body).toEqual({ results: [] });
    expect((await get("/search/messages", {})).body).toEqual({ results: [] });
  });

  test("FTS query syntax in the text is searched for as words, never run as syntax", async () => {
    const cases: [string, number][] = [
      ['"hello"', 1],
      ["hello AND", 1],
      ["AND OR NOT", 1],
      ["OR", 1],
      ["stars *", 1],
      ["carets ^", 1],
      ["near(the)", 1],
      ["column:value", 1],
      ["-minus", 1],
      ['"unterminated', 0],
      ["NEAR(a b, 3)", 0],
      ["{col}: x", 0],
      ["a'b\\c", 0],
    ];
    for (const [q, n] of cases) {
      const r = await get("/search/messages", { q });
      expect(r.status, q).toBe(200);
      expect(r.body.results, q).toHaveLength(n);
    }
  });

  test("bad input → 400 validation naming the field: limit over 100, zero, not a number", async () => {
    for (const limit of ["101", "0", "-1", "ten", "1.5"]) {
      for (const route of ["/search/messages", "/search/users", "/search/channels"]) {
        const r = await get(route, { q: "hello", limit });
        expect(r.status, `${route} ${limit}`).toBe(400);
        expect(r.body.error.code).toBe("validation");
        expect(r.body.error.fields).toHaveProperty("limit");
      }
    }
    expect((await get("/search/messages", { q: "hello", limit: 100 })).status).toBe(200);
  });

  test("bad input → 400 validation naming the field: a query over 256 characters", async () => {
    for (const route of ["/search/messages", "/search/users", "/search/channels"]) {
      const r = await get(route, { q: "a".repeat(257) });
      expect(r.status, route).toBe(400);
      expect(r.body.error.fields).toHaveProperty("q");
    }
    expect((await get("/search/messages", { q: "a".repeat(256) })).status).toBe(200);
  });

  test("bad input → 400 validation naming the field: a malformed cursor", async () => {
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const next of [
      "not a cursor!",
      "%%%",
      "x".repeat(600),
      Buffer.from("plain text").toString("base64url"),
      json(["2024-01-01T00:00:00.000Z"]),
      json(["yesterday", "m1"]),
      json(["2024-01-01T00:00:00.000Z", "bad id!"]),
      json({ created_at: "2024-01-01T00:00:00.000Z", id: "m1" }),
    ]) {
      const r = await get("/search/messages", { q: "hello", next });
      expect(r.status, next).toBe(400);
      expect(r.body.error.code).toBe("validation");
      expect(r.body.error.fields).toHaveProperty("next");
    }
    const good = encodeCursor({ createdAt: "2999-01-01T00:00:00.000Z", id: "zzz" });
    expect((await get("/search/messages", { q: "hello", next: good })).body.results).toHaveLength(1);
  });

  test("bad input → 400 validation: offsets out of range and unknown parameters", async () => {
    expect((await get("/search/users", { q: "a", offset: -1 })).body.error.fields).toHaveProperty("offset");
    expect((await get("/search/channels", { q: "a", offset: 10_001 })).body.error.fields).toHaveProperty(
      "offset",
    );
    expect((await get("/search/messages", { q: "a", offset: 10 })).status).toBe(400);
    expect((await get("/search/messages", { query: "a" })).body.error.fields).toHaveProperty("query");
  });
});
