import type { HighlightRange } from "@parley/protocol";
import { type SearchTerms, words } from "./search-text.js";

/** The words of `text` that the terms matched, as UTF-16 ranges (never markup). */
export function highlightRanges(text: string, terms: SearchTerms): HighlightRange[] {
  const exact = new Set(terms.exact);
  return words(text)
    .filter((w) => exact.has(w.folded) || w.folded.startsWith(terms.prefix))
    .map((w) => ({ start: w.start, end: w.end }));
}
