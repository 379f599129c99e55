import type { HighlightRange } from "@parley/protocol";
import { type SearchTerms, type Word, words } from "./search-text.js";

/**
 * The parts of `text` the terms matched, as UTF-16 ranges (never markup), in order and never
 * overlapping: each matched word, and each occurrence of a phrase as one range from its first
 * word to its last.
 */
export function highlightRanges(text: string, terms: SearchTerms): HighlightRange[] {
  const exact = new Set(terms.exact);
  const found = words(text);
  const ranges: HighlightRange[] = [];
  for (const w of found) {
    if (exact.has(w.folded) || (terms.prefix !== undefined && w.folded.startsWith(terms.prefix)))
      ranges.push({ start: w.start, end: w.end });
  }
  for (const phrase of terms.phrases) ranges.push(...phraseRanges(found, phrase));
  return merged(ranges);
}

function phraseRanges(found: readonly Word[], phrase: readonly string[]): HighlightRange[] {
  const out: HighlightRange[] = [];
  for (let i = 0; i + phrase.length <= found.length; i++) {
    if (!phrase.every((p, k) => found[i + k]?.folded === p)) continue;
    const first = found[i];
    const last = found[i + phrase.length - 1];
    if (first && last) out.push({ start: first.start, end: last.end });
  }
  return out;
}

function merged(ranges: HighlightRange[]): HighlightRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: HighlightRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
