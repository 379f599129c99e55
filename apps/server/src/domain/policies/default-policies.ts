import { DENY_ALL, type Policy, type Resource } from "./policy.js";

const memberActions: Resource[] = [
  "ReadChannel",
  "CreateMessage",
  "UpdateChannel",
  "UpdateChannelMembers",
  "LeaveChannel",
  "MarkRead",
  "SendTypingEvents",
  "CreateReaction",
  "UploadAttachment",
  "FlagMessage",
  "ReadPoll",
  "CastPollVote",
];

const moderatorActions: Resource[] = [
  ...memberActions,
  "DeleteChannel",
  "TruncateChannel",
  "AssignChannelRoles",
  "DeleteMessage",
  "PinMessage",
  "BanChannelMember",
  "UpdatePoll",
  "SuggestPollOption",
];

const ownActions: Resource[] = [
  "UpdateMessage",
  "DeleteMessage",
  "DeleteReaction",
  "RemovePollVote",
  "UpdatePoll",
];

/** Shared by both built-in types; `team` adds open reading and joining. */
function base(): Policy[] {
  return [
    {
      name: "Admins: allow all",
      resources: ["*"],
      roles: ["admin"],
      action: "allow",
      owner: false,
      priority: 999,
    },
    {
      name: "Channel owners and moderators",
      resources: moderatorActions,
      roles: ["owner", "channel_moderator"],
      action: "allow",
      owner: false,
      priority: 900,
    },
    {
      name: "Members: own messages, reactions and votes",
      resources: ownActions,
      roles: ["channel_member", "channel_moderator", "owner"],
      action: "allow",
      owner: true,
      priority: 800,
    },
    {
      name: "Direct conversations: authors pin",
      resources: ["PinMessage"],
      roles: ["direct_member"],
      action: "allow",
      owner: true,
      priority: 750,
    },
    {
      name: "Members: read and write",
      resources: memberActions,
      roles: ["channel_member"],
      action: "allow",
      owner: false,
      priority: 700,
    },
    {
      name: "App moderators: remove messages",
      resources: ["DeleteMessage", "BanChannelMember"],
      roles: ["moderator"],
      action: "allow",
      owner: false,
      priority: 600,
    },
    {
      name: "Everyone: create channels and polls",
      resources: ["CreateChannel", "CreatePoll", "QueryPolls"],
      roles: ["user", "moderator"],
      action: "allow",
      owner: false,
      priority: 500,
    },
    DENY_ALL,
  ];
}

/** `messaging`: members only. */
export const MESSAGING_POLICIES: Policy[] = base();

/** `team`: anyone signed in finds, reads and joins. */
export const TEAM_POLICIES: Policy[] = [
  ...base(),
  {
    name: "Everyone: read and join",
    resources: ["ReadChannel", "JoinChannel", "ReadPoll"],
    roles: ["user", "moderator"],
    action: "allow",
    owner: false,
    priority: 400,
  },
];

export const DEFAULT_POLICIES: Record<string, Policy[]> = {
  messaging: MESSAGING_POLICIES,
  team: TEAM_POLICIES,
};
