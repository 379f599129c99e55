import type { FuzzEndpoint } from "./rest-harness.js";

export interface ModerationFixture {
  /** The fuzzing admin. */
  adminId: string;
  /** A plain user the calls act on, and a message of theirs the admin can read. */
  victimId: string;
  victimMessageId: string;
  cid: string;
  /** A product session token (for /api/profile). */
  sessionToken: string;
}

/** Flags, bans, mutes, roles, policies, profile, sign-out and thread read marks. */
export function moderationEndpoints(f: ModerationFixture): FuzzEndpoint[] {
  return [
    {
      name: "flag",
      schema: "flagBodySchema",
      method: "POST",
      path: () => `/chat/messages/${f.victimMessageId}/flag`,
      base: { reason: "spam" },
    },
    {
      name: "query flags",
      schema: "flagQueryBodySchema",
      method: "POST",
      path: () => "/chat/moderation/flags",
      base: {
        filter: { reviewed: false, cid: f.cid, user_id: f.victimId },
        sort: [{ field: "created_at", direction: -1 }],
        limit: 10,
        offset: 0,
      },
    },
    {
      name: "update flags",
      schema: "updateFlagsBodySchema",
      method: "POST",
      path: () => "/chat/automod/v1/moderation/update_flags",
      base: {
        message_ids: [f.victimMessageId],
        reviewed_by: f.adminId,
        options: { result: "keep", ban: { reason: "spam", timeout: 5 } },
      },
    },
    {
      name: "ban",
      schema: "banBodySchema",
      method: "POST",
      path: () => "/chat/moderation/ban",
      base: { target_user_id: f.victimId, cid: f.cid, reason: "spam", timeout: 10 },
    },
    {
      name: "unban",
      schema: "unbanBodySchema",
      method: "POST",
      path: () => "/chat/moderation/unban",
      base: { target_user_id: f.victimId, cid: f.cid },
    },
    {
      name: "mute",
      schema: "muteBodySchema",
      method: "POST",
      path: () => "/chat/moderation/mute",
      base: { target_id: f.victimId },
    },
    {
      name: "unmute",
      schema: "muteBodySchema",
      method: "POST",
      path: () => "/chat/moderation/unmute",
      base: { target_id: f.victimId },
    },
    {
      name: "set role",
      schema: "roleBodySchema",
      method: "PUT",
      path: () => `/chat/users/${f.victimId}/role`,
      base: { role: "moderator" },
    },
    {
      name: "channel type settings",
      schema: "channelTypeSettingsBodySchema",
      method: "PATCH",
      path: () => "/chat/channel-types/team",
      base: { set: { search: true, reactions: true, max_message_length: 5000 } },
    },
    {
      name: "replace policies",
      schema: "policiesBodySchema",
      method: "PUT",
      path: () => "/chat/channel-types/team/policies",
      base: {
        policies: [
          {
            name: "Admins",
            resources: ["*"],
            roles: ["admin"],
            action: "allow",
            owner: false,
            priority: 999,
          },
          {
            name: "Members",
            resources: ["ReadChannel", "CreateMessage"],
            roles: ["channel_member", "owner"],
            action: "allow",
            owner: false,
            priority: 500,
          },
        ],
      },
    },
    {
      name: "profile",
      schema: "profileBodySchema",
      method: "PATCH",
      path: () => "/api/profile",
      token: () => f.sessionToken,
      base: { displayName: "Victor", profilePicture: "https://example.com/v.png" },
    },
    {
      name: "signout",
      schema: "signoutBodySchema",
      method: "POST",
      path: () => "/api/auth",
      token: () => null,
      base: { action: "signout", token: "not-a-session-token" },
    },
    {
      name: "thread read",
      schema: "threadReadBodySchema",
      method: "POST",
      path: () => `/chat/messages/${f.victimMessageId}/thread/read`,
      base: {},
    },
  ];
}
