import { z } from "zod";
import { channelNotifyLevelSchema, ownNotifySchema } from "./notifications.js";
import { APP_CAPABILITIES, channelCapabilitiesSchema, channelTypeSettingsSchema } from "./policies.js";
import { VOTING_VISIBILITIES } from "./polls.js";
import { userStatusSchema } from "./user-status.js";

/** Answer shapes of the chat service (docs/api.md "Shapes"). Times are ISO-8601 strings. */

const time = z.string().describe("ISO-8601 time");
const timeOrNull = time.nullable();

export const appRoleSchema = z.enum(["user", "moderator", "admin"]);
export const channelRoleSchema = z.enum(["owner", "channel_moderator", "channel_member"]);
export const messageTypeSchema = z.enum(["regular", "deleted", "system"]);
export type AppRole = z.infer<typeof appRoleSchema>;
export type ChannelRole = z.infer<typeof channelRoleSchema>;
export type MessageType = z.infer<typeof messageTypeSchema>;

export const userResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  role: appRoleSchema,
  online: z
    .boolean()
    .optional()
    .describe(
      "Whether they have a connection open now, in answers (REST, and the socket's replies). Events " +
        "leave it out, stored or not: presence moves by `user.presence.changed`, and a replayed event " +
        "would otherwise carry what was true when it happened.",
    ),
  last_active: timeOrNull,
  created_at: time,
  deactivated: z
    .literal(true)
    .optional()
    .describe("Present when an admin deactivated the account: it cannot sign in; its messages stay"),
  status: userStatusSchema
    .optional()
    .describe("What they say about themselves (emoji and text); absent when none or expired"),
  dnd_until: time
    .optional()
    .describe("Present while they have Do Not Disturb on: when it ends (their notifications are paused)"),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const ownUserResponseSchema = userResponseSchema.extend({
  total_unread_count: z.number().int(),
  unread_channels: z.number().int(),
  mutes: z
    .array(z.string())
    .describe("Ids of the users this user muted: their messages are hidden and never notify."),
  capabilities: z
    .array(z.enum(APP_CAPABILITIES))
    .describe("The app-wide actions this user may take (the moderation screen, app-wide bans…)."),
  notify: ownNotifySchema,
});
export type OwnUserResponse = z.infer<typeof ownUserResponseSchema>;

export const channelConfigSchema = channelTypeSettingsSchema.extend({
  public_read: z
    .boolean()
    .describe("Whether any signed-in user may find, read and join (team) or only members (messaging)."),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

export const channelResponseSchema = z.object({
  cid: z.string(),
  type: z.string(),
  id: z.string(),
  name: z.string(),
  image: z.string(),
  created_by_id: z.string(),
  created_at: time,
  updated_at: time,
  last_message_at: timeOrNull,
  member_count: z.number().int(),
  is_direct: z.boolean().describe("Set when the channel was created from a member list with no id."),
  deleted_at: timeOrNull,
  truncated_at: timeOrNull,
  topic: z
    .string()
    .optional()
    .describe("What the channel is about, shown under its name; empty when none (always sent)."),
  config: channelConfigSchema,
});
export type ChannelResponse = z.infer<typeof channelResponseSchema>;

export const memberResponseSchema = z.object({
  user_id: z.string(),
  user: userResponseSchema,
  role: channelRoleSchema,
  created_at: time,
});
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** The current user's own membership: what only they see. */
export const membershipResponseSchema = memberResponseSchema.extend({
  muted: z.boolean(),
  muted_until: timeOrNull.describe("When a mute ends by itself; null while unmuted or muted until unmuted."),
  hidden: z.boolean(),
  notify_level: channelNotifyLevelSchema.describe(
    "What notifies the user here; `default` follows their own setting.",
  ),
  starred: z.boolean().describe("The user starred the channel: a favourite, listed first in their sidebar."),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

export const reactionResponseSchema = z.object({
  message_id: z.string(),
  user_id: z.string(),
  user: userResponseSchema.optional(),
  type: z.string(),
  created_at: time,
});
export type ReactionResponse = z.infer<typeof reactionResponseSchema>;

export const attachmentResponseSchema = z.object({
  id: z.string(),
  type: z.enum(["image", "file"]),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string().describe("Fetched with the same api_key + bearer token as every chat call."),
});
export type AttachmentResponse = z.infer<typeof attachmentResponseSchema>;

export const messageVersionResponseSchema = z.object({
  message_id: z.string(),
  version: z.number().int(),
  text: z.string(),
  user_id: z.string(),
  created_at: time.describe("When this text was written (the original send, or the edit that produced it)."),
});
export type MessageVersionResponse = z.infer<typeof messageVersionResponseSchema>;

export const readStateResponseSchema = z.object({
  user_id: z.string(),
  last_read: timeOrNull,
  last_read_message_id: z.string().nullable(),
  unread_messages: z.number().int(),
  unread_mentions: z.number().int().describe("Unread messages that mention this user."),
});
export type ReadStateResponse = z.infer<typeof readStateResponseSchema>;

export const unreadResponseSchema = z.object({
  total_unread_count: z.number().int(),
  channels: z.array(
    z.object({
      cid: z.string(),
      unread_count: z.number().int(),
      unread_mentions: z.number().int(),
      last_read: timeOrNull,
    }),
  ),
  threads: z
    .array(z.object({ parent_id: z.string(), cid: z.string(), unread_replies: z.number().int() }))
    .describe("Unread replies in threads the user takes part in."),
});
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

// ---- polls (docs/api.md "Polls"; their request schemas and limits are in polls.ts) ----

export const pollOptionResponseSchema = z.object({
  id: z.string(),
  text: z.string(),
  position: z.number().int(),
  vote_count: z.number().int(),
});
export type PollOptionResponse = z.infer<typeof pollOptionResponseSchema>;

export const pollVoteResponseSchema = z
  .object({
    id: z.string(),
    poll_id: z.string(),
    option_id: z.string().nullable().describe("The option voted for; null for an answer."),
    is_answer: z.boolean(),
    answer_text: z.string().nullable(),
    user_id: z.string().nullable(),
    user: userResponseSchema.nullable(),
    created_at: time,
    updated_at: time,
  })
  .describe("A vote or a free-text answer. On an anonymous poll `user_id` and `user` are always null.");
export type PollVoteResponse = z.infer<typeof pollVoteResponseSchema>;

export const pollResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  options: z.array(pollOptionResponseSchema).describe("Sorted by position."),
  vote_count: z.number().int().describe("Option votes (answers not included)."),
  vote_counts_by_option: z.record(z.string(), z.number().int()),
  answers_count: z.number().int(),
  latest_answers: z.array(pollVoteResponseSchema).describe("The newest answers, newest first (at most 10)."),
  latest_votes_by_option: z
    .record(z.string(), z.array(pollVoteResponseSchema))
    .nullable()
    .describe("The newest votes of each option; null on an anonymous poll."),
  own_votes: z.array(pollVoteResponseSchema).describe("The current user's votes and answer."),
  is_closed: z.boolean(),
  enforce_unique_vote: z.boolean(),
  max_votes_allowed: z.number().int().nullable(),
  allow_answers: z.boolean(),
  allow_user_suggested_options: z.boolean(),
  voting_visibility: z.enum(VOTING_VISIBILITIES),
  created_by_id: z.string(),
  created_by: userResponseSchema.nullable(),
  message_id: z.string().nullable().describe("Where the poll lives once attached to a message; null before."),
  cid: z.string().nullable(),
  created_at: time,
  updated_at: time,
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

/** The poll as events carry it: what every watcher may see, so without `own_votes`. */
export const pollEventPollSchema = pollResponseSchema.omit({ own_votes: true });
export type PollEventPoll = z.infer<typeof pollEventPollSchema>;

export const pollQueryResponseSchema = z.object({
  polls: z.array(pollResponseSchema),
  next: z.string().optional(),
});
export type PollQueryResponse = z.infer<typeof pollQueryResponseSchema>;

export const pollVotesResponseSchema = z.object({
  votes: z.array(pollVoteResponseSchema),
  next: z.string().optional(),
});
export type PollVotesResponse = z.infer<typeof pollVotesResponseSchema>;

// ---- messages and channel states ----

/** What a system message announces (docs/api.md "System messages"). */
export const SYSTEM_EVENT_KINDS = [
  "member_joined",
  "member_left",
  "member_added",
  "member_removed",
  "channel_renamed",
  "channel_image_changed",
  "channel_topic_changed",
] as const;
export type SystemEventKind = (typeof SYSTEM_EVENT_KINDS)[number];

export const systemEventSchema = z.object({
  kind: z.enum(SYSTEM_EVENT_KINDS),
  actor_id: z.string().describe("Who made the change: the message's `user`."),
  targets: z
    .array(z.object({ id: z.string(), name: z.string().describe("Their name when it happened.") }))
    .describe("The members added or removed; empty for the other kinds."),
  from: z.string().optional().describe("The name, picture URL or topic before the change."),
  to: z.string().optional().describe("The name, picture URL or topic after it (empty: cleared)."),
});
export type SystemEvent = z.infer<typeof systemEventSchema>;

export const messageResponseSchema = z.object({
  id: z.string(),
  cid: z.string(),
  type: messageTypeSchema,
  text: z.string(),
  user: userResponseSchema,
  created_at: time,
  updated_at: time,
  edited_at: timeOrNull,
  deleted_at: timeOrNull,
  seq: z.number().int().describe("The channel seq of the event that created this message."),
  parent_id: z.string().nullable().describe("Set on a thread reply: the id of the message it replies to."),
  show_in_channel: z.boolean().describe('A thread reply also shown in the channel ("also send to channel").'),
  reply_count: z.number().int().describe("On a thread's parent: how many replies."),
  last_reply_at: timeOrNull,
  thread_participants: z.array(z.string()),
  mentioned_users: z.array(z.string()).describe("Ids of the users mentioned with @."),
  attachments: z.array(attachmentResponseSchema),
  reaction_counts: z
    .record(z.string(), z.number().int())
    .describe('Count per reaction type, e.g. { "👍": 3 }.'),
  latest_reactions: z
    .array(reactionResponseSchema)
    .describe('The newest reactions (at most 10), for "who reacted".'),
  own_reactions: z
    .array(reactionResponseSchema)
    .describe("The reading user's own reactions (empty in events: apply `reaction.*` events instead)."),
  pinned_at: timeOrNull,
  pinned_by_id: z.string().nullable(),
  poll_id: z.string().nullable().optional().describe('The poll this message carries (docs/api.md "Polls").'),
  poll: pollResponseSchema
    .optional()
    .describe('The poll as the reader sees it; REST answers and `message.new` only (see "Polls").'),
  system: systemEventSchema
    .optional()
    .describe('On a message of type `system` only: the change it announces (see "System messages").'),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** One channel with what a client needs to render it (query, watch). */
export const channelStateResponseSchema = z.object({
  channel: channelResponseSchema,
  members: z.array(memberResponseSchema),
  membership: membershipResponseSchema.nullable(),
  messages: z.array(messageResponseSchema),
  read: z.array(readStateResponseSchema),
  watcher_count: z.number().int(),
  last_seq: z.number().int().describe("Highest event seq reflected in this state; watch from here."),
  own_capabilities: channelCapabilitiesSchema.describe(
    "What the caller may do here, as the channel type's policies say (for offering actions).",
  ),
});
export type ChannelStateResponse = z.infer<typeof channelStateResponseSchema>;
