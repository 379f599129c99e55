import type { SearchChannelsResponse, SearchMessagesResponse, SearchUsersResponse } from "@parley/protocol";
import type { SearchClient } from "./types.js";

/** The part of `ChatClient` the search needs: who is connected, and authenticated GETs. */
export interface SearchTransport {
  readonly userID: string | undefined;
  readonly rest: {
    get<T>(
      path: string,
      options?: { query?: Record<string, string | number | boolean | undefined> },
    ): Promise<T>;
  };
}

/** The search endpoints (docs/api.md "Search") as the controller's client. */
export function restSearchClient(chat: SearchTransport): SearchClient {
  return {
    get userID() {
      return chat.userID;
    },
    async searchUsers(q, { limit, offset }) {
      const r = await chat.rest.get<SearchUsersResponse>("/search/users", { query: { q, limit, offset } });
      return r.users;
    },
    async searchChannels(q, { limit, offset }) {
      const r = await chat.rest.get<SearchChannelsResponse>("/search/channels", {
        query: { q, limit, offset },
      });
      return r.channels;
    },
    async searchMessages(q, { limit, next }) {
      return chat.rest.get<SearchMessagesResponse>("/search/messages", { query: { q, limit, next } });
    },
  };
}
