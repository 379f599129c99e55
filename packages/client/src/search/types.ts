import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";

export type SearchSourceType = "users" | "channels" | "messages";

/** What each source finds. */
export interface SearchItems {
  users: UserResponse;
  channels: ChannelResponse;
  messages: MessageSearchResult;
}

/** A source's state (spec §3): exactly these fields, replaced as a whole on every change. */
export interface SearchSourceState<T> {
  /** More results exist: the last page was full (offset sources) or came with a cursor. */
  hasNext: boolean;
  isActive: boolean;
  isLoading: boolean;
  items: readonly T[];
  /** Why the last query failed; cleared by the next query. */
  lastQueryError: Error | undefined;
  /** The cursor of the next page (message search). */
  next: string | undefined;
  /** How many results were read so far (user and channel search). */
  offset: number;
  searchQuery: string;
}

export interface OffsetPage {
  limit: number;
  offset: number;
}

export interface CursorPage {
  limit: number;
  next?: string;
}

/** What the controller needs of a chat client; tests pass a fake, the app passes `restSearchClient`. */
export interface SearchClient {
  /** The connected user, if any. */
  readonly userID: string | undefined;
  searchUsers(q: string, page: OffsetPage): Promise<UserResponse[]>;
  searchChannels(q: string, page: OffsetPage): Promise<ChannelResponse[]>;
  searchMessages(q: string, page: CursorPage): Promise<{ results: MessageSearchResult[]; next?: string }>;
}

export type Listener<S> = (state: S) => void;
export type Unsubscribe = () => void;
