import type { RestClient } from "../rest.js";
import type { SearchClient } from "./types.js";

/** The part of `ChatClient` the search needs: who is connected, and the calls of the table. */
export interface SearchTransport {
  readonly userID: string | undefined;
  readonly rest: Pick<RestClient, "call">;
}

/** The search endpoints (docs/api.md "Search") as the controller's client. */
export function restSearchClient(chat: SearchTransport): SearchClient {
  return {
    get userID() {
      return chat.userID;
    },
    async searchUsers(q, { limit, offset }) {
      return (await chat.rest.call("searchUsers", { query: { q, limit, offset } })).users;
    },
    async searchChannels(q, { limit, offset }) {
      return (await chat.rest.call("searchChannels", { query: { q, limit, offset } })).channels;
    },
    async searchMessages(q, { limit, next }) {
      return chat.rest.call("searchMessages", { query: { q, limit, next } });
    },
  };
}
