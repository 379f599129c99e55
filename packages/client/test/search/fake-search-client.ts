import type { ChannelResponse, MessageSearchResult, UserResponse } from "@parley/protocol";
import type { CursorPage, OffsetPage, SearchClient } from "../../src/search/index.js";

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface Call<P, R> {
  q: string;
  page: P;
  answer: Deferred<R>;
}

type MessagesAnswer = { results: MessageSearchResult[]; next?: string };

/** A search client whose every call waits until the test answers it; never touches the network. */
export class FakeSearchClient implements SearchClient {
  userID: string | undefined = "me";
  readonly users: Call<OffsetPage, UserResponse[]>[] = [];
  readonly channels: Call<OffsetPage, ChannelResponse[]>[] = [];
  readonly messages: Call<CursorPage, MessagesAnswer>[] = [];

  searchUsers(q: string, page: OffsetPage): Promise<UserResponse[]> {
    const answer = deferred<UserResponse[]>();
    this.users.push({ q, page, answer });
    return answer.promise;
  }

  searchChannels(q: string, page: OffsetPage): Promise<ChannelResponse[]> {
    const answer = deferred<ChannelResponse[]>();
    this.channels.push({ q, page, answer });
    return answer.promise;
  }

  searchMessages(q: string, page: CursorPage): Promise<MessagesAnswer> {
    const answer = deferred<MessagesAnswer>();
    this.messages.push({ q, page, answer });
    return answer.promise;
  }
}

export function user(id: string): UserResponse {
  return {
    id,
    name: id,
    image: "",
    role: "user",
    online: false,
    last_active: null,
    created_at: "2024-01-01T00:00:00.000Z",
  };
}

export function channel(id: string): ChannelResponse {
  return { cid: `messaging:${id}`, type: "messaging", id, name: id } as ChannelResponse;
}

export function hit(id: string, created_at: string): MessageSearchResult {
  return {
    message: {
      id,
      cid: "messaging:c",
      text: id,
      created_at,
      parent_id: null,
      user: { id: "u", name: "U", image: "" },
      mentioned_users: [],
    },
    channel: { cid: "messaging:c", type: "messaging", id: "c", name: "C", image: "", is_direct: false },
    highlight: [],
  };
}

export const users = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => user(`u${String(from + i).padStart(3, "0")}`));
export const channels = (n: number, from = 0) => Array.from({ length: n }, (_, i) => channel(`c${from + i}`));
