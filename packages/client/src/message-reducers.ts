/**
 * Reducers for messages reaching a channel: new ones (unread counts, read entries, hidden flag),
 * edits and deletions, reactions and truncation.
 */
import {
  type ChannelResponse,
  countsAsUnread,
  countsAsUnreadMention,
  countsAsUnreadReply,
  type MessageResponse,
  type ReadStateResponse,
} from "@parley/protocol";
import { laterIso, type ReduceContext, readEntry, unhidden, withMessage } from "./channel-state.js";
import { isChannelVisible, removeMessagesUpTo, timeOf, toLocalMessage } from "./messages.js";
import { ownVotesAfter, type PollEvent, withOwnVotes } from "./polls/poll-reducer.js";
import { type ReactionEvent, reactedMessage } from "./reactions.js";
import type { ChannelStateSnapshot, LocalMessage } from "./types.js";

/** Whether `messageId` is one of the `unread` newest messages counting as unread for `userId`. */
function isAmongUnread(
  messages: readonly LocalMessage[],
  messageId: string,
  userId: string,
  unread: number,
): boolean {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0 && seen < unread; i -= 1) {
    const m = messages[i]!;
    if (m.status !== "received" || !countsAsUnread(m, userId)) continue;
    if (m.id === messageId) return true;
    seen += 1;
  }
  return false;
}

/** An edit or a deletion; deleting an unread message takes it out of the unread counts. */
export function applyChangedMessage(
  state: ChannelStateSnapshot,
  message: MessageResponse,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const before = state.messages.find((m) => m.id === message.id);
  if (!before && !isChannelVisible(message)) return state;
  const next = withMessage(state, keepOwnReactions(message, before));
  if (before?.type !== "regular" || message.type === "regular" || next === state) return next;
  const read: Record<string, ReadStateResponse> = {};
  for (const [userId, entry] of Object.entries(next.read)) {
    read[userId] =
      entry.unread_messages > 0 && isAmongUnread(state.messages, message.id, userId, entry.unread_messages)
        ? { ...entry, unread_messages: entry.unread_messages - 1 }
        : entry;
  }
  let unreadCount = next.unreadCount;
  if (ctx.userId && unreadCount > 0 && isAmongUnread(state.messages, message.id, ctx.userId, unreadCount)) {
    unreadCount -= 1;
  }
  return { ...next, read, unreadCount };
}

/**
 * Events carry `own_reactions` and a poll's `own_votes` empty: the reader's own reactions and
 * votes are kept from the copy held.
 */
export function keepOwnReactions(message: MessageResponse, held: MessageResponse | undefined): LocalMessage {
  const local = toLocalMessage(message);
  if (held && message.own_reactions?.length === 0 && held.own_reactions?.length) {
    local.own_reactions = held.own_reactions;
  }
  if (local.poll && local.poll.own_votes.length === 0 && held?.poll?.id === local.poll.id) {
    if (held.poll.own_votes.length) local.poll = { ...local.poll, own_votes: held.poll.own_votes };
  }
  return local;
}

/**
 * A `poll.*` event: the message carrying the poll shows it as the event has it, the reader's own
 * votes followed as `PollState` follows them; a deleted poll leaves its message (`poll_id` null,
 * no `poll`), as a fetch shows it.
 */
export function applyPollToMessage(
  state: ChannelStateSnapshot,
  event: PollEvent,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const held = state.messages.find((m) => m.id === event.message_id);
  if (!held || held.type === "deleted" || held.poll_id !== event.poll.id) return state;
  if (event.type === "poll.deleted") {
    const { poll: _deleted, ...message } = held;
    return withMessage(state, { ...message, poll_id: null });
  }
  const own = ownVotesAfter(held.poll?.own_votes ?? [], event, ctx.userId);
  return withMessage(state, { ...held, poll: withOwnVotes(event.poll, own) });
}

/** reaction.new / reaction.deleted: the message's counts from the event, the own reactions kept here. */
export function applyReaction(
  state: ChannelStateSnapshot,
  event: ReactionEvent,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const held = state.messages.find((m) => m.id === event.message.id);
  if (!held) return state;
  return withMessage(state, reactedMessage(held, event, ctx.userId));
}

/**
 * A thread reply from someone else: one more unread reply in that thread when the current user takes
 * part in it (wrote the parent or a reply), as far as the parent held here tells.
 */
export function withThreadReply(
  state: ChannelStateSnapshot,
  reply: MessageResponse,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const parentId = reply.parent_id;
  if (!parentId) return state;
  const parent = state.messages.find((m) => m.id === parentId);
  if (!parent || !countsAsUnreadReply(reply, parent, ctx.userId)) return state;
  const threadUnread = { ...state.threadUnread, [parentId]: (state.threadUnread[parentId] ?? 0) + 1 };
  return { ...state, threadUnread };
}

/** Sets the unread replies of threads (GET /unread, or 0 after reading one). */
export function withThreadUnread(
  state: ChannelStateSnapshot,
  counts: Readonly<Record<string, number>>,
): ChannelStateSnapshot {
  let changed = false;
  const threadUnread: Record<string, number> = { ...state.threadUnread };
  for (const [parentId, n] of Object.entries(counts)) {
    if ((threadUnread[parentId] ?? 0) === n) continue;
    changed = true;
    if (n > 0) threadUnread[parentId] = n;
    else delete threadUnread[parentId];
  }
  return changed ? { ...state, threadUnread } : state;
}

/** A new message reached the channel (event or notification): last_message_at, unread, read, hidden. */
export function withNewMessage(
  state: ChannelStateSnapshot,
  message: MessageResponse,
  ctx: ReduceContext,
  insert: boolean,
): ChannelStateSnapshot {
  // A thread reply not sent to the channel is not in the list (its parent's summary comes as
  // thread.updated); only a mention of the reader in it counts, as the server counts it.
  if (!isChannelVisible(message)) return withThreadMention(state, message, ctx);
  // A system message is only shown: it is never unread, moves no read position and does not make
  // the channel active (the server keeps its last_message_at).
  if (message.type === "system") return insert ? withMessage(state, toLocalMessage(message)) : state;
  const known = state.messages.some((m) => m.id === message.id && m.status === "received");
  let next: ChannelStateSnapshot = insert ? withMessage(state, toLocalMessage(message)) : state;
  const lastMessageAt = laterIso(next.lastMessageAt, message.created_at);
  const channel = next.channel
    ? { ...next.channel, last_message_at: laterIso(next.channel.last_message_at, message.created_at) }
    : next.channel;
  next = { ...next, lastMessageAt, channel, membership: unhidden(next.membership) };
  const senderId = message.user.id;
  const own = senderId === ctx.userId;
  const counted = !known && countsAsUnread(message, ctx.userId) && countedOnce(next, message, ctx);
  // The sender has read their own message; every other member has one more unread.
  const read: Record<string, ReadStateResponse> = {};
  for (const [userId, entry] of Object.entries(next.read)) {
    if (userId === senderId) {
      read[userId] = readEntry(userId, laterIso(entry.last_read, message.created_at), message.id);
    } else if (userId === ctx.userId ? counted : !known && countsAsUnread(message, userId)) {
      read[userId] = {
        ...entry,
        unread_messages: entry.unread_messages + 1,
        unread_mentions: (entry.unread_mentions ?? 0) + (countsAsUnreadMention(message, userId) ? 1 : 0),
      };
    } else {
      read[userId] = entry;
    }
  }
  if (!read[senderId] && next.members[senderId]) {
    read[senderId] = readEntry(senderId, message.created_at, message.id);
  }
  next = { ...next, read };
  if (own) {
    ctx.resetUnread();
    next = { ...next, unreadCount: 0 };
  } else if (counted) {
    next = { ...next, unreadCount: next.unreadCount + 1 };
  }
  return next;
}

/**
 * A message counting for the reader, in a channel they are a member of, not counted before
 * (`countUnread` remembers the id, so call it last).
 */
function countedOnce(state: ChannelStateSnapshot, message: MessageResponse, ctx: ReduceContext): boolean {
  return state.membership !== null && ctx.countUnread(message.id);
}

/** A thread reply that mentions the reader: one more unread mention in the channel. */
function withThreadMention(
  state: ChannelStateSnapshot,
  message: MessageResponse,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const me = ctx.userId;
  if (!me || !countsAsUnreadMention(message, me) || !countedOnce(state, message, ctx)) return state;
  const own = state.read[me];
  if (!own) return state;
  return {
    ...state,
    read: { ...state.read, [me]: { ...own, unread_mentions: (own.unread_mentions ?? 0) + 1 } },
  };
}

/** A new message the current user sent, answered by REST before (or after) its `message.new` event. */
export function applyNewMessage(
  state: ChannelStateSnapshot,
  message: MessageResponse,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  return withNewMessage(state, message, ctx, true);
}

/** The channel was truncated: messages up to `truncated_at` go, and nothing is unread any more. */
export function applyTruncation(
  state: ChannelStateSnapshot,
  channel: ChannelResponse,
  fallbackAt: string,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  // Truncation clears last_message_at: take the channel as it comes (unless we hold a newer copy).
  const current = state.channel;
  const newer = !current || timeOf(channel.updated_at) >= timeOf(current.updated_at);
  const next = newer ? { ...state, channel, lastMessageAt: channel.last_message_at } : state;
  const at = channel.truncated_at ?? fallbackAt;
  const read: Record<string, ReadStateResponse> = {};
  for (const [userId, entry] of Object.entries(next.read)) {
    read[userId] = { ...entry, unread_messages: 0, unread_mentions: 0 };
  }
  ctx.resetUnread();
  return {
    ...next,
    gapAfter: null,
    messages: removeMessagesUpTo(next.messages, at),
    read,
    unreadCount: 0,
    hasMoreOlder: false,
  };
}
