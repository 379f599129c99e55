import type {
  ChannelCapabilities,
  ChannelResponse,
  ChatEvent,
  MemberResponse,
  MembershipResponse,
  MessageResponse,
  ReadStateResponse,
  UserResponse,
} from "@parley/protocol";

/** The subset of the WebSocket API the SDK needs: the browser's global and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The part of XMLHttpRequest an upload needs (the browser's global fits). */
export interface XMLHttpRequestLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: never) => void) | null };
  onload: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onabort: ((event: never) => void) | null;
}

export type XMLHttpRequestConstructor = new () => XMLHttpRequestLike;

export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = (level: LogLevel, message: string, extra?: Record<string, unknown>) => void;

export interface ChatClientOptions {
  /** Server origin, e.g. `https://chat.example.com` or `http://localhost:3000`. REST goes to `${baseURL}/chat`. */
  baseURL: string;
  /** WebSocket origin; defaults to baseURL with http(s) → ws(s). The SDK appends `/chat/connect`. */
  wsURL?: string;
  /** WebSocket constructor; defaults to `globalThis.WebSocket` (Node 20 has none: pass the `ws` package). */
  WebSocket?: WebSocketConstructor;
  /** fetch implementation; defaults to `globalThis.fetch`. */
  fetch?: FetchLike;
  logger?: Logger;
  /** Default REST request timeout in ms; none unless given (spec §9). */
  timeout?: number;
  /**
   * Check every REST answer against the route table's schema (a ChatAnswerError when one breaks
   * it). Default: on, but in a production build (`process.env.NODE_ENV === "production"`).
   */
  validateAnswers?: boolean;
  /** WebSocket connect (open + auth) timeout in ms (spec §9: 15 s). */
  connectTimeout?: number;
  /** health.check interval in ms (spec §9: 25 s); the socket is dropped after 2 silent intervals. */
  pingInterval?: number;
  /** How long a typing indicator lives after its last `typing.start` (spec §9: 7 s). */
  typingTimeout?: number;
  /** Messages per page (spec §9: 100). */
  pageSize?: number;
  /** Reconnect backoff: first ceiling and cap, in ms (full jitter). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Attempts of the first connect before `connectUser` rejects (transient failures only). */
  connectAttempts?: number;
  /** Watch channels the user is added to (`notification.added_to_channel`); default true. */
  watchAddedChannels?: boolean;
  /** Source of randomness for jitter; injectable for tests. */
  random?: () => number;
  /** XMLHttpRequest for uploads with progress; defaults to the global one (fetch without it). */
  XMLHttpRequest?: XMLHttpRequestConstructor;
}

export type MessageStatus = "sending" | "received" | "failed";

/** A message as the SDK keeps it: the server's shape plus the local send status. */
export interface LocalMessage extends MessageResponse {
  status: MessageStatus;
  /** Why the last send failed (status "failed"). */
  error?: Error;
}

export interface TypingEntry {
  user: UserResponse;
  /** ISO time of the last `typing.start`. */
  started_at: string;
  /** The thread typed in (its parent message), or null for the channel. */
  parent_id: string | null;
}

/** An immutable snapshot of one channel's state; a new object after every change. */
export interface ChannelStateSnapshot {
  /** The channel's data; undefined until the first query or event. */
  readonly channel: ChannelResponse | undefined;
  /** Sorted by created_at (then seq, id), one entry per id. */
  readonly messages: readonly LocalMessage[];
  readonly members: Readonly<Record<string, MemberResponse>>;
  readonly membership: MembershipResponse | null;
  readonly read: Readonly<Record<string, ReadStateResponse>>;
  /** Who is typing, in the channel and in its threads (keyed by `typingKey`). */
  readonly typing: Readonly<Record<string, TypingEntry>>;
  readonly watcherCount: number;
  /** The current user's unread messages in this channel. */
  readonly unreadCount: number;
  /** The last channel event seq applied. */
  readonly lastSeq: number;
  readonly lastMessageAt: string | null;
  /** Whether older messages may exist before the first one held. */
  readonly hasMoreOlder: boolean;
  /**
   * When history was opened far back (`loadAround`), the id of the last message before a hole:
   * newer messages than it may be missing up to the next one held (`loadNewer` fills it); null
   * when the messages held run without a hole to the newest.
   */
  readonly gapAfter: string | null;
  /** Whether a query answer has been applied. */
  readonly initialized: boolean;
  /**
   * Whether the state holds only what a channel list asked for (its newest messages and first
   * members, as `queryChannels` with a `message_limit` under the page size or a `member_limit`
   * under 100 answers): enough for a list row; `watch()` or `query()` loads the channel itself.
   */
  readonly preview: boolean;
  /** Unread replies per thread parent id, in threads the current user takes part in. */
  readonly threadUnread: Readonly<Record<string, number>>;
  /** What the current user may do here (from the last query answer): offer only these actions. */
  readonly capabilities: ChannelCapabilities;
}

/** Events the SDK adds to the server's. */
export type SdkEvent =
  | { type: "connection.changed"; online: boolean }
  | { type: "connection.recovered" }
  | { type: "connection.error"; code: number | string; message: string }
  | { type: "channels.changed"; cids: readonly string[] }
  | { type: "unread.changed"; total_unread_count: number; cid?: string; unread_count?: number };

export type ClientEvent = ChatEvent | SdkEvent;
export type ClientEventType = ClientEvent["type"];
export type ClientEventOf<K extends ClientEventType> = Extract<ClientEvent, { type: K }>;
