/**
 * How search reads text, the same way SQLite FTS5's `unicode61 remove_diacritics 2` tokenizer
 * does (so highlights agree with what the index matched, and the PostgreSQL adapter can fold
 * the same way): a word is a run of letters, digits, marks and private-use characters; words
 * are compared lower-cased with their diacritics removed ("Ünïcödé" → "unicode").
 */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const MARKS = /\p{M}+/gu;

export interface Word {
  /** The folded form compared against the query. */
  folded: string;
  /** UTF-16 offsets of the word in the original text. */
  start: number;
  end: number;
}

/** Lower-cases and strips diacritics; keeps letters that have no decomposition (ø, ß). */
export function fold(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(MARKS, "").normalize("NFC");
}

export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const folded = fold(m[0]);
    if (folded) out.push({ folded, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * The words a search looks for, folded. Every exact word and every phrase (words in this order,
 * next to each other) must occur in the message; `prefix`, the word being typed, matches as the
 * start of a word.
 */
export interface SearchTerms {
  exact: string[];
  phrases: string[][];
  prefix?: string;
}

/** A query of plain words (no filters, no quotes) as terms: the last word is the prefix. */
export function searchTerms(query: string): SearchTerms | undefined {
  const all = words(query).map((w) => w.folded);
  const prefix = all.at(-1);
  if (prefix === undefined) return undefined;
  const exact = [...new Set(all.slice(0, -1))].filter((t) => t !== prefix);
  return { exact, phrases: [], prefix };
}
