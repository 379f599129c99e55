/** Highlight ranges: the server's for messages; for names, the query's words matched as word prefixes. */
import type { HighlightRange, HighlightSegment } from "@parley/protocol";
import { highlightSegments } from "@parley/protocol";

export type { HighlightRange, HighlightSegment };
export { highlightSegments };

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The words of a query: runs of letters and digits, lower-cased. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(Boolean);
}

/**
 * Where the query's words start a word of `text` (case-insensitively): the ranges to mark in a
 * user's or channel's name. The longest matching word wins at each position; ranges never overlap.
 */
export function prefixRanges(text: string, query: string): HighlightRange[] {
  const words = queryWords(query).sort((a, b) => b.length - a.length);
  if (words.length === 0) return [];
  const lower = text.toLowerCase();
  // Lower-casing changed the length (rare letters): offsets would not line up, mark nothing.
  if (lower.length !== text.length) return [];
  const out: HighlightRange[] = [];
  let i = 0;
  while (i < text.length) {
    const startsWord = WORD_CHAR.test(text[i] ?? "") && (i === 0 || !WORD_CHAR.test(text[i - 1] ?? ""));
    const word = startsWord ? words.find((w) => lower.startsWith(w, i)) : undefined;
    if (word) {
      out.push({ start: i, end: i + word.length });
      i += word.length;
    } else {
      i += 1;
    }
  }
  return out;
}
