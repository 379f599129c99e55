import { describe, expect, test } from "vitest";
import { decodeCursor, encodeCursor } from "../../src/domain/page-cursor.js";
import { highlightRanges } from "../../src/domain/search/highlight.js";
import { fold, searchTerms, words } from "../../src/domain/search/search-text.js";
import { fts5Query } from "../../src/store/sqlite/search-sqlite.js";

describe("how search reads text", () => {
  test("folding removes case and diacritics and keeps letters without a decomposition", () => {
    expect(fold("Ünïcödé")).toBe("unicode");
    expect(fold("CAFÉ")).toBe("cafe");
    expect(fold("cafe\u0301")).toBe("cafe");
    expect(fold("Øre straße")).toBe("øre straße");
  });

  test("words are runs of letters, digits and marks; punctuation, symbols and _ separate them", () => {
    expect(words("don't under_score 1,000.50 emoji🙂smile 日本語").map((w) => w.folded)).toEqual([
      "don",
      "t",
      "under",
      "score",
      "1",
      "000",
      "50",
      "emoji",
      "smile",
      "日本語",
    ]);
  });

  test("a query of only punctuation has no terms; the last word is the prefix", () => {
    expect(searchTerms("?!... --- «»")).toBeUndefined();
    expect(searchTerms("")).toBeUndefined();
    expect(searchTerms("Hello, wörld caf")).toEqual({
      exact: ["hello", "world"],
      phrases: [],
      prefix: "caf",
    });
    expect(searchTerms("a a b a")).toEqual({ exact: ["b"], phrases: [], prefix: "a" });
  });

  test("every term is quoted for FTS5, so no input is query syntax", () => {
    expect(fts5Query({ exact: ["and", "near"], prefix: "x" })).toBe('"and" "near" "x"*');
    expect(fts5Query({ exact: [], prefix: 'a"b' })).toBe('"a""b"*');
  });

  test("highlight ranges cover exactly the matched words", () => {
    const text = "Café: the CAFÉS, cafeteria!";
    const ranges = highlightRanges(text, { exact: [], phrases: [], prefix: "cafe" });
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(["Café", "CAFÉS", "cafeteria"]);
    expect(highlightRanges(text, { exact: ["the"], phrases: [], prefix: "zzz" })).toEqual([
      { start: 6, end: 9 },
    ]);
  });

  test("a cursor round-trips and anything else is refused", () => {
    const c = { createdAt: "2024-05-01T10:00:00.000Z", id: "abc-123" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(() => decodeCursor("")).toThrow();
    expect(() => decodeCursor(encodeCursor(c).slice(0, -3))).toThrow();
  });
});
