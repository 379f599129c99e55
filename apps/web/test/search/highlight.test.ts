import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { prefixRanges, queryWords } from "../../src/search/highlight-ranges";
import { HighlightedText } from "../../src/search/highlighted-text";

const render = (text: string, ranges: { start: number; end: number }[]) =>
  renderToStaticMarkup(createElement(HighlightedText, { text, ranges }));

describe("highlight rendering from the server's ranges", () => {
  test("matched parts become <mark> elements, the rest stays text", () => {
    expect(render("Un café noir", [{ start: 3, end: 7 }])).toBe(
      'Un <mark class="search-mark">café</mark> noir',
    );
  });

  test("several ranges, at the start and the end", () => {
    expect(
      render("cafe and cafe", [
        { start: 0, end: 4 },
        { start: 9, end: 13 },
      ]),
    ).toBe('<mark class="search-mark">cafe</mark> and <mark class="search-mark">cafe</mark>');
  });

  test("text is never parsed as HTML", () => {
    const html = render("<img src=x onerror=alert(1)> boom", [{ start: 29, end: 33 }]);
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt; <mark class="search-mark">boom</mark>');
    expect(html).not.toContain("<img");
  });

  test("ranges out of bounds are clipped; no ranges, no marks", () => {
    expect(render("short", [{ start: 2, end: 99 }])).toBe('sh<mark class="search-mark">ort</mark>');
    expect(render("plain", [])).toBe("plain");
  });

  test("UTF-16 offsets work with characters outside the BMP", () => {
    const text = "👋 hello";
    expect(render(text, [{ start: 3, end: 8 }])).toBe('👋 <mark class="search-mark">hello</mark>');
  });
});

describe("word-prefix ranges for names", () => {
  test("a query word marks the start of a matching word, case-insensitively", () => {
    expect(prefixRanges("Ada Lovelace", "love")).toEqual([{ start: 4, end: 8 }]);
    expect(prefixRanges("Ada Lovelace", "ADA")).toEqual([{ start: 0, end: 3 }]);
  });

  test("only at word starts, never inside a word", () => {
    expect(prefixRanges("Ada Lovelace", "lace")).toEqual([]);
    expect(prefixRanges("design-review", "rev")).toEqual([{ start: 7, end: 10 }]);
  });

  test("several words; the longest wins at one place", () => {
    expect(prefixRanges("Grace Hopper", "g gr hop")).toEqual([
      { start: 0, end: 2 },
      { start: 6, end: 9 },
    ]);
  });

  test("a query without words marks nothing", () => {
    expect(queryWords("  !! ")).toEqual([]);
    expect(prefixRanges("Ada", "!!")).toEqual([]);
  });
});
