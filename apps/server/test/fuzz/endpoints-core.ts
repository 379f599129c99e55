import type { FuzzEndpoint } from "./rest-harness.js";

/** What the core endpoints point at, made in the suite's beforeAll. */
export interface CoreFixture {
  other: string;
  messageId: string;
  /** A fresh channel id per call, so get-or-create keeps creating. */
  freshId: () => string;
}

/** Accounts, channels, messages, reactions, read state and history. */
export function coreEndpoints(f: CoreFixture): FuzzEndpoint[] {
  return [
    {
      name: "signup",
      schema: "signupBodySchema",
      method: "POST",
      path: () => "/api/auth",
      base: { action: "signup", username: "abc", displayName: "A", password: "long fuzzed passphrase" },
    },
    {
      name: "signin",
      schema: "signinBodySchema",
      method: "POST",
      path: () => "/api/auth",
      base: { action: "signin", username: "abc", password: "long fuzzed passphrase" },
    },
    {
      name: "query channels",
      schema: "queryChannelsBodySchema",
      method: "POST",
      path: () => "/chat/channels",
      base: {
        filter: { type: "messaging", hidden: false, muted: false },
        sort: [{ field: "last_message_at", direction: -1 }],
        limit: 10,
        offset: 0,
        message_limit: 5,
      },
    },
    {
      name: "channel query",
      schema: "channelQueryBodySchema",
      method: "POST",
      path: () => `/chat/channels/messaging/${f.freshId()}/query`,
      base: {
        data: { name: "n", image: "https://example.com/a.png", members: [] },
        messages: { limit: 5, id_lt: "m" },
        create: true,
      },
    },
    {
      name: "direct channel",
      schema: "channelQueryBodySchema",
      method: "POST",
      path: () => "/chat/channels/messaging/query",
      base: { data: { members: [f.other] }, messages: { limit: 2 } },
    },
    {
      name: "update channel",
      schema: "updateChannelBodySchema",
      method: "PATCH",
      path: () => "/chat/channels/messaging/fuzz",
      base: { set: { name: "n", image: "" } },
    },
    {
      name: "members",
      schema: "updateMembersBodySchema",
      method: "POST",
      path: () => "/chat/channels/messaging/fuzz/members",
      base: { add: [f.other], remove: ["y"] },
    },
    {
      name: "send",
      schema: "sendMessageBodySchema",
      method: "POST",
      path: () => "/chat/channels/messaging/fuzz/messages",
      base: {
        message: {
          text: "t",
          id: "i",
          parent_id: f.messageId,
          show_in_channel: true,
          mentioned_users: [f.other],
          attachments: ["nope"],
          poll_id: "nope",
        },
      },
    },
    {
      name: "edit",
      schema: "updateMessageBodySchema",
      method: "PUT",
      path: () => `/chat/messages/${f.messageId}`,
      base: { message: { text: "t" } },
    },
    {
      name: "read",
      schema: "markReadBodySchema",
      method: "POST",
      path: () => "/chat/channels/messaging/fuzz/read",
      base: { message_id: f.messageId },
    },
    {
      name: "reaction",
      schema: "reactionBodySchema",
      method: "POST",
      path: () => `/chat/messages/${f.messageId}/reaction`,
      base: { reaction: { type: "👍" } },
    },
    {
      name: "history",
      schema: "messageHistoryBodySchema",
      method: "POST",
      path: () => "/chat/messages/history",
      base: { filter: { message_id: f.messageId }, sort: [{ field: "created_at", direction: 1 }], limit: 5 },
    },
  ];
}
