/** REST access to the chat service (docs/api.md "Chat REST"): auth, errors, one method per endpoint. */
import type {
  ChannelQueryBody,
  ChannelResponse,
  ChannelStateResponse,
  ErrorBody,
  MemberResponse,
  MessageHistoryBody,
  MessagePagination,
  MessageResponse,
  MessageVersionResponse,
  QueryChannelsBody,
  ReactionResponse,
  ReadStateResponse,
  SendMessageBody,
  UnreadResponse,
  UpdateMembersBody,
  UserResponse,
} from "@parley/protocol";
import { API_KEY_PARAM } from "@parley/protocol";
import { ChatApiError, ChatNetworkError } from "./errors.js";
import type { FetchLike } from "./types.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  /** Abort after this many ms (default: the client's, none unless set). */
  timeout?: number;
  signal?: AbortSignal;
  query?: QueryParams;
}

export interface RestClientOptions {
  /** Server origin; paths are appended to `${baseURL}/chat`. */
  baseURL: string;
  apiKey: string;
  fetch?: FetchLike;
  timeout?: number;
  /** The bearer token of every request. */
  getToken: () => string | null | undefined;
  /** With a server-side token: the user to act for (sent as `user_id`). */
  getActingUserId?: () => string | undefined;
}

const seg = encodeURIComponent;

function channelPath(type: string, id: string): string {
  return `/channels/${seg(type)}/${seg(id)}`;
}

export class RestClient {
  readonly #options: RestClientOptions;
  readonly #fetch: FetchLike;
  readonly #root: string;

  constructor(options: RestClientOptions) {
    this.#options = options;
    const f = options.fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (!f) throw new Error("No fetch implementation: pass options.fetch");
    this.#fetch = (input, init) => f(input, init);
    this.#root = `${options.baseURL.replace(/\/+$/, "")}/chat`;
  }

  url(path: string, query: QueryParams = {}): string {
    return `${this.#root}${path}?${this.#params(query)}`;
  }

  /**
   * The URL of a server path given from the origin (e.g. an attachment's `/chat/uploads/{id}`),
   * with the api key; absolute http(s) URLs keep their own host.
   */
  fileURL(pathOrURL: string): string {
    const base = /^https?:\/\//i.test(pathOrURL)
      ? pathOrURL
      : `${this.#options.baseURL.replace(/\/+$/, "")}/${pathOrURL.replace(/^\/+/, "")}`;
    return `${base}${base.includes("?") ? "&" : "?"}${this.#params({})}`;
  }

  /** The Authorization header of every request (none without a token). */
  authHeaders(): Record<string, string> {
    const token = this.#options.getToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  #params(query: QueryParams): string {
    const params = new URLSearchParams();
    params.set(API_KEY_PARAM, this.#options.apiKey);
    const acting = this.#options.getActingUserId?.();
    if (acting && query.user_id === undefined) params.set("user_id", acting);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    return params.toString();
  }

  async request<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", ...this.authHeaders() };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const timeout = options.timeout ?? this.#options.timeout;
    const controller = timeout !== undefined || options.signal ? new AbortController() : undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    if (controller) {
      init.signal = controller.signal;
      if (timeout !== undefined) {
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout);
      }
      if (options.signal) {
        if (options.signal.aborted) controller.abort();
        else options.signal.addEventListener("abort", () => controller.abort(), { once: true });
      }
    }
    let response: Response;
    try {
      response = await this.#fetch(this.url(path, options.query), init);
    } catch (error) {
      if (timedOut)
        throw new ChatNetworkError(`${method} ${path} timed out after ${timeout} ms`, error, "timeout");
      if (controller?.signal.aborted)
        throw new ChatNetworkError(`${method} ${path} aborted`, error, "aborted");
      throw new ChatNetworkError(`${method} ${path} failed: ${(error as Error)?.message ?? error}`, error);
    } finally {
      if (timer) clearTimeout(timer);
    }
    const text = await response.text().catch(() => "");
    let parsed: unknown;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) {
      const err = (parsed as Partial<ErrorBody> | undefined)?.error;
      const retryAfterHeader = response.headers.get("retry-after");
      const retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
      throw new ChatApiError(
        response.status,
        err?.code ?? (response.status >= 500 ? "internal" : "bad_request"),
        err?.message ?? (text || response.statusText || `HTTP ${response.status}`),
        err?.fields,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return parsed as T;
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>("GET", path, undefined, options);
  }
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>("POST", path, body ?? {}, options);
  }
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>("PUT", path, body ?? {}, options);
  }
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>("PATCH", path, body ?? {}, options);
  }
  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>("DELETE", path, undefined, options);
  }

  // ---- channels ----

  queryChannels(
    body: QueryChannelsBody,
    options?: RequestOptions,
  ): Promise<{ channels: ChannelStateResponse[] }> {
    return this.post("/channels", body, options);
  }

  /** `POST /channels/{type}/{id}/query`, or `/channels/{type}/query` for a member-set (direct) channel. */
  queryChannel(
    type: string,
    id: string | undefined,
    body: ChannelQueryBody,
    options?: RequestOptions,
  ): Promise<ChannelStateResponse> {
    const path = id === undefined ? `/channels/${seg(type)}/query` : `${channelPath(type, id)}/query`;
    return this.post(path, body, options);
  }

  updateChannel(
    type: string,
    id: string,
    set: { name?: string; image?: string },
    options?: RequestOptions,
  ): Promise<{ channel: ChannelResponse }> {
    return this.patch(channelPath(type, id), { set }, options);
  }

  deleteChannel(type: string, id: string, options?: RequestOptions): Promise<{ channel: ChannelResponse }> {
    return this.delete(channelPath(type, id), options);
  }

  truncateChannel(type: string, id: string, options?: RequestOptions): Promise<{ channel: ChannelResponse }> {
    return this.post(`${channelPath(type, id)}/truncate`, {}, options);
  }

  updateMembers(
    type: string,
    id: string,
    body: UpdateMembersBody,
    options?: RequestOptions,
  ): Promise<{ channel: ChannelResponse; members: MemberResponse[] }> {
    return this.post(`${channelPath(type, id)}/members`, body, options);
  }

  joinChannel(
    type: string,
    id: string,
    options?: RequestOptions,
  ): Promise<{ channel: ChannelResponse; member: MemberResponse }> {
    return this.post(`${channelPath(type, id)}/join`, {}, options);
  }

  leaveChannel(type: string, id: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`${channelPath(type, id)}/leave`, {}, options);
  }

  hideChannel(type: string, id: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`${channelPath(type, id)}/hide`, {}, options);
  }

  showChannel(type: string, id: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`${channelPath(type, id)}/show`, {}, options);
  }

  muteChannel(type: string, id: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`${channelPath(type, id)}/mute`, {}, options);
  }

  unmuteChannel(type: string, id: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`${channelPath(type, id)}/unmute`, {}, options);
  }

  markRead(
    type: string,
    id: string,
    messageId?: string,
    options?: RequestOptions,
  ): Promise<{ read: ReadStateResponse }> {
    return this.post(`${channelPath(type, id)}/read`, messageId ? { message_id: messageId } : {}, options);
  }

  // ---- messages ----

  sendMessage(
    type: string,
    id: string,
    message: SendMessageBody["message"],
    options?: RequestOptions,
  ): Promise<{ message: MessageResponse }> {
    return this.post(`${channelPath(type, id)}/messages`, { message }, options);
  }

  getMessages(
    type: string,
    id: string,
    pagination: MessagePagination = {},
    options: RequestOptions = {},
  ): Promise<{ messages: MessageResponse[] }> {
    return this.get(`${channelPath(type, id)}/messages`, {
      ...options,
      query: { ...options.query, ...pagination },
    });
  }

  getMessage(id: string, options?: RequestOptions): Promise<{ message: MessageResponse }> {
    return this.get(`/messages/${seg(id)}`, options);
  }

  updateMessage(id: string, text: string, options?: RequestOptions): Promise<{ message: MessageResponse }> {
    return this.put(`/messages/${seg(id)}`, { message: { text } }, options);
  }

  deleteMessage(id: string, options?: RequestOptions): Promise<{ message: MessageResponse }> {
    return this.delete(`/messages/${seg(id)}`, options);
  }

  // ---- users, unread ----

  getUnreadCount(options?: RequestOptions): Promise<UnreadResponse> {
    return this.get("/unread", options);
  }

  /** Channels the user may join and is not in (`team`, by default), newest activity first. */
  queryJoinableChannels(
    params: { q?: string; limit?: number; offset?: number } = {},
    options: RequestOptions = {},
  ): Promise<{ channels: ChannelResponse[] }> {
    return this.get("/channels/joinable", { ...options, query: { ...options.query, ...params } });
  }

  queryUsers(
    params: { q?: string; limit?: number; offset?: number } = {},
    options: RequestOptions = {},
  ): Promise<{ users: UserResponse[] }> {
    return this.get("/users", { ...options, query: { ...options.query, ...params } });
  }

  // ---- threads, reactions, pins, history ----

  getReplies(
    parentId: string,
    pagination: MessagePagination = {},
    options: RequestOptions = {},
  ): Promise<{ messages: MessageResponse[] }> {
    return this.get(`/messages/${seg(parentId)}/replies`, {
      ...options,
      query: { ...options.query, ...pagination },
    });
  }

  markThreadRead(parentId: string, options?: RequestOptions): Promise<Record<string, never>> {
    return this.post(`/messages/${seg(parentId)}/thread/read`, {}, options);
  }

  sendReaction(
    messageId: string,
    type: string,
    options?: RequestOptions,
  ): Promise<{ message: MessageResponse; reaction: ReactionResponse }> {
    return this.post(`/messages/${seg(messageId)}/reaction`, { reaction: { type } }, options);
  }

  deleteReaction(
    messageId: string,
    type: string,
    options?: RequestOptions,
  ): Promise<{ message: MessageResponse; reaction: ReactionResponse }> {
    return this.delete(`/messages/${seg(messageId)}/reaction/${seg(type)}`, options);
  }

  getReactions(messageId: string, options?: RequestOptions): Promise<{ reactions: ReactionResponse[] }> {
    return this.get(`/messages/${seg(messageId)}/reactions`, options);
  }

  pinMessage(messageId: string, options?: RequestOptions): Promise<{ message: MessageResponse }> {
    return this.post(`/messages/${seg(messageId)}/pin`, {}, options);
  }

  unpinMessage(messageId: string, options?: RequestOptions): Promise<{ message: MessageResponse }> {
    return this.post(`/messages/${seg(messageId)}/unpin`, {}, options);
  }

  getPinnedMessages(
    type: string,
    id: string,
    options?: RequestOptions,
  ): Promise<{ messages: MessageResponse[] }> {
    return this.get(`${channelPath(type, id)}/pinned`, options);
  }

  getMessageHistory(
    body: MessageHistoryBody,
    options?: RequestOptions,
  ): Promise<{ message_history: MessageVersionResponse[] }> {
    return this.post("/messages/history", body, options);
  }
}
