/** Pure reducers of a thread's state: its parent and its replies, oldest first. */
import type { MessageResponse } from "@parley/protocol";
import { keepOwnReactions } from "./message-reducers.js";
import { mergeMessages, setMessageStatus, upsertMessage } from "./messages.js";
import { type ReactionEvent, reactedMessage } from "./reactions.js";
import type { LocalMessage } from "./types.js";

/** An immutable snapshot of one thread; a new object after every change. */
export interface ThreadStateSnapshot {
  readonly parentId: string;
  /** The message the thread hangs off; undefined until known. */
  readonly parent: LocalMessage | undefined;
  /** The replies held, oldest first (with the local pending and failed ones). */
  readonly replies: readonly LocalMessage[];
  readonly hasMoreOlder: boolean;
  /** The first page is being loaded. */
  readonly loading: boolean;
  readonly loadingOlder: boolean;
  /** Why the last load failed. */
  readonly error: Error | undefined;
  /** Whether the first page has been loaded. */
  readonly initialized: boolean;
}

export function emptyThreadState(parentId: string, parent?: LocalMessage): ThreadStateSnapshot {
  return {
    parentId,
    parent,
    replies: [],
    hasMoreOlder: true,
    loading: false,
    loadingOlder: false,
    error: undefined,
    initialized: false,
  };
}

/** The newest page of replies arrived: merged with what events brought meanwhile. */
export function withFirstPage(
  state: ThreadStateSnapshot,
  page: readonly MessageResponse[],
  limit: number,
): ThreadStateSnapshot {
  return {
    ...state,
    replies: mergeMessages(state.replies, page),
    hasMoreOlder: page.length >= limit && limit > 0,
    loading: false,
    error: undefined,
    initialized: true,
  };
}

export function withOlderPage(
  state: ThreadStateSnapshot,
  page: readonly MessageResponse[],
  limit: number,
): ThreadStateSnapshot {
  return {
    ...state,
    replies: mergeMessages(state.replies, page),
    hasMoreOlder: page.length >= limit && limit > 0,
    loadingOlder: false,
  };
}

/** The parent changed (thread.updated, an edit, a reaction, a pin); own reactions are kept. */
export function withParent(state: ThreadStateSnapshot, parent: MessageResponse): ThreadStateSnapshot {
  const next = keepOwnReactions(parent, state.parent);
  return { ...state, parent: next };
}

/** A reply arrived or changed (event, or the answer of the user's own send or edit). */
export function withReply(state: ThreadStateSnapshot, reply: LocalMessage): ThreadStateSnapshot {
  const held = state.replies.find((m) => m.id === reply.id);
  const incoming = held && reply.status === "received" ? keepOwnReactions(reply, held) : reply;
  const replies = upsertMessage(state.replies, incoming);
  return replies === state.replies ? state : { ...state, replies };
}

export function withReplyStatus(
  state: ThreadStateSnapshot,
  id: string,
  status: LocalMessage["status"],
  error?: Error,
): ThreadStateSnapshot {
  const replies = setMessageStatus(state.replies, id, status, error);
  return replies === state.replies ? state : { ...state, replies };
}

/** A reaction event on the parent or one of the replies. */
export function withThreadReaction(
  state: ThreadStateSnapshot,
  event: ReactionEvent,
  userId: string | undefined,
): ThreadStateSnapshot {
  if (state.parent?.id === event.message.id) {
    return { ...state, parent: reactedMessage(state.parent, event, userId) };
  }
  const held = state.replies.find((m) => m.id === event.message.id);
  if (!held) return state;
  return { ...state, replies: upsertMessage(state.replies, reactedMessage(held, event, userId)) };
}

/** Replaces a held message (parent or reply) with `update(message)`; for optimistic changes. */
export function mapThreadMessage(
  state: ThreadStateSnapshot,
  id: string,
  update: (message: LocalMessage) => LocalMessage,
): ThreadStateSnapshot {
  if (state.parent?.id === id) return { ...state, parent: update(state.parent) };
  const at = state.replies.findIndex((m) => m.id === id);
  const held = state.replies[at];
  if (!held) return state;
  const replies = state.replies.slice();
  replies[at] = update(held);
  return { ...state, replies };
}
