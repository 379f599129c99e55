import type { AppCapability, ChannelCapabilities } from "./policies.js";
import type { VotingVisibility } from "./polls.js";

/** Answer shapes of the chat service (docs/api.md "Shapes"). Times are ISO-8601 strings. */

export type AppRole = "user" | "moderator" | "admin";
export type ChannelRole = "owner" | "channel_moderator" | "channel_member";
export type MessageType = "regular" | "deleted" | "system";

export interface UserResponse {
  id: string;
  name: string;
  image: string;
  role: AppRole;
  /**
   * Whether they have a connection open now, in answers (REST, and the socket's replies). Events
   * leave it out, stored or not: presence moves by `user.presence.changed`, and a replayed event
   * would otherwise carry what was true when it happened.
   */
  online?: boolean;
  last_active: string | null;
  created_at: string;
}

export interface OwnUserResponse extends UserResponse {
  total_unread_count: number;
  unread_channels: number;
  /** Ids of the users this user muted: their messages are hidden and never notify. */
  mutes: string[];
  /** The app-wide actions this user may take (the moderation screen, app-wide bans…). */
  capabilities: AppCapability[];
}

export interface ChannelConfig {
  typing_events: boolean;
  read_events: boolean;
  reactions: boolean;
  replies: boolean;
  uploads: boolean;
  polls: boolean;
  search: boolean;
  max_message_length: number;
  /** Whether any signed-in user may find, read and join (team) or only members (messaging). */
  public_read: boolean;
}

export interface ChannelResponse {
  cid: string;
  type: string;
  id: string;
  name: string;
  image: string;
  created_by_id: string;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  member_count: number;
  /** Set when the channel was created from a member list with no id. */
  is_direct: boolean;
  deleted_at: string | null;
  truncated_at: string | null;
  config: ChannelConfig;
}

export interface MemberResponse {
  user_id: string;
  user: UserResponse;
  role: ChannelRole;
  created_at: string;
}

/** The current user's own membership: what only they see. */
export interface MembershipResponse extends MemberResponse {
  muted: boolean;
  hidden: boolean;
}

export interface MessageResponse {
  id: string;
  cid: string;
  type: MessageType;
  text: string;
  user: UserResponse;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  /** The channel seq of the event that created this message. */
  seq: number;
  /** Set on a thread reply: the id of the message it replies to. */
  parent_id: string | null;
  /** A thread reply also shown in the channel ("also send to channel"). */
  show_in_channel: boolean;
  /** On a thread's parent: how many replies, when the last one came, who took part. */
  reply_count: number;
  last_reply_at: string | null;
  thread_participants: string[];
  /** Ids of the users mentioned with @. */
  mentioned_users: string[];
  attachments: AttachmentResponse[];
  /** Count per reaction type, e.g. { "👍": 3 }. */
  reaction_counts: Record<string, number>;
  /** The newest reactions (at most 10), for "who reacted". */
  latest_reactions: ReactionResponse[];
  /** The reading user's own reactions (empty in events: apply `reaction.*` events instead). */
  own_reactions: ReactionResponse[];
  pinned_at: string | null;
  pinned_by_id: string | null;
  /** The poll this message carries (docs/api.md "Polls"). */
  poll_id?: string | null;
  /** The poll as the reader sees it; REST answers and `message.new` only (see "Polls"). */
  poll?: PollResponse;
}

export interface ReactionResponse {
  message_id: string;
  user_id: string;
  user?: UserResponse;
  type: string;
  created_at: string;
}

export interface AttachmentResponse {
  id: string;
  type: "image" | "file";
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Fetched with the same api_key + bearer token as every chat call. */
  url: string;
}

export interface MessageVersionResponse {
  message_id: string;
  version: number;
  text: string;
  user_id: string;
  /** When this text was written (the original send, or the edit that produced it). */
  created_at: string;
}

export interface ReadStateResponse {
  user_id: string;
  last_read: string | null;
  last_read_message_id: string | null;
  unread_messages: number;
  /** Unread messages that mention this user. */
  unread_mentions: number;
}

/** One channel with what a client needs to render it (query, watch). */
export interface ChannelStateResponse {
  channel: ChannelResponse;
  members: MemberResponse[];
  membership: MembershipResponse | null;
  messages: MessageResponse[];
  read: ReadStateResponse[];
  watcher_count: number;
  /** Highest event seq reflected in this state; watch from here. */
  last_seq: number;
  /** What the caller may do here, as the channel type's policies say (for offering actions). */
  own_capabilities: ChannelCapabilities;
}

export interface UnreadResponse {
  total_unread_count: number;
  channels: { cid: string; unread_count: number; unread_mentions: number; last_read: string | null }[];
  /** Unread replies in threads the user takes part in. */
  threads: { parent_id: string; cid: string; unread_replies: number }[];
}

// ---- polls (docs/api.md "Polls"; their request schemas and limits are in polls.ts) ----

export interface PollOptionResponse {
  id: string;
  text: string;
  position: number;
  vote_count: number;
}

/** A vote or a free-text answer. On an anonymous poll `user_id` and `user` are always null. */
export interface PollVoteResponse {
  id: string;
  poll_id: string;
  /** The option voted for; null for an answer. */
  option_id: string | null;
  is_answer: boolean;
  answer_text: string | null;
  user_id: string | null;
  user: UserResponse | null;
  created_at: string;
  updated_at: string;
}

export interface PollResponse {
  id: string;
  name: string;
  description: string;
  /** Sorted by position. */
  options: PollOptionResponse[];
  /** Option votes (answers not included). */
  vote_count: number;
  vote_counts_by_option: Record<string, number>;
  answers_count: number;
  /** The newest answers, newest first (at most POLL_LATEST_VOTES). */
  latest_answers: PollVoteResponse[];
  /** The newest votes of each option; null on an anonymous poll. */
  latest_votes_by_option: Record<string, PollVoteResponse[]> | null;
  /** The current user's votes and answer. */
  own_votes: PollVoteResponse[];
  is_closed: boolean;
  enforce_unique_vote: boolean;
  max_votes_allowed: number | null;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  voting_visibility: VotingVisibility;
  created_by_id: string;
  created_by: UserResponse | null;
  /** Where the poll lives once attached to a message; null before. */
  message_id: string | null;
  cid: string | null;
  created_at: string;
  updated_at: string;
}

/** The poll as events carry it: what every watcher may see, so without `own_votes`. */
export type PollEventPoll = Omit<PollResponse, "own_votes">;

export interface PollQueryResponse {
  polls: PollResponse[];
  next?: string;
}

export interface PollVotesResponse {
  votes: PollVoteResponse[];
  next?: string;
}
