/** Pure reaction reducers: events (server counts, own reactions kept) and optimistic own toggles. */
import type { ChannelEvent, ReactionResponse, UserResponse } from "@parley/protocol";
import { toLocalMessage } from "./messages.js";
import type { LocalMessage } from "./types.js";

export type ReactionEvent = Extract<ChannelEvent, { type: "reaction.new" | "reaction.deleted" }>;

/** The held message after a reaction event: counts from the event, the reader's own reactions kept. */
export function reactedMessage(
  held: LocalMessage,
  event: ReactionEvent,
  userId: string | undefined,
): LocalMessage {
  const { user: _user, ...reaction } = event.reaction;
  let own = held.own_reactions ?? [];
  if (reaction.user_id === userId) {
    own = own.filter((r) => r.type !== reaction.type);
    if (event.type === "reaction.new") own = [...own, reaction];
  }
  return { ...toLocalMessage(event.message, held.status), own_reactions: own };
}

/** Whether the current user reacted with `type`. */
export function hasOwnReaction(message: { own_reactions?: ReactionResponse[] }, type: string): boolean {
  return (message.own_reactions ?? []).some((r) => r.type === type);
}

/**
 * The message as it looks right after the user added (or removed) a reaction, before the server
 * answers: own reactions, the count and the latest reactions follow at once.
 */
export function withOptimisticReaction(
  message: LocalMessage,
  type: string,
  user: UserResponse,
  add: boolean,
): LocalMessage {
  const had = hasOwnReaction(message, type);
  if (had === add) return message;
  const counts = { ...message.reaction_counts };
  const now = new Date().toISOString();
  if (add) {
    counts[type] = (counts[type] ?? 0) + 1;
    const reaction: ReactionResponse = {
      message_id: message.id,
      user_id: user.id,
      user,
      type,
      created_at: now,
    };
    return {
      ...message,
      reaction_counts: counts,
      own_reactions: [...(message.own_reactions ?? []), reaction],
      latest_reactions: [reaction, ...(message.latest_reactions ?? [])].slice(0, 10),
    };
  }
  const left = (counts[type] ?? 1) - 1;
  if (left > 0) counts[type] = left;
  else delete counts[type];
  const notMine = (r: ReactionResponse) => !(r.type === type && r.user_id === user.id);
  return {
    ...message,
    reaction_counts: counts,
    own_reactions: (message.own_reactions ?? []).filter(notMine),
    latest_reactions: (message.latest_reactions ?? []).filter(notMine),
  };
}
