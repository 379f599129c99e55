import type { MessageResponse, UserResponse } from "@parley/protocol";
import type { LocalMessage, MessageStatus } from "./types.js";

/** Milliseconds since the epoch of an ISO time; NaN-safe (unparseable sorts first). */
export function timeOf(iso: string | null | undefined): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/** Order of a channel's messages: created_at, then seq (0 for not yet sent), then id. */
export function compareMessages(a: MessageResponse, b: MessageResponse): number {
  const byTime = timeOf(a.created_at) - timeOf(b.created_at);
  if (byTime !== 0) return byTime;
  const aSeq = a.seq || Number.MAX_SAFE_INTEGER;
  const bSeq = b.seq || Number.MAX_SAFE_INTEGER;
  if (aSeq !== bSeq) return aSeq - bSeq;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function toLocalMessage(message: MessageResponse, status: MessageStatus = "received"): LocalMessage {
  return { ...message, status };
}

/** Index where `message` goes in a sorted list (after equal elements). */
function insertionIndex(list: readonly LocalMessage[], message: MessageResponse): number {
  let lo = 0;
  let hi = list.length;
  // Fast path: appending is by far the most common case.
  const last = list[hi - 1];
  if (!last || compareMessages(last, message) <= 0) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareMessages(list[mid]!, message) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function findMessageIndex(list: readonly LocalMessage[], id: string): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (list[i]!.id === id) return i;
  return -1;
}

/**
 * Inserts or replaces a message by id, keeping the order. A server copy older than the one held
 * (by updated_at) does not overwrite it: answers and events can cross. Returns the same array when
 * nothing changed, a new one otherwise.
 */
export function upsertMessage(
  list: readonly LocalMessage[],
  incoming: LocalMessage,
): readonly LocalMessage[] {
  const at = findMessageIndex(list, incoming.id);
  if (at === -1) {
    const index = insertionIndex(list, incoming);
    return [...list.slice(0, index), incoming, ...list.slice(index)];
  }
  const existing = list[at]!;
  if (existing.status === "received" && incoming.status === "received") {
    if (timeOf(incoming.updated_at) < timeOf(existing.updated_at)) return list;
    if (sameMessage(existing, incoming)) return list;
    if (existing.created_at === incoming.created_at) {
      const copy = list.slice();
      copy[at] = incoming;
      return copy;
    }
  }
  if (existing.status === "received" && incoming.status !== "received") return list;
  const without = [...list.slice(0, at), ...list.slice(at + 1)];
  const index = insertionIndex(without, incoming);
  return [...without.slice(0, index), incoming, ...without.slice(index)];
}

/** Merges many messages (a page) at once. */
export function mergeMessages(
  list: readonly LocalMessage[],
  incoming: readonly MessageResponse[],
): readonly LocalMessage[] {
  if (incoming.length === 0) return list;
  const byId = new Map<string, LocalMessage>();
  for (const m of list) byId.set(m.id, m);
  let changed = false;
  for (const m of incoming) {
    const existing = byId.get(m.id);
    if (existing && existing.status === "received" && timeOf(m.updated_at) < timeOf(existing.updated_at))
      continue;
    if (existing && existing.status === "received" && sameMessage(existing, m)) continue;
    byId.set(m.id, toLocalMessage(m));
    changed = true;
  }
  if (!changed) return list;
  return [...byId.values()].sort(compareMessages);
}

/** Drops messages created at or before `iso` (truncation); pending local sends are kept. */
export function removeMessagesUpTo(list: readonly LocalMessage[], iso: string): readonly LocalMessage[] {
  const limit = timeOf(iso);
  const kept = list.filter((m) => m.status !== "received" || timeOf(m.created_at) > limit);
  return kept.length === list.length ? list : kept;
}

export function setMessageStatus(
  list: readonly LocalMessage[],
  id: string,
  status: MessageStatus,
  error?: Error,
): readonly LocalMessage[] {
  const at = findMessageIndex(list, id);
  if (at === -1) return list;
  const existing = list[at]!;
  const next: LocalMessage = { ...existing, status };
  if (error) next.error = error;
  else delete next.error;
  const copy = list.slice();
  copy[at] = next;
  return copy;
}

/** Whether two server copies are the same (status and local error aside). */
export function sameMessage(a: MessageResponse, b: MessageResponse): boolean {
  if (a.updated_at !== b.updated_at || a.text !== b.text || a.type !== b.type || a.seq !== b.seq)
    return false;
  const { status: _s1, error: _e1, ...restA } = a as LocalMessage;
  const { status: _s2, error: _e2, ...restB } = b as LocalMessage;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/** Whether a message belongs in the channel's list: not a thread reply, unless also sent to the channel. */
export function isChannelVisible(message: MessageResponse): boolean {
  return !message.parent_id || message.show_in_channel === true;
}

/** The optimistic copy of a message being sent: in the state at once, with status "sending". */
export function pendingMessage(
  cid: string,
  id: string,
  input: { text: string; parent_id?: string; show_in_channel?: boolean; mentioned_users?: string[] },
  user: UserResponse,
): LocalMessage {
  const now = new Date().toISOString();
  return {
    id,
    cid,
    type: "regular",
    text: input.text.trim(),
    user,
    created_at: now,
    updated_at: now,
    edited_at: null,
    deleted_at: null,
    seq: 0,
    parent_id: input.parent_id ?? null,
    show_in_channel: input.show_in_channel ?? false,
    reply_count: 0,
    last_reply_at: null,
    thread_participants: [],
    mentioned_users: input.mentioned_users ?? [],
    attachments: [],
    reaction_counts: {},
    latest_reactions: [],
    own_reactions: [],
    pinned_at: null,
    pinned_by_id: null,
    status: "sending",
  };
}

/** Stands in for the current user before connection.ok told who they are. */
export function placeholderUser(id: string): UserResponse {
  return {
    id,
    name: id,
    image: "",
    role: "user",
    online: true,
    last_active: null,
    created_at: new Date(0).toISOString(),
  };
}
