/**
 * Mentions in the composer: `@` followed by a user id (`@ana`). The autocomplete looks at the word
 * being typed at the caret; sending collects the mentioned member ids.
 */
export interface MentionQuery {
  /** What follows the `@` up to the caret. */
  query: string;
  /** Index of the `@` in the text. */
  start: number;
  /** Index of the caret. */
  end: number;
}

const MENTION_CHARS = /^[a-z0-9_-]*$/i;

/** The mention being typed at `caret`, if any: an `@` at the start or after whitespace. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at === -1) return null;
  if (at > 0 && !/\s|[(["']/.test(before[at - 1] ?? "")) return null;
  const query = before.slice(at + 1);
  if (query.length > 32 || !MENTION_CHARS.test(query)) return null;
  return { query, start: at, end: caret };
}

/** The text with the mention at `query` replaced by `@id ` and the new caret position. */
export function insertMention(
  text: string,
  query: MentionQuery,
  id: string,
): { text: string; caret: number } {
  const inserted = `@${id} `;
  const after = text.slice(query.end).replace(/^\s/, "");
  return { text: text.slice(0, query.start) + inserted + after, caret: query.start + inserted.length };
}

export interface Mentionable {
  id: string;
  name: string;
}

/** Members matching the query by the start of their id, name or a word of the name. */
export function matchMembers<T extends Mentionable>(members: readonly T[], query: string, limit = 8): T[] {
  const q = query.toLowerCase();
  const matches = members.filter((m) => {
    if (m.id.toLowerCase().startsWith(q)) return true;
    const name = m.name.toLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  });
  return matches.slice(0, limit);
}

const MENTION_PATTERN = /(^|[\s([{"'])@([a-z0-9_-]{1,64})/gi;

/** The ids mentioned in `text` that are among `memberIds` (each once, in order). */
export function mentionedIds(text: string, memberIds: Iterable<string>): string[] {
  const members = new Set(memberIds);
  const out: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = (match[2] ?? "").toLowerCase();
    if (members.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

export type TextSegment = { kind: "text"; text: string } | { kind: "mention"; text: string; userId: string };

/** Splits text at the `@id` mentions of `ids` (for highlighting). */
export function splitMentions(text: string, ids: readonly string[]): TextSegment[] {
  if (ids.length === 0) return [{ kind: "text", text }];
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = (match[2] ?? "").toLowerCase();
    if (!wanted.has(id)) continue;
    const start = (match.index ?? 0) + (match[1] ?? "").length;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    segments.push({ kind: "mention", text: `@${match[2]}`, userId: id });
    last = start + 1 + (match[2] ?? "").length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}
