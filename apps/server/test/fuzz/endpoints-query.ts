import type { FuzzEndpoint } from "./rest-harness.js";

export interface QueryFixture {
  channelPath: string;
  messageId: string;
  cid: string;
}

/** Calls whose input is the query string: search, user search, history pages, bans. */
export function queryEndpoints(f: QueryFixture): FuzzEndpoint[] {
  const page = { limit: 10, id_lt: f.messageId, id_gt: f.messageId, id_around: f.messageId };
  return [
    {
      name: "search messages",
      schema: "searchMessagesQuerySchema",
      method: "GET",
      path: () => "/chat/search/messages",
      base: { q: "hello wor", limit: 10, next: "eyJjIjoiMjAyNSJ9" },
      query: true,
    },
    {
      name: "search messages with filters",
      schema: "searchMessagesQuerySchema",
      method: "GET",
      path: () => "/chat/search/messages",
      base: {
        q: 'from:@ana in:#general "build failed" before:2025-01-31 has:link is:thread wor',
        from: "ana",
        in: "general",
        before: "2025-02-01",
        after: "2024-12-31",
        on: "2025-01-15",
        has: "file,link",
        is: "pinned",
      },
      query: true,
    },
    {
      name: "search users",
      schema: "searchPageQuerySchema",
      method: "GET",
      path: () => "/chat/search/users",
      base: { q: "a", limit: 5, offset: 0 },
      query: true,
    },
    {
      name: "search channels",
      schema: "searchPageQuerySchema",
      method: "GET",
      path: () => "/chat/search/channels",
      base: { q: "qu", limit: 5, offset: 10 },
      query: true,
    },
    {
      name: "users",
      schema: "userSearchQuerySchema",
      method: "GET",
      path: () => "/chat/users",
      base: { q: "a", limit: 5, offset: 0 },
      query: true,
    },
    {
      name: "joinable channels",
      schema: "joinableChannelsQuerySchema",
      method: "GET",
      path: () => "/chat/channels/joinable",
      base: { q: "te", limit: 5, offset: 0 },
      query: true,
    },
    {
      name: "message page",
      schema: "messagePageQuerySchema",
      method: "GET",
      path: () => `/chat${f.channelPath}/messages`,
      base: page,
      query: true,
    },
    {
      name: "replies page",
      schema: "messagePageQuerySchema",
      method: "GET",
      path: () => `/chat/messages/${f.messageId}/replies`,
      base: page,
      query: true,
    },
    {
      name: "bans",
      schema: "bansQuerySchema",
      method: "GET",
      path: () => "/chat/moderation/bans",
      base: { cid: f.cid },
      query: true,
    },
  ];
}
