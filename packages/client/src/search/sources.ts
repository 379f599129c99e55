import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import { SearchSource, type SearchSourceOptions } from "./search-source.js";
import type { SearchClient } from "./types.js";

const byId = (a: UserResponse, b: UserResponse) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const newestFirst = (a: MessageSearchResult, b: MessageSearchResult) => {
  const [x, y] = [a.message, b.message];
  if (x.created_at !== y.created_at) return x.created_at < y.created_at ? 1 : -1;
  return x.id < y.id ? 1 : x.id > y.id ? -1 : 0;
};

/** Users by id or name, sorted by id ascending, never the current user (spec §5). */
export function userSource(client: SearchClient, options?: SearchSourceOptions): SearchSource<UserResponse> {
  return new SearchSource<UserResponse>(
    "users",
    "offset",
    async (q, { limit, offset }) => {
      const users = await client.searchUsers(q, { limit, offset });
      // Paging counts what the server returned, so leaving the current user out never
      // makes a full page look like the last one.
      return { items: users.filter((u) => u.id !== client.userID).sort(byId), read: users.length };
    },
    options,
  );
}

/** Channels the current user belongs to, by name. */
export function channelSource(
  client: SearchClient,
  options?: SearchSourceOptions,
): SearchSource<ChannelResponse> {
  return new SearchSource<ChannelResponse>(
    "channels",
    "offset",
    async (q, { limit, offset }) => ({ items: await client.searchChannels(q, { limit, offset }) }),
    options,
  );
}

/** Regular messages, newest first (created_at descending); nothing when no user is connected. */
export function messageSource(
  client: SearchClient,
  options?: SearchSourceOptions,
): SearchSource<MessageSearchResult> {
  return new SearchSource<MessageSearchResult>(
    "messages",
    "cursor",
    async (q, { limit, next }) => {
      if (!client.userID) return { items: [] };
      const page = await client.searchMessages(q, next === undefined ? { limit } : { limit, next });
      const items = [...page.results].sort(newestFirst);
      return page.next === undefined ? { items } : { items, next: page.next };
    },
    options,
  );
}
