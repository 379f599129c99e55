import {
  SEARCH_FILTERS,
  SEARCH_HAS_VALUES,
  SEARCH_IS_VALUES,
  type SearchFilterName,
  type SearchMessagesQuery,
} from "@parley/protocol";
import { invalid } from "../errors.js";
import { type SearchTerms, words } from "./search-text.js";

/** What a message search asks for, before user and channel names are resolved. */
export interface ParsedSearch {
  terms: SearchTerms;
  /** User ids, lower-cased, without the `@`: the author is one of them. */
  from: Named[];
  /** Channel references (name, id or cid) without the `#`: the channel is one of them. */
  in: Named[];
  /** `created_at` bounds, ISO: at or after `since`, strictly before `until`. */
  since?: string;
  until?: string;
  hasFile: boolean;
  hasLink: boolean;
  pinned: boolean;
  thread: boolean;
}

/** A filter's value and where it was given (`q` or the parameter), to name in an error. */
export interface Named {
  value: string;
  field: string;
}

interface Token {
  /** A filter name, or undefined for words / a quoted phrase. */
  filter?: SearchFilterName;
  value: string;
  quoted: boolean;
}

const FILTER = new RegExp(`^(${SEARCH_FILTERS.join("|")}):`, "i");

/**
 * Splits the box's text into words, `"quoted phrases"` and `name:value` filters (a value may
 * be quoted: `in:"zoo news"`). An unclosed quote runs to the end; an unknown `name:` is words.
 */
function tokens(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < q.length) {
    while (i < q.length && /\s/.test(q[i] ?? "")) i++;
    if (i >= q.length) break;
    const rest = q.slice(i);
    const filter = FILTER.exec(rest);
    let name: SearchFilterName | undefined;
    if (filter?.[1]) {
      name = filter[1].toLowerCase() as SearchFilterName;
      i += filter[0].length;
    }
    if (q[i] === '"') {
      const close = q.indexOf('"', i + 1);
      const end = close < 0 ? q.length : close;
      out.push({ filter: name, value: q.slice(i + 1, end), quoted: true });
      i = end + 1;
      continue;
    }
    let end = i;
    while (end < q.length && !/\s/.test(q[end] ?? "")) end++;
    out.push({ filter: name, value: q.slice(i, end), quoted: false });
    i = end;
  }
  return out;
}

/** A real calendar day (`YYYY-MM-DD`) as the ISO instant it starts at (UTC). */
function dayStart(field: string, name: string, value: string): string {
  const bad = () => invalid(field, `${name}: "${value}" is not a date; write it as YYYY-MM-DD`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw bad();
  const at = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) throw bad();
  return at.toISOString();
}

const nextDay = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
const later = (a: string | undefined, b: string) => (a === undefined || b > a ? b : a);
const earlier = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);

/**
 * The search as asked: `q`'s words, phrases and filters together with the filter parameters
 * (the same names, the same meaning). Filters of one kind: `from` and `in` match any of their
 * values, dates narrow together, `has` and `is` all apply. A bad value is a 400 naming its
 * filter (`fields.q` when it was typed in `q`). Filters with an empty value (`from:` as typed
 * so far) are left out.
 */
export function parseSearch(query: SearchMessagesQuery): ParsedSearch {
  const parsed: ParsedSearch = {
    terms: { exact: [], phrases: [] },
    from: [],
    in: [],
    hasFile: false,
    hasLink: false,
    pinned: false,
    thread: false,
  };
  const bare: string[] = [];
  const all = tokens(query.q ?? "");
  // Tokens of punctuation alone ("hello -") do not end the word being typed.
  const lastIndex = all.findLastIndex((t) => t.filter || t.quoted || words(t.value).length > 0);
  all.forEach((t, index) => {
    if (t.filter) {
      if (t.value.trim()) apply(parsed, "q", t.filter, t.value.trim());
      return;
    }
    const found = words(t.value).map((w) => w.folded);
    if (t.quoted && found.length > 1) parsed.terms.phrases.push(found);
    else if (t.quoted) bare.push(...found);
    else {
      bare.push(...found.slice(0, -1));
      const last = found.at(-1);
      // Search as you type: the word being typed, last in the box and unquoted, is a prefix.
      if (last !== undefined && index === lastIndex) parsed.terms.prefix = last;
      else if (last !== undefined) bare.push(last);
    }
  });
  for (const name of SEARCH_FILTERS) {
    const value = query[name];
    if (value !== undefined) apply(parsed, name, name, value);
  }
  const prefix = parsed.terms.prefix;
  parsed.terms.exact = [...new Set(bare)].filter((w) => w !== prefix);
  return parsed;
}

function apply(p: ParsedSearch, field: string, name: SearchFilterName, value: string): void {
  switch (name) {
    case "from":
      p.from.push({ value: value.replace(/^@/, "").toLowerCase(), field });
      return;
    case "in":
      p.in.push({ value: value.replace(/^#/, ""), field });
      return;
    case "before":
      p.until = earlier(p.until, dayStart(field, name, value));
      return;
    case "after":
      p.since = later(p.since, nextDay(dayStart(field, name, value)));
      return;
    case "on": {
      const start = dayStart(field, name, value);
      p.since = later(p.since, start);
      p.until = earlier(p.until, nextDay(start));
      return;
    }
    case "has":
    case "is":
      for (const v of value.toLowerCase().split(",")) flag(p, field, name, v);
      return;
  }
}

function flag(p: ParsedSearch, field: string, name: "has" | "is", value: string): void {
  const allowed: readonly string[] = name === "has" ? SEARCH_HAS_VALUES : SEARCH_IS_VALUES;
  if (!allowed.includes(value)) {
    const choices = allowed.map((v) => `${name}:${v}`).join(" or ");
    throw invalid(field, `${name}: "${value}" is not a filter; use ${choices}`);
  }
  if (value === "file") p.hasFile = true;
  else if (value === "link") p.hasLink = true;
  else if (value === "pinned") p.pinned = true;
  else p.thread = true;
}

/** Whether anything narrows the search besides words: then a search without words still runs. */
export function hasFilters(p: ParsedSearch): boolean {
  return (
    p.from.length > 0 ||
    p.in.length > 0 ||
    p.since !== undefined ||
    p.until !== undefined ||
    p.hasFile ||
    p.hasLink ||
    p.pinned ||
    p.thread
  );
}

export function hasWords(t: SearchTerms): boolean {
  return t.exact.length > 0 || t.phrases.length > 0 || t.prefix !== undefined;
}
