/**
 * The flag queue's state, framework-free: the flags loaded (one per flagger and message),
 * changed by the moderation answers and the `message.flagged` / `flag.reviewed` events, and
 * grouped per message for the screen (unreviewed first).
 */

import type { FlagView } from "@parley/client";
import type { MessageResponse, UserResponse } from "@parley/protocol";

export interface FlaggedMessage {
  message_id: string;
  cid: string;
  message: MessageResponse | null;
  /** One per flagger, oldest first. */
  flags: FlagView[];
  reviewed: boolean;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_result: "keep" | "remove" | null;
  /** When it was first flagged. */
  flagged_at: string;
}

const sameFlag = (a: FlagView, b: FlagView) => a.message_id === b.message_id && a.user_id === b.user_id;

/** Adds or replaces flags (by message and flagger); a copy without the message keeps the held one's. */
export function withFlags(list: readonly FlagView[], incoming: readonly FlagView[]): FlagView[] {
  const out = [...list];
  for (const flag of incoming) {
    const at = out.findIndex((f) => sameFlag(f, flag));
    if (at === -1) out.push(flag);
    else {
      const held = out[at]!;
      out[at] = {
        ...held,
        ...flag,
        message: mergedMessage(held.message, flag.message),
        user: flag.user ?? held.user,
      };
    }
  }
  return out;
}

/**
 * The newer copy of a flagged message, except that a deletion (which clears the text) keeps the
 * text already held: moderators still see what was removed.
 */
function mergedMessage(
  held: MessageResponse | null,
  incoming: MessageResponse | null,
): MessageResponse | null {
  if (!incoming) return held;
  if (incoming.type === "deleted" && !incoming.text && held?.text) return { ...incoming, text: held.text };
  return incoming;
}

/** Every flag of a message reviewed (the `flag.reviewed` event or a review answer). */
export function withReview(
  list: readonly FlagView[],
  messageId: string,
  review: { reviewed_by: string; review_result: "keep" | "remove"; reviewed_at: string },
): FlagView[] {
  return list.map((f) => {
    if (f.message_id !== messageId) return f;
    const message =
      review.review_result === "remove" && f.message ? { ...f.message, type: "deleted" as const } : f.message;
    return { ...f, ...review, message };
  });
}

/** Flags grouped per message: unreviewed first (oldest flagged first), then reviewed (newest review first). */
export function groupFlags(list: readonly FlagView[]): FlaggedMessage[] {
  const byMessage = new Map<string, FlagView[]>();
  for (const f of list) byMessage.set(f.message_id, [...(byMessage.get(f.message_id) ?? []), f]);
  const groups: FlaggedMessage[] = [];
  for (const [messageId, flags] of byMessage) {
    const sorted = [...flags].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const first = sorted[0]!;
    const review = sorted.find((f) => f.reviewed_by !== null);
    const reviewed = sorted.every((f) => f.reviewed_by !== null);
    groups.push({
      message_id: messageId,
      cid: first.cid,
      message: sorted.find((f) => f.message)?.message ?? null,
      flags: sorted,
      reviewed,
      reviewed_by: reviewed ? (review?.reviewed_by ?? null) : null,
      reviewed_at: reviewed ? (review?.reviewed_at ?? null) : null,
      review_result: reviewed ? (review?.review_result ?? null) : null,
      flagged_at: first.created_at,
    });
  }
  const pending = groups.filter((g) => !g.reviewed).sort((a, b) => a.flagged_at.localeCompare(b.flagged_at));
  const done = groups
    .filter((g) => g.reviewed)
    .sort((a, b) => (b.reviewed_at ?? "").localeCompare(a.reviewed_at ?? ""));
  return [...pending, ...done];
}

/** The people who flagged a message, by name when known. */
export function flaggerNames(group: FlaggedMessage): string[] {
  return group.flags.map((f) => (f.user as UserResponse | undefined)?.name ?? f.user_id);
}

/** The reasons given, without blanks or repeats. */
export function flagReasons(group: FlaggedMessage): string[] {
  return [...new Set(group.flags.map((f) => f.reason.trim()).filter(Boolean))];
}
