/**
 * Pure reducers of one channel's state. Every function takes a snapshot and returns a new one
 * (or the same object when nothing changed), so UIs can compare snapshots by identity.
 */
import type {
  ChannelResponse,
  ChannelStateResponse,
  MemberResponse,
  MembershipResponse,
  MessageResponse,
  ReadStateResponse,
} from "@parley/protocol";
import { compareMessages, mergeMessages, timeOf, toLocalMessage, upsertMessage } from "./messages.js";
import type { ChannelStateSnapshot, LocalMessage, TypingEntry } from "./types.js";

export function emptyChannelState(channel?: ChannelResponse): ChannelStateSnapshot {
  return {
    channel,
    messages: [],
    members: {},
    membership: null,
    read: {},
    typing: {},
    watcherCount: 0,
    unreadCount: 0,
    lastSeq: 0,
    lastMessageAt: channel?.last_message_at ?? null,
    hasMoreOlder: true,
    gapAfter: null,
    initialized: false,
    preview: false,
    threadUnread: {},
    capabilities: { any: [], own: [] },
  };
}

export type SeqVerdict = "apply" | "duplicate" | "gap";

/** What to do with a channel event given the last seq applied: apply it, drop it, or resync first. */
export function classifySeq(lastSeq: number, seq: number): SeqVerdict {
  if (seq <= lastSeq) return "duplicate";
  if (seq === lastSeq + 1) return "apply";
  return "gap";
}

/** What the reducers need to know besides the state. */
export interface ReduceContext {
  /** The current user's id. */
  userId: string | undefined;
  /**
   * Records that a message was counted as unread; false when it already was (a message can reach
   * us twice: as `notification.message_new` and later as a replayed `message.new`).
   */
  countUnread(messageId: string): boolean;
  /** Forgets the counted messages (the count was reset by a read or a fresh query answer). */
  resetUnread(): void;
}

function byKey<T>(items: readonly T[], key: (item: T) => string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const item of items) out[key(item)] = item;
  return out;
}

export function laterIso(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return timeOf(b) > timeOf(a) ? b : a;
}

/** Merges new channel data: the newer copy (updated_at) wins, last_message_at never goes back. */
export function withChannelData(
  state: ChannelStateSnapshot,
  incoming: ChannelResponse,
): ChannelStateSnapshot {
  const current = state.channel;
  let next = incoming;
  if (current && timeOf(incoming.updated_at) < timeOf(current.updated_at)) {
    next = { ...current, last_message_at: laterIso(current.last_message_at, incoming.last_message_at) };
  } else if (current) {
    next = { ...incoming, last_message_at: laterIso(current.last_message_at, incoming.last_message_at) };
  }
  const lastMessageAt = laterIso(state.lastMessageAt, next.last_message_at);
  return { ...state, channel: next, lastMessageAt };
}

export interface QueryApplyOptions {
  /** The message limit the query asked for: a shorter page means no older messages exist. */
  messageLimit: number;
  /** The answer is a channel list's preview (`ChannelStateSnapshot.preview`). */
  preview?: boolean;
  /**
   * Take only the user-scoped parts (mute/hide flags, watcher count) even when the answer is
   * ahead: the channel is being resumed by replay, which hands every missed event to handlers.
   */
  flagsOnly?: boolean;
}

/**
 * Applies a channel query answer. When it is at least as recent as the state (by last_seq) it
 * replaces the state, keeping older pages that join the new one and the local pending sends; when
 * the state is already ahead (events applied after the server built the answer), only the
 * user-scoped parts that events do not carry (mute/hide flags, watcher count) are taken — as
 * they are when `flagsOnly` says the events are on their way by replay.
 */
export function applyQueryResponse(
  state: ChannelStateSnapshot,
  response: ChannelStateResponse,
  ctx: ReduceContext,
  options: QueryApplyOptions,
): ChannelStateSnapshot {
  if (state.initialized && (options.flagsOnly || response.last_seq < state.lastSeq)) {
    const membership =
      state.membership && response.membership
        ? {
            ...state.membership,
            muted: response.membership.muted,
            muted_until: response.membership.muted_until,
            hidden: response.membership.hidden,
            notify_level: response.membership.notify_level,
          }
        : state.membership;
    return {
      ...state,
      membership,
      watcherCount: response.watcher_count,
      capabilities: response.own_capabilities,
    };
  }
  const page = [...response.messages].sort(compareMessages);
  const pending = state.messages.filter((m) => m.status !== "received");
  let base: LocalMessage[];
  let hasMoreOlder: boolean;
  const oldest = page[0];
  if (page.length < options.messageLimit || !oldest) {
    base = page.map((m) => toLocalMessage(m));
    hasMoreOlder = false;
  } else {
    const joins = state.messages.some((m) => m.id === oldest.id);
    const older = joins
      ? state.messages.filter((m) => m.status === "received" && compareMessages(m, oldest) < 0)
      : [];
    base = [...older, ...page.map((m) => toLocalMessage(m))];
    hasMoreOlder = joins ? state.hasMoreOlder : true;
  }
  // A hole among older messages kept stays; one whose older side was dropped is gone with it.
  const gapAfter =
    state.gapAfter && base.some((m) => m.id === state.gapAfter && m.id !== base.at(-1)?.id)
      ? state.gapAfter
      : null;
  const pageIds = new Set(base.map((m) => m.id));
  let messages: readonly LocalMessage[] = base;
  for (const m of pending) if (!pageIds.has(m.id)) messages = upsertMessage(messages, m);
  // A preview never takes away the members and read states a full answer gave.
  const keepFull = options.preview === true && state.initialized && !state.preview;
  const members = byKey(response.members, (m) => m.user_id);
  const answered = byKey(response.read, (r) => r.user_id);
  const read = keepFull ? { ...state.read, ...answered } : answered;
  ctx.resetUnread();
  const own = ctx.userId ? read[ctx.userId] : undefined;
  return {
    channel: response.channel,
    messages,
    members: keepFull ? { ...state.members, ...members } : members,
    membership: response.membership,
    read,
    typing: state.typing,
    watcherCount: response.watcher_count,
    unreadCount: response.membership ? (own?.unread_messages ?? 0) : 0,
    lastSeq: response.last_seq,
    lastMessageAt: response.channel.last_message_at,
    hasMoreOlder,
    gapAfter,
    initialized: true,
    preview: options.preview === true && !keepFull,
    threadUnread: state.threadUnread,
    capabilities: response.own_capabilities,
  };
}

/**
 * A window of history around a message (`id_around`: up to ⌈limit/2⌉ older, ⌊limit/2⌋ newer).
 * Joined to what is held it simply merges; apart from it (far back), it is kept with a hole
 * after it (`gapAfter`) up to the messages held, which `applyNewerPage` fills.
 */
export function applyAroundPage(
  state: ChannelStateSnapshot,
  page: readonly MessageResponse[],
  anchorId: string,
  limit: number,
): ChannelStateSnapshot {
  const sorted = [...page].sort(compareMessages);
  const at = sorted.findIndex((m) => m.id === anchorId);
  const newest = sorted.at(-1);
  if (at === -1 || !newest) return state;
  const held = state.messages.filter((m) => m.status === "received");
  const oldestHeld = held[0];
  const olderFull = at >= Math.ceil(limit / 2);
  const newerFull = sorted.length - at - 1 >= Math.floor(limit / 2);
  const messages = mergeMessages(state.messages, sorted);
  const extendsOlder = !oldestHeld || compareMessages(sorted[0] as MessageResponse, oldestHeld) < 0;
  const hasMoreOlder = extendsOlder ? olderFull : state.hasMoreOlder;
  const overlaps = held.some((m) => sorted.some((s) => s.id === m.id));
  const apart = !overlaps && held.some((m) => compareMessages(m, newest) > 0);
  const gapAfter = apart && newerFull ? newest.id : state.gapAfter;
  return { ...state, messages, hasMoreOlder, gapAfter };
}

/** Messages after `gapAfter` (`id_gt`): the hole closes when the page is short or meets what is held. */
export function applyNewerPage(
  state: ChannelStateSnapshot,
  page: readonly MessageResponse[],
  limit: number,
): ChannelStateSnapshot {
  const held = new Set(state.messages.filter((m) => m.status === "received").map((m) => m.id));
  const meets = page.some((m) => held.has(m.id));
  const messages = mergeMessages(state.messages, page);
  const last = [...page].sort(compareMessages).at(-1);
  const gapAfter = meets || page.length < limit || !last ? null : last.id;
  return { ...state, messages, gapAfter };
}

/** Adds an older page of messages (pagination); nothing else changes. */
export function applyOlderPage(
  state: ChannelStateSnapshot,
  messages: readonly MessageResponse[],
  limit: number,
): ChannelStateSnapshot {
  const merged = mergeMessages(state.messages, messages);
  const hasMoreOlder = messages.length >= limit && limit > 0;
  if (merged === state.messages && hasMoreOlder === state.hasMoreOlder) return state;
  return { ...state, messages: merged, hasMoreOlder };
}

/** Inserts or replaces one message (own sends, edits and deletes answered by REST, or events). */
export function withMessage(state: ChannelStateSnapshot, message: LocalMessage): ChannelStateSnapshot {
  const messages = upsertMessage(state.messages, message);
  if (messages === state.messages) return state;
  return { ...state, messages };
}

export function withOwnReadReset(
  state: ChannelStateSnapshot,
  ctx: ReduceContext,
  lastRead: string,
  lastReadMessageId: string | null,
): ChannelStateSnapshot {
  ctx.resetUnread();
  if (!ctx.userId) return { ...state, unreadCount: 0 };
  const entry = readEntry(ctx.userId, lastRead, lastReadMessageId);
  return { ...state, unreadCount: 0, read: { ...state.read, [ctx.userId]: entry } };
}

/** Applies the current user's read answer (`POST …/read`). */
export function applyOwnRead(
  state: ChannelStateSnapshot,
  read: ReadStateResponse,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  ctx.resetUnread();
  const current = state.read[read.user_id];
  if (current && timeOf(current.last_read) > timeOf(read.last_read)) return { ...state, unreadCount: 0 };
  return {
    ...state,
    unreadCount: 0,
    read: { ...state.read, [read.user_id]: { ...read, unread_messages: 0, unread_mentions: 0 } },
  };
}

export function unhidden(membership: MembershipResponse | null): MembershipResponse | null {
  return membership?.hidden ? { ...membership, hidden: false } : membership;
}

/** A read entry with nothing unread. */
export function readEntry(
  userId: string,
  lastRead: string | null,
  lastReadMessageId: string | null,
): ReadStateResponse {
  return {
    user_id: userId,
    last_read: lastRead,
    last_read_message_id: lastReadMessageId,
    unread_messages: 0,
    unread_mentions: 0,
  };
}

/** Sets the current user's hidden / muted flags (own REST actions and their events). */
export function withMembershipFlags(
  state: ChannelStateSnapshot,
  flags: { muted?: boolean; hidden?: boolean },
): ChannelStateSnapshot {
  const m = state.membership;
  if (!m) return state;
  const muted = flags.muted ?? m.muted;
  const hidden = flags.hidden ?? m.hidden;
  if (muted === m.muted && hidden === m.hidden) return state;
  return { ...state, membership: { ...m, muted, hidden } };
}

/** The current user left or was removed (own `leave` answer). */
export function withoutMembership(
  state: ChannelStateSnapshot,
  userId: string | undefined,
): ChannelStateSnapshot {
  if (!state.membership && !(userId && state.members[userId])) return state;
  const members: Record<string, MemberResponse> = { ...state.members };
  if (userId) delete members[userId];
  return { ...state, membership: null, members, unreadCount: 0 };
}

/** Adds members answered by `POST …/members` (add) or drops removed ones. */
export function withMembers(
  state: ChannelStateSnapshot,
  upsert: readonly MemberResponse[],
  remove: readonly string[],
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const members: Record<string, MemberResponse> = { ...state.members };
  for (const m of upsert) members[m.user_id] = m;
  for (const id of remove) delete members[id];
  let membership = state.membership;
  if (ctx.userId && remove.includes(ctx.userId)) membership = null;
  return { ...state, members, membership, unreadCount: membership ? state.unreadCount : 0 };
}

export function withTyping(
  state: ChannelStateSnapshot,
  userId: string,
  entry: TypingEntry | undefined,
): ChannelStateSnapshot {
  if (!entry) {
    if (!(userId in state.typing)) return state;
    const { [userId]: _gone, ...typing } = state.typing;
    return { ...state, typing };
  }
  return { ...state, typing: { ...state.typing, [userId]: entry } };
}
