import type {
  ChannelResponse,
  MemberResponse,
  MessageResponse,
  PollEventPoll,
  PollVoteResponse,
  ReactionResponse,
  UserResponse,
} from "./models.js";
import type { BanResponse, FlagResponse } from "./moderation.js";
import type { ChannelNotifyLevel, OwnNotify } from "./notifications.js";

/**
 * Channel-scoped events: stored with a per-channel gapless `seq` in the same transaction
 * as the change, replayed on resume (docs/architecture.md "Delivery guarantee").
 */
export const CHANNEL_EVENT_TYPES = [
  "message.new",
  "message.updated",
  "message.deleted",
  "message.read",
  "channel.created",
  "channel.updated",
  "channel.deleted",
  "channel.truncated",
  "member.added",
  "member.removed",
  "member.updated",
  "thread.updated",
  "reaction.new",
  "reaction.deleted",
  "poll.updated",
  "poll.closed",
  "poll.deleted",
  "poll.vote_casted",
  "poll.vote_changed",
  "poll.vote_removed",
  "poll.answer_casted",
] as const;

/** User-scoped events: sent to one user's sockets, never replayed (the SDK refetches on resume). */
export const USER_EVENT_TYPES = [
  "channel.hidden",
  "channel.visible",
  "notification.message_new",
  "notification.added_to_channel",
  "notification.removed_from_channel",
  "notification.mark_read",
  "notification.channel_mutes_updated",
  "notification.channel_level_updated",
  "notification.settings_updated",
  "notification.channel_deleted",
  "channel.starred_updated",
  "notification.thread_read",
  "message.flagged",
  "flag.reviewed",
  "user.banned",
  "user.unbanned",
  "user.muted",
  "user.unmuted",
] as const;

/**
 * Ephemeral events: never stored, never replayed. `user.updated` (a user's status or Do Not
 * Disturb changed) follows a committed change, but what it says is also in every fresh answer,
 * which a resuming client refetches.
 */
export const EPHEMERAL_EVENT_TYPES = [
  "typing.start",
  "typing.stop",
  "user.presence.changed",
  "user.updated",
] as const;

export type ChannelEventType = (typeof CHANNEL_EVENT_TYPES)[number];
export type UserEventType = (typeof USER_EVENT_TYPES)[number];
export type EphemeralEventType = (typeof EPHEMERAL_EVENT_TYPES)[number];

interface ChannelEventBase {
  cid: string;
  channel_type: string;
  channel_id: string;
  seq: number;
  created_at: string;
}

/**
 * Poll events (docs/api.md "Polls"), on the channel of the message carrying the poll. `poll`
 * is what every watcher may see (no `own_votes`); on an anonymous poll no vote names its user.
 */
type PollChannelEvent =
  | (ChannelEventBase & {
      type: "poll.updated" | "poll.closed" | "poll.deleted";
      poll: PollEventPoll;
      message_id: string;
    })
  | (ChannelEventBase & {
      type: "poll.vote_casted" | "poll.vote_changed" | "poll.vote_removed" | "poll.answer_casted";
      poll: PollEventPoll;
      poll_vote: PollVoteResponse;
      message_id: string;
    });

export type ChannelEvent =
  | PollChannelEvent
  | (ChannelEventBase & { type: "message.new"; message: MessageResponse; user: UserResponse })
  | (ChannelEventBase & { type: "message.updated"; message: MessageResponse; user: UserResponse })
  | (ChannelEventBase & { type: "message.deleted"; message: MessageResponse; user: UserResponse })
  | (ChannelEventBase & {
      type: "message.read";
      user: UserResponse;
      last_read: string;
      last_read_message_id: string | null;
    })
  | (ChannelEventBase & { type: "channel.created"; channel: ChannelResponse; user: UserResponse })
  | (ChannelEventBase & { type: "channel.updated"; channel: ChannelResponse; user: UserResponse | null })
  | (ChannelEventBase & { type: "channel.deleted"; channel: ChannelResponse; user: UserResponse | null })
  | (ChannelEventBase & { type: "channel.truncated"; channel: ChannelResponse; user: UserResponse | null })
  | (ChannelEventBase & { type: "member.added"; member: MemberResponse; channel: ChannelResponse })
  | (ChannelEventBase & { type: "member.removed"; member: MemberResponse; channel: ChannelResponse })
  | (ChannelEventBase & { type: "member.updated"; member: MemberResponse; channel: ChannelResponse })
  /** A thread's parent changed its summary (reply count, last reply, participants). */
  | (ChannelEventBase & { type: "thread.updated"; message: MessageResponse })
  | (ChannelEventBase & {
      type: "reaction.new";
      message: MessageResponse;
      reaction: ReactionResponse;
      user: UserResponse;
    })
  | (ChannelEventBase & {
      type: "reaction.deleted";
      message: MessageResponse;
      reaction: ReactionResponse;
      user: UserResponse;
    });

interface UserEventBase {
  cid: string;
  created_at: string;
}

export type UserEvent =
  | (UserEventBase & { type: "channel.hidden"; channel: ChannelResponse })
  | (UserEventBase & { type: "channel.visible"; channel: ChannelResponse })
  | (UserEventBase & { type: "notification.message_new"; channel: ChannelResponse; message: MessageResponse })
  | (UserEventBase & {
      type: "notification.added_to_channel";
      channel: ChannelResponse;
      member: MemberResponse;
    })
  | (UserEventBase & { type: "notification.removed_from_channel"; channel: ChannelResponse })
  | (UserEventBase & {
      type: "notification.mark_read";
      last_read: string;
      last_read_message_id: string | null;
      total_unread_count: number;
      unread_channels: number;
    })
  | (UserEventBase & {
      type: "notification.channel_mutes_updated";
      muted: boolean;
      muted_until?: string | null;
    })
  | (UserEventBase & { type: "notification.channel_level_updated"; level: ChannelNotifyLevel })
  | (UserEventBase & { type: "notification.settings_updated"; notify: OwnNotify })
  | (UserEventBase & { type: "notification.channel_deleted"; channel: ChannelResponse })
  /** The user starred or unstarred the channel (their other tabs follow). */
  | (UserEventBase & { type: "channel.starred_updated"; starred: boolean })
  /** The user marked a thread read (their other tabs follow; its unread replies are 0). */
  | (UserEventBase & { type: "notification.thread_read"; parent_id: string })
  | (UserEventBase & { type: "message.flagged"; message: MessageResponse; flag: FlagResponse })
  | (UserEventBase & {
      type: "flag.reviewed";
      message_id: string;
      reviewed_by: string;
      review_result: "keep" | "remove";
    })
  | (UserEventBase & { type: "user.banned" | "user.unbanned"; ban: BanResponse })
  | (UserEventBase & { type: "user.muted" | "user.unmuted"; target_id: string });

export type EphemeralEvent =
  | { type: "typing.start"; cid: string; parent_id: string | null; user: UserResponse; created_at: string }
  | { type: "typing.stop"; cid: string; parent_id: string | null; user: UserResponse; created_at: string }
  | { type: "user.presence.changed"; user: UserResponse; created_at: string }
  /** A user's status or Do Not Disturb changed; `user` is all of them as now (no `online`). */
  | { type: "user.updated"; user: UserResponse; created_at: string };

export type ChatEvent = ChannelEvent | UserEvent | EphemeralEvent;
export type ChatEventType = ChatEvent["type"];

export function isChannelEvent(e: { type: string }): e is ChannelEvent {
  return (CHANNEL_EVENT_TYPES as readonly string[]).includes(e.type);
}
