/**
 * Where the current user's unread messages start in a channel, from their own read state
 * (`last_read_message_id` and the unread count): the first message after the read position that
 * counts as unread. The newest page may not reach back that far; then the read position names
 * the message to load history around.
 */
import { countsAsUnread } from "@parley/protocol";
import type { ChannelStateSnapshot, LocalMessage } from "./types.js";

export type FirstUnread =
  /** Nothing unread. */
  | { kind: "none" }
  /** The first unread message is held (`id`). */
  | { kind: "held"; id: string }
  /**
   * Unread messages exist before the oldest held: load around `around` (the last message read),
   * or, without one, older pages until the first unread is held.
   */
  | { kind: "missing"; around: string | null };

function unreadAfter(messages: readonly LocalMessage[], from: number, userId: string | undefined) {
  for (let i = from; i < messages.length; i += 1) {
    const m = messages[i];
    if (m && countsAsUnread(m, userId)) return m.id;
  }
  return null;
}

/** The first unread message of the current user in `state`, or what to load to reach it. */
export function firstUnread(state: ChannelStateSnapshot, userId: string | undefined): FirstUnread {
  if (state.unreadCount <= 0 || !state.membership) return { kind: "none" };
  const messages = state.messages.filter((m) => m.status === "received");
  const lastRead = userId ? (state.read[userId]?.last_read_message_id ?? null) : null;
  const at = lastRead ? messages.findIndex((m) => m.id === lastRead) : -1;
  // The read position is held: the first unread follows it (none shown there: open at the newest).
  if (at !== -1) {
    const id = unreadAfter(messages, at + 1, userId);
    return id ? { kind: "held", id } : { kind: "none" };
  }
  // Otherwise count back from the newest: held when enough unread messages run without a hole.
  const gap = state.gapAfter ? messages.findIndex((m) => m.id === state.gapAfter) : -1;
  let seen = 0;
  let first: string | null = null;
  for (let i = messages.length - 1; i > gap && seen < state.unreadCount; i -= 1) {
    const m = messages[i];
    if (!m || !countsAsUnread(m, userId)) continue;
    first = m.id;
    seen += 1;
  }
  if (seen >= state.unreadCount && first) return { kind: "held", id: first };
  if (gap === -1 && !state.hasMoreOlder) return first ? { kind: "held", id: first } : { kind: "none" };
  return { kind: "missing", around: lastRead };
}
