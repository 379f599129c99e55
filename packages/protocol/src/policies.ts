import { z } from "zod";
import { MAX_MESSAGE_LENGTH_LIMIT } from "./constants.js";

/** The actions a policy can name (spec §6); `*` means all of them. */
export const POLICY_RESOURCES = [
  "ReadChannel",
  "CreateChannel",
  "UpdateChannel",
  "DeleteChannel",
  "TruncateChannel",
  "UpdateChannelMembers",
  "AssignChannelRoles",
  "JoinChannel",
  "LeaveChannel",
  "CreateMessage",
  "UpdateMessage",
  "DeleteMessage",
  "MarkRead",
  "SendTypingEvents",
  "CreateReaction",
  "DeleteReaction",
  "PinMessage",
  "UploadAttachment",
  "FlagMessage",
  "BanChannelMember",
  "CreatePoll",
  "QueryPolls",
  "ReadPoll",
  "UpdatePoll",
  "AttachPoll",
  "SuggestPollOption",
  "CastPollVote",
  "RemovePollVote",
] as const;

export type PolicyResource = (typeof POLICY_RESOURCES)[number];

/** What the current user may do in a channel: on anything, or only on what they own. */
export const channelCapabilitiesSchema = z.object({
  any: z.array(z.enum(POLICY_RESOURCES)),
  own: z.array(z.enum(POLICY_RESOURCES)),
});
export type ChannelCapabilities = z.infer<typeof channelCapabilitiesSchema>;

/** App-wide actions outside any channel. */
export const APP_CAPABILITIES = [
  "ReviewFlags",
  "BanUser",
  "ManageChannelTypes",
  "SetRole",
  "ManageAccounts",
] as const;
export type AppCapability = (typeof APP_CAPABILITIES)[number];

/** App roles no one may ban. */
export const UNBANNABLE_ROLES = ["admin"] as const;

export const POLICY_ROLES = [
  "user",
  "moderator",
  "admin",
  "channel_member",
  "channel_moderator",
  "owner",
  "direct_member",
] as const;

export const policySchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    resources: z.array(z.enum([...POLICY_RESOURCES, "*"])).min(1),
    roles: z.array(z.enum([...POLICY_ROLES, "*"])).min(1),
    action: z.enum(["allow", "deny"]),
    owner: z.boolean().default(false),
    priority: z.number().int().min(1, "priority must be 1-999").max(999, "priority must be 1-999"),
  })
  .strict();

export const policiesBodySchema = z
  .object({ policies: z.array(policySchema).max(200).nullable() })
  .strict()
  .refine(
    (b) => b.policies === null || new Set(b.policies.map((p) => p.name)).size === b.policies.length,
    "policy names must be unique",
  );

/** What an admin may set on a channel type (who may read is the policies' job). */
export const channelTypeSettingsSchema = z.object({
  typing_events: z.boolean(),
  read_events: z.boolean(),
  reactions: z.boolean(),
  replies: z.boolean(),
  uploads: z.boolean(),
  polls: z.boolean(),
  search: z.boolean(),
  max_message_length: z.number().int().min(1).max(MAX_MESSAGE_LENGTH_LIMIT),
});

/** `PATCH /channel-types/{name}`: the settings to change. */
export const channelTypeSettingsBodySchema = z
  .object({ set: channelTypeSettingsSchema.partial().strict() })
  .strict();

export type PolicyBody = z.infer<typeof policySchema>;
export type ChannelTypeSettingsBody = z.infer<typeof channelTypeSettingsBodySchema>;
