/**
 * REST access to the chat service (docs/api.md "Chat REST"): `call(route, input)` for any route of
 * the table, with the api key and the chat token, and a method per call the SDK makes, each one
 * `call` with positional arguments.
 */
import type {
  ApiRouteName,
  ChannelQueryBody,
  MessageHistoryBody,
  MessagePagination,
  QueryChannelsBody,
  RouteAuth,
  SendMessageBody,
  UpdateMembersBody,
} from "@parley/protocol";
import { API_KEY_PARAM } from "@parley/protocol";
import { checkAnswer } from "./answer-check.js";
import { ApiCaller, type CallOptions, type Credentials } from "./api-call.js";
import type { ArgsOf, CallAnswer, ChatRouteName } from "./api-types.js";
import type { FetchLike } from "./types.js";
import type { AnswerCheck } from "./upload.js";

export type RequestOptions = CallOptions;

export interface RestClientOptions {
  /** Server origin; the table's `/chat/…` paths are appended. */
  baseURL: string;
  apiKey: string;
  fetch?: FetchLike | undefined;
  timeout?: number | undefined;
  /** Check answers against the route table (default: on, but in production builds). */
  validateAnswers?: boolean | undefined;
  /** The bearer token of every request. */
  getToken: () => string | null | undefined;
  /** With a server-side token: the user to act for (sent as `user_id`). */
  getActingUserId?: () => string | undefined;
}

type Page = { q?: string; limit?: number; offset?: number };

export class RestClient {
  readonly #options: RestClientOptions;
  readonly #caller: ApiCaller;

  constructor(options: RestClientOptions) {
    this.#options = options;
    this.#caller = new ApiCaller({
      baseURL: options.baseURL,
      fetch: options.fetch,
      timeout: options.timeout,
      validateAnswers: options.validateAnswers,
      credentials: (auth) => this.#credentials(auth),
    });
  }

  /** Whether answers are checked against the route table's schemas. */
  get validatesAnswers(): boolean {
    return this.#caller.validatesAnswers;
  }

  /** Calls a route of the chat service by its name in the table (`apiRoutes`). */
  call<N extends ChatRouteName>(name: N, ...args: ArgsOf<N, RequestOptions>): Promise<CallAnswer<N>> {
    return this.#caller.call(name, ...args);
  }

  /** Where a file is uploaded to the channel (`uploadFile`), with the api key. */
  uploadURL(type: string, id: string): string {
    return this.#caller.url("uploadFile", { params: { type, id } });
  }

  /** The check of route `name`'s answers when answers are checked, for a call made by other means (uploads). */
  answerCheck(name: ApiRouteName): AnswerCheck | undefined {
    return this.validatesAnswers ? (status, body) => checkAnswer(name, status, body) : undefined;
  }

  /**
   * The URL of a server path given from the origin (e.g. an attachment's `/chat/uploads/{id}`),
   * with the api key; absolute http(s) URLs keep their own host.
   */
  fileURL(pathOrURL: string): string {
    const base = /^https?:\/\//i.test(pathOrURL)
      ? pathOrURL
      : `${this.#options.baseURL.replace(/\/+$/, "")}/${pathOrURL.replace(/^\/+/, "")}`;
    const query = new URLSearchParams(this.#credentials("either").query).toString();
    return `${base}${base.includes("?") ? "&" : "?"}${query}`;
  }

  /** The Authorization header of every request (none without a token). */
  authHeaders(): Record<string, string> {
    return this.#caller.headers("either");
  }

  #credentials(auth: RouteAuth): Credentials {
    if (auth === "none" || auth === "session") return {};
    const query: Record<string, string> = { [API_KEY_PARAM]: this.#options.apiKey };
    const acting = this.#options.getActingUserId?.();
    if (acting) query.user_id = acting;
    const token = this.#options.getToken();
    return { query, headers: token ? { Authorization: `Bearer ${token}` } : {} };
  }

  // ---- channels ----

  queryChannels(body: QueryChannelsBody, options?: RequestOptions) {
    return this.call("queryChannels", { body }, options);
  }

  /** `POST /channels/{type}/{id}/query`, or `/channels/{type}/query` for a member-set (direct) channel. */
  queryChannel(type: string, id: string | undefined, body: ChannelQueryBody, options?: RequestOptions) {
    return id === undefined
      ? this.call("queryDirectChannel", { params: { type }, body }, options)
      : this.call("queryChannel", { params: { type, id }, body }, options);
  }

  updateChannel(
    type: string,
    id: string,
    set: { name?: string; image?: string; topic?: string },
    options?: RequestOptions,
  ) {
    return this.call("updateChannel", { params: { type, id }, body: { set } }, options);
  }

  deleteChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("deleteChannel", { params: { type, id } }, options);
  }

  truncateChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("truncateChannel", { params: { type, id } }, options);
  }

  updateMembers(type: string, id: string, body: UpdateMembersBody, options?: RequestOptions) {
    return this.call("updateMembers", { params: { type, id }, body }, options);
  }

  joinChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("joinChannel", { params: { type, id } }, options);
  }

  leaveChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("leaveChannel", { params: { type, id } }, options);
  }

  hideChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("hideChannel", { params: { type, id } }, options);
  }

  showChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("showChannel", { params: { type, id } }, options);
  }

  muteChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("muteChannel", { params: { type, id } }, options);
  }

  unmuteChannel(type: string, id: string, options?: RequestOptions) {
    return this.call("unmuteChannel", { params: { type, id } }, options);
  }

  markRead(type: string, id: string, messageId?: string, options?: RequestOptions) {
    const body = messageId ? { message_id: messageId } : {};
    return this.call("markRead", { params: { type, id }, body }, options);
  }

  // ---- messages ----

  sendMessage(type: string, id: string, message: SendMessageBody["message"], options?: RequestOptions) {
    return this.call("sendMessage", { params: { type, id }, body: { message } }, options);
  }

  getMessages(type: string, id: string, pagination: MessagePagination = {}, options?: RequestOptions) {
    return this.call("getMessages", { params: { type, id }, query: pagination }, options);
  }

  getMessage(id: string, options?: RequestOptions) {
    return this.call("getMessage", { params: { id } }, options);
  }

  updateMessage(id: string, text: string, options?: RequestOptions) {
    return this.call("updateMessage", { params: { id }, body: { message: { text } } }, options);
  }

  deleteMessage(id: string, options?: RequestOptions) {
    return this.call("deleteMessage", { params: { id } }, options);
  }

  // ---- users, unread ----

  getUnreadCount(options?: RequestOptions) {
    return this.call("unread", {}, options);
  }

  /** Channels the user may join and is not in (`team`, by default), newest activity first. */
  queryJoinableChannels(query: Page = {}, options?: RequestOptions) {
    return this.call("joinableChannels", { query }, options);
  }

  queryUsers(query: Page = {}, options?: RequestOptions) {
    return this.call("queryUsers", { query }, options);
  }

  // ---- threads, reactions, pins, history ----

  getReplies(parentId: string, pagination: MessagePagination = {}, options?: RequestOptions) {
    return this.call("getReplies", { params: { id: parentId }, query: pagination }, options);
  }

  markThreadRead(parentId: string, options?: RequestOptions) {
    return this.call("markThreadRead", { params: { id: parentId } }, options);
  }

  sendReaction(messageId: string, type: string, options?: RequestOptions) {
    return this.call("sendReaction", { params: { id: messageId }, body: { reaction: { type } } }, options);
  }

  deleteReaction(messageId: string, type: string, options?: RequestOptions) {
    return this.call("deleteReaction", { params: { id: messageId, type } }, options);
  }

  getReactions(messageId: string, options?: RequestOptions) {
    return this.call("getReactions", { params: { id: messageId } }, options);
  }

  pinMessage(messageId: string, options?: RequestOptions) {
    return this.call("pinMessage", { params: { id: messageId } }, options);
  }

  unpinMessage(messageId: string, options?: RequestOptions) {
    return this.call("unpinMessage", { params: { id: messageId } }, options);
  }

  getPinnedMessages(type: string, id: string, options?: RequestOptions) {
    return this.call("getPinnedMessages", { params: { type, id } }, options);
  }

  getMessageHistory(body: MessageHistoryBody, options?: RequestOptions) {
    return this.call("getMessageHistory", { body }, options);
  }
}
