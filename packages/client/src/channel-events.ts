/** Applying channel events (seq-ordered, replayed) and user events (not replayed) to a channel's state. */
import type { ChannelEvent, MemberResponse, MembershipResponse, UserEvent } from "@parley/protocol";
import {
  type ReduceContext,
  readEntry,
  unhidden,
  withChannelData,
  withMessage,
  withOwnReadReset,
} from "./channel-state.js";
import {
  applyChangedMessage,
  applyPollToMessage,
  applyReaction,
  applyTruncation,
  keepOwnReactions,
  withNewMessage,
  withThreadReply,
} from "./message-reducers.js";
import type { ChannelStateSnapshot } from "./types.js";

/** Applies one channel event (already checked against lastSeq) and records its seq. */
export function applyChannelEvent(
  state: ChannelStateSnapshot,
  event: ChannelEvent,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  const next = reduceChannelEvent(state, event, ctx);
  return { ...next, lastSeq: Math.max(next.lastSeq, event.seq) };
}

function reduceChannelEvent(
  state: ChannelStateSnapshot,
  event: ChannelEvent,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  switch (event.type) {
    case "message.new":
      return withThreadReply(withNewMessage(state, event.message, ctx, true), event.message, ctx);
    case "message.updated":
    case "message.deleted":
      return applyChangedMessage(state, event.message, ctx);
    case "message.read": {
      if (event.user.id === ctx.userId) {
        return withOwnReadReset(state, ctx, event.last_read, event.last_read_message_id);
      }
      const entry = readEntry(event.user.id, event.last_read, event.last_read_message_id);
      return { ...state, read: { ...state.read, [event.user.id]: entry } };
    }
    case "thread.updated": {
      const held = state.messages.find((m) => m.id === event.message.id);
      return held ? withMessage(state, keepOwnReactions(event.message, held)) : state;
    }
    case "reaction.new":
    case "reaction.deleted":
      return applyReaction(state, event, ctx);
    case "poll.updated":
    case "poll.closed":
    case "poll.deleted":
    case "poll.vote_casted":
    case "poll.vote_changed":
    case "poll.vote_removed":
    case "poll.answer_casted":
      return applyPollToMessage(state, event, ctx);
    case "channel.created":
    case "channel.updated":
    case "channel.deleted":
      return withChannelData(state, event.channel);
    case "channel.truncated":
      return applyTruncation(state, event.channel, event.created_at, ctx);
    case "member.added": {
      const next = withChannelData(state, event.channel);
      const members = { ...next.members, [event.member.user_id]: withKnownPresence(event.member, next, ctx) };
      // A new member has read everything before joining.
      const read = next.read[event.member.user_id]
        ? next.read
        : {
            ...next.read,
            [event.member.user_id]: readEntry(event.member.user_id, null, null),
          };
      const membership =
        event.member.user_id === ctx.userId
          ? {
              ...event.member,
              ...ownMembershipFields(next.membership),
            }
          : next.membership;
      return { ...next, members, read, membership };
    }
    case "member.updated": {
      const next = withChannelData(state, event.channel);
      const members = { ...next.members, [event.member.user_id]: withKnownPresence(event.member, next, ctx) };
      const membership =
        event.member.user_id === ctx.userId && next.membership
          ? { ...next.membership, role: event.member.role }
          : next.membership;
      return { ...next, members, membership };
    }
    case "member.removed": {
      const next = withChannelData(state, event.channel);
      const { [event.member.user_id]: _removed, ...members } = next.members;
      const { [event.member.user_id]: _read, ...read } = next.read;
      const membership = event.member.user_id === ctx.userId ? null : next.membership;
      const unreadCount = membership ? next.unreadCount : 0;
      return { ...next, members, read, membership, unreadCount };
    }
    default:
      return state;
  }
}

/** Applies a user-scoped event about this channel (not seq-ordered, never replayed). */
export function applyUserEvent(
  state: ChannelStateSnapshot,
  event: UserEvent,
  ctx: ReduceContext,
): ChannelStateSnapshot {
  switch (event.type) {
    case "channel.hidden": {
      const next = withChannelData(state, event.channel);
      return next.membership ? { ...next, membership: { ...next.membership, hidden: true } } : next;
    }
    case "channel.visible": {
      const next = withChannelData(state, event.channel);
      return { ...next, membership: unhidden(next.membership) };
    }
    case "notification.message_new": {
      const next = withChannelData(state, event.channel);
      return withNewMessage(next, event.message, ctx, false);
    }
    case "notification.added_to_channel": {
      const next = withChannelData(state, event.channel);
      const membership: MembershipResponse = {
        ...event.member,
        ...ownMembershipFields(next.membership),
      };
      return { ...next, membership, members: { ...next.members, [event.member.user_id]: event.member } };
    }
    case "notification.removed_from_channel": {
      const next = withChannelData(state, event.channel);
      const members: Record<string, MemberResponse> = { ...next.members };
      if (ctx.userId) delete members[ctx.userId];
      ctx.resetUnread();
      return { ...next, membership: null, members, unreadCount: 0 };
    }
    case "notification.mark_read":
      return withOwnReadReset(state, ctx, event.last_read, event.last_read_message_id);
    case "notification.channel_mutes_updated":
      return withOwnNotify(state, {
        muted: event.muted,
        muted_until: event.muted ? (event.muted_until ?? null) : null,
      });
    case "notification.channel_level_updated":
      return withOwnNotify(state, { notify_level: event.level });
    case "notification.channel_deleted":
      return withChannelData(state, event.channel);
    case "channel.starred_updated":
      return withOwnStar(state, event.starred);
    default:
      return state;
  }
}

/** The current user's star (favourite) on their membership (own REST action and its event). */
export function withOwnStar(state: ChannelStateSnapshot, starred: boolean): ChannelStateSnapshot {
  const m = state.membership;
  if (!m || m.starred === starred) return state;
  return { ...state, membership: { ...m, starred } };
}

/**
 * Events carry no presence (`user.online`): a member keeps what was known of theirs, the current
 * user is online, and anyone else comes with a `user.presence.changed` when they are.
 */
function withKnownPresence(
  member: MemberResponse,
  state: ChannelStateSnapshot,
  ctx: ReduceContext,
): MemberResponse {
  if (member.user.online !== undefined) return member;
  const online = member.user_id === ctx.userId ? true : state.members[member.user_id]?.user.online;
  return online === undefined ? member : { ...member, user: { ...member.user, online } };
}

/** The current user's notification fields of their membership (own REST actions and their events). */
export function withOwnNotify(
  state: ChannelStateSnapshot,
  change: Partial<Pick<MembershipResponse, "muted" | "muted_until" | "notify_level">>,
): ChannelStateSnapshot {
  const m = state.membership;
  if (!m) return state;
  const next = { ...m, ...change };
  if (next.muted === m.muted && next.muted_until === m.muted_until && next.notify_level === m.notify_level)
    return state;
  return { ...state, membership: next };
}

/** What only the member sees of their membership, kept when the member part of it changes. */
function ownMembershipFields(m: MembershipResponse | null | undefined) {
  return {
    muted: m?.muted ?? false,
    muted_until: m?.muted_until ?? null,
    hidden: m?.hidden ?? false,
    notify_level: m?.notify_level ?? "default",
    starred: m?.starred ?? false,
  } satisfies Partial<MembershipResponse>;
}
