/**
 * The rows of a message list: day separators, an unread divider where the user left off, and
 * messages, each knowing whether it starts a group (another author, or more than 5 minutes after
 * the previous message of the same author).
 */
import type { LocalMessage } from "@parley/client";
import { countsAsUnread } from "@parley/protocol";
import { dayKey } from "./relative-time";

export const GROUP_WINDOW_MS = 5 * 60_000;

export type MessageRow =
  | { kind: "day"; key: string; iso: string }
  | { kind: "unread"; key: "unread" }
  /** Newer messages not loaded yet: history was opened far back (the SDK's `gapAfter`). */
  | { kind: "gap"; key: "gap" }
  | { kind: "message"; key: string; message: LocalMessage; groupStart: boolean };

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/** Whether `message` continues the group of `previous` (same author, within 5 minutes, both shown). */
export function continuesGroup(previous: LocalMessage | undefined, message: LocalMessage): boolean {
  if (!previous) return false;
  if (previous.user.id !== message.user.id) return false;
  if (previous.type === "system" || message.type === "system") return false;
  if (dayKey(previous.created_at) !== dayKey(message.created_at)) return false;
  return time(message.created_at) - time(previous.created_at) <= GROUP_WINDOW_MS;
}

/** The first unread message: the oldest of the newest `unread` messages counting as unread. */
export function firstUnreadId(
  messages: readonly LocalMessage[],
  unread: number,
  userId: string | undefined,
): string | null {
  if (unread <= 0) return null;
  let seen = 0;
  let first: string | null = null;
  for (let i = messages.length - 1; i >= 0 && seen < unread; i -= 1) {
    const m = messages[i];
    if (m?.status !== "received" || !countsAsUnread(m, userId)) continue;
    first = m.id;
    seen += 1;
  }
  return first;
}

/**
 * Builds the rows; the unread divider goes before `firstUnreadId`, and a gap row after
 * `gapAfter`, when given.
 */
export function buildRows(
  messages: readonly LocalMessage[],
  options: { firstUnreadId?: string | null; gapAfter?: string | null } = {},
): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: LocalMessage | undefined;
  let previousDay = "";
  for (const message of messages) {
    const day = dayKey(message.created_at);
    if (day !== previousDay) {
      rows.push({ kind: "day", key: `day-${day}`, iso: message.created_at });
      previousDay = day;
      previous = undefined;
    }
    const divider = message.id === options.firstUnreadId;
    if (divider) rows.push({ kind: "unread", key: "unread" });
    rows.push({
      kind: "message",
      key: message.id,
      message,
      groupStart: divider || !continuesGroup(previous, message),
    });
    previous = message;
    if (message.id === options.gapAfter) {
      rows.push({ kind: "gap", key: "gap" });
      previous = undefined;
    }
  }
  return rows;
}

/** Index of the first message row (the anchor that keeps the list still when older pages arrive). */
export function firstMessageRowKey(rows: readonly MessageRow[]): string | undefined {
  return rows.find((r) => r.kind === "message")?.key;
}
