/**
 * ChatClient: the SDK's entry point. Connects a user, keeps the connection alive, routes events
 * to the channels (deduped and gap-checked by seq), resumes after a drop, and keeps the
 * client-level state: the channel list, the total unread count and the connection status.
 */
import type {
  ChannelResponse,
  ClientFrame,
  MessageVersionResponse,
  NotifyMessage,
  NotifyReason,
  OwnUserResponse,
  QueryChannelsBody,
  UnreadResponse,
  UserResponse,
} from "@parley/protocol";
import {
  CONNECT_TIMEOUT_MS,
  channelIdSchema,
  channelTypeSchema,
  DEFAULT_PAGE_SIZE,
  MEMBER_LIMIT,
  notifyReason,
  PING_INTERVAL_MS,
  TOKEN_INVALID_MESSAGE,
  TYPING_TIMEOUT_MS,
  toCid,
} from "@parley/protocol";
import { Backoff, DEFAULT_BACKOFF_BASE_MS, DEFAULT_BACKOFF_CAP_MS } from "./backoff.js";
import { Channel, type ChannelData, type ChannelHost, channelInternals } from "./channel.js";
import { ChannelWatcher } from "./channel-watcher.js";
import { ClientState, type ClientStateSnapshot } from "./client-state.js";
import { Connection, type ConnectionOk } from "./connection.js";
import { isServerToken, websocketURL } from "./endpoints.js";
import { ChatConnectionError } from "./errors.js";
import { EventEmitter, type Subscription } from "./event-emitter.js";
import { fetchFile, threadUnreadByChannel } from "./files-and-unread.js";
import { type FrameRouterDeps, routeFrame } from "./frame-router.js";
import { ImageCache } from "./images.js";
import { MessageSender } from "./message-sender.js";
import { Moderation } from "./moderation.js";
import { Notifications, notifyRecipient } from "./notifications.js";
import { Receipts } from "./receipts.js";
import { type RequestOptions, RestClient } from "./rest.js";
import { type ChannelListQuery, requeryChannelList } from "./resume.js";
import { ThreadsInbox } from "./threads-inbox.js";
import type {
  ChatClientOptions,
  ClientEvent,
  ClientEventOf,
  ClientEventType,
  FetchLike,
  Logger,
  WebSocketConstructor,
} from "./types.js";
import { defaultUploadTransport } from "./upload.js";
import { clearOwnStatus, type StatusInput, setOwnStatus, withFreshUser } from "./user-status.js";

export type ChannelFilter = NonNullable<QueryChannelsBody["filter"]>;
export type ChannelSort = NonNullable<QueryChannelsBody["sort"]>;

export interface QueryChannelsOptions {
  limit?: number;
  offset?: number;
  /** Messages per channel (server default 25). */
  message_limit?: number;
  /** Members listed per channel (server default and most 100). */
  member_limit?: number;
  /** Watch the channels returned (default true). */
  watch?: boolean;
}

const QUERY_CHANNELS_MESSAGE_LIMIT = 25;
const noopLogger: Logger = () => {};

export class ChatClient {
  readonly key: string;
  readonly options: Readonly<ChatClientOptions>;
  readonly rest: RestClient;
  /** Flags, bans, user mutes, roles, channel types and policies. */
  readonly moderation: Moderation;
  /** Notification levels, Do Not Disturb, Web Push devices and email digests. */
  readonly notifications: Notifications;
  /** The read-receipt privacy setting and who has read a message. */
  readonly receipts: Receipts;
  /** The threads the user takes part in, with their unread replies (kept live from events). */
  readonly threads: ThreadsInbox;
  /** Every channel object the client holds, by cid. */
  readonly activeChannels = new Map<string, Channel>();
  readonly logger: Logger;

  #token: string | undefined;
  #serverSide = false;
  #connection: Connection | undefined;
  #connecting: Promise<OwnUserResponse> | undefined;
  readonly #emitter: EventEmitter<ClientEvent>;
  readonly #state: ClientState;
  readonly #watcher = new ChannelWatcher({
    connection: () => this.#connection,
    timeoutMs: () => this.options.connectTimeout ?? CONNECT_TIMEOUT_MS,
  });
  readonly #messages: MessageSender;
  readonly #host: ChannelHost;
  readonly #router: FrameRouterDeps;
  #channelListQuery: ChannelListQuery | undefined;
  #removeOnlineListener: (() => void) | undefined;
  #images: ImageCache | undefined;
  /** Whether this tab is visible and focused, as the page last said (setFocused). */
  #focused: boolean | undefined;

  constructor(apiKey: string, options: ChatClientOptions) {
    this.key = apiKey;
    this.options = options;
    this.logger = options.logger ?? noopLogger;
    const onError = (error: unknown) => this.logger("error", "listener threw", { error: String(error) });
    this.#emitter = new EventEmitter<ClientEvent>(onError);
    this.#state = new ClientState(this.activeChannels, (e) => this.#emitter.emit(e), onError);
    const restOptions: ConstructorParameters<typeof RestClient>[0] = {
      baseURL: options.baseURL,
      apiKey,
      getToken: () => this.#token,
      getActingUserId: () => (this.#serverSide ? this.#state.userID : undefined),
    };
    if (options.fetch) restOptions.fetch = options.fetch;
    if (options.timeout !== undefined) restOptions.timeout = options.timeout;
    if (options.validateAnswers !== undefined) restOptions.validateAnswers = options.validateAnswers;
    this.rest = new RestClient(restOptions);
    this.moderation = new Moderation(this.rest);
    this.receipts = new Receipts(this.rest);
    this.notifications = new Notifications({
      rest: this.rest,
      held: (cid) => this.activeChannels.get(cid),
      setNotify: (notify) => {
        const user = this.#state.user;
        const now = user?.notify;
        if (!user || (now?.default_level === notify.default_level && now.dnd_until === notify.dnd_until))
          return;
        this.#state.setUser({ ...user, notify });
      },
    });
    this.#messages = new MessageSender({
      rest: this.rest,
      sendFrame: (frame) => this.#connection?.send(frame) ?? false,
      online: () => this.online,
      timeoutMs: () => this.options.connectTimeout ?? CONNECT_TIMEOUT_MS,
    });
    this.#host = this.#createHost();
    this.threads = this.#createThreadsInbox();
    this.#router = {
      channels: this.activeChannels,
      watchRequests: this.#watcher.requests,
      messages: this.#messages,
      state: this.#state,
      emit: (event) => this.#emitter.emit(event),
      channel: (type, id) => this.channel(type, id),
      online: () => this.online,
      watchAddedChannels: options.watchAddedChannels !== false,
      refreshUnread: () => {
        this.refreshUnread().catch((error: unknown) => {
          this.logger("warn", "refreshing the unread counts failed", { error: String(error) });
        });
      },
      logger: this.logger,
    };
  }

  get user(): OwnUserResponse | undefined {
    return this.#state.user;
  }

  get userID(): string | undefined {
    return this.#state.userID;
  }

  get online(): boolean {
    return this.#connection?.online ?? false;
  }

  /** The live WebSocket connection (tests reach the raw socket through `connection.socket`). */
  get connection(): Connection | undefined {
    return this.#connection;
  }

  get channelList(): readonly Channel[] {
    return this.#state.channelList;
  }

  get totalUnreadCount(): number {
    return this.#state.totalUnreadCount;
  }

  /**
   * Avatars and channel images the page can show under its own-origin image policy: external
   * ones fetched through the server's image proxy and kept as `blob:` URLs (images.ts).
   */
  get images(): ImageCache {
    this.#images ??= new ImageCache({
      origin: this.options.baseURL,
      fetchBlob: (path) => this.fetchFile(path),
    });
    return this.#images;
  }

  get state(): ClientStateSnapshot {
    return this.#state.snapshot;
  }

  getSnapshot = (): ClientStateSnapshot => this.#state.snapshot;

  /** Calls `listener` after every change of the client state (user, connection, channel list, unread). */
  subscribe = (listener: () => void): (() => void) => this.#state.subscribe(listener);

  on<K extends ClientEventType>(type: K, handler: (event: ClientEventOf<K>) => void): Subscription;
  on(type: "all", handler: (event: ClientEvent) => void): Subscription;
  on(type: string, handler: (event: never) => void): Subscription {
    return this.#emitter.on(type as "all", handler as (event: ClientEvent) => void);
  }

  // ---- connecting ----

  /**
   * Connects the user. Without a token, logs TOKEN_INVALID_MESSAGE and resolves undefined without
   * connecting. Rejects with a ChatConnectionError whose `code` is the close code (4001: auth failed).
   */
  async connectUser(
    user: { id: string },
    token: string | null | undefined,
  ): Promise<OwnUserResponse | undefined> {
    if (!token) {
      console.error(TOKEN_INVALID_MESSAGE);
      return undefined;
    }
    if (this.#connection) {
      if (this.userID !== user.id) {
        throw new Error(`already connected as ${this.userID}: call disconnectUser() first`);
      }
      return this.#connecting ?? this.user;
    }
    this.#connecting = this.#connect(user, token);
    try {
      return await this.#connecting;
    } finally {
      this.#connecting = undefined;
    }
  }

  async #connect(user: { id: string }, token: string): Promise<OwnUserResponse> {
    const WebSocketImpl =
      this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketImpl) {
      throw new Error("No WebSocket implementation: pass options.WebSocket (e.g. the ws package)");
    }
    this.#token = token;
    this.#serverSide = isServerToken(token);
    this.#state.setUserID(user.id);
    const connection: Connection = new Connection({
      url: websocketURL(this.options.baseURL, this.options.wsURL),
      WebSocket: WebSocketImpl,
      apiKey: this.key,
      token,
      ...(this.#serverSide ? { userId: user.id } : {}),
      pingInterval: this.options.pingInterval ?? PING_INTERVAL_MS,
      connectTimeout: this.options.connectTimeout ?? CONNECT_TIMEOUT_MS,
      connectAttempts: this.options.connectAttempts ?? 3,
      backoff: new Backoff({
        baseMs: this.options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
        capMs: this.options.backoffCapMs ?? DEFAULT_BACKOFF_CAP_MS,
        random: this.options.random ?? Math.random,
      }),
      logger: this.logger,
      onFrame: (frame) => routeFrame(frame, this.#router),
      openingFrames: () => {
        if (this.#connection !== connection) return [];
        return this.#watcher.openingFrames(this.#resumable());
      },
      onReconnected: (ok) => {
        if (this.#connection !== connection) return;
        this.#sendFocus();
        void this.#resume(ok);
      },
      onOnlineChange: (online) => {
        if (this.#connection === connection) this.#onOnlineChange(online);
      },
      onFatal: (error) => {
        if (this.#connection !== connection) return;
        this.#emitter.emit({ type: "connection.error", code: error.code, message: error.message });
      },
    });
    this.#connection = connection;
    let ok: ConnectionOk;
    try {
      ok = await connection.connect();
    } catch (error) {
      if (this.#connection === connection) {
        this.#connection = undefined;
        this.#token = undefined;
        this.#serverSide = false;
        this.#state.setUserID(undefined);
      }
      throw error;
    }
    if (this.#connection !== connection) {
      throw new ChatConnectionError("closed", "disconnected while connecting");
    }
    this.#state.setUser(ok.me, ok.me.total_unread_count);
    this.#listenToBrowserOnline(connection);
    this.#sendFocus();
    return ok.me;
  }

  /** Closes the connection and clears all state (channels, user, counts). */
  async disconnectUser(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    this.#removeOnlineListener?.();
    this.#removeOnlineListener = undefined;
    const wasOnline = connection?.online ?? false;
    connection?.disconnect();
    this.#watcher.requests.failAll(new ChatConnectionError("closed", "disconnected"));
    this.#messages.connectionLost();
    for (const channel of this.activeChannels.values()) channelInternals(channel).dispose();
    this.activeChannels.clear();
    this.#token = undefined;
    this.#serverSide = false;
    this.#channelListQuery = undefined;
    if (wasOnline) this.#emitter.emit({ type: "connection.changed", online: false });
    this.#state.reset();
    this.threads.reset();
    this.#images?.release();
  }

  /**
   * Tells the server whether this tab is visible and focused (a user with such a tab gets no Web
   * Push). Sent when it changes and again after every (re)connect.
   */
  setFocused(focused: boolean): void {
    if (this.#focused === focused) return;
    this.#focused = focused;
    this.#sendFocus();
  }

  /**
   * Why `message` of channel `cid` notifies the current user now, or null: the one rule of Web Push
   * and email (`notifyReason` of @parley/protocol) with what the client holds of the user (default
   * level, Do Not Disturb, muted users) and the channel (its level and mute, direct, threads).
   */
  notifyReason(cid: string, message: NotifyMessage, now: Date = new Date()): NotifyReason | null {
    const user = this.#state.user;
    if (!user) return null;
    const recipient = notifyRecipient(user, this.activeChannels.get(cid), message);
    return recipient && notifyReason(message, recipient, now);
  }

  // ---- channels ----

  /**
   * A channel object, cached by cid. Without an id, the channel is the one of its member set
   * (a direct message): its id is known after `watch()` / `query()`.
   */
  channel(type: string, id?: string, data: ChannelData = {}): Channel {
    if (!channelTypeSchema.safeParse(type).success) throw new Error(`invalid channel type: ${type}`);
    if (id === undefined) {
      if (!data.members?.length) throw new Error("a channel without an id needs data.members");
      return new Channel(this.#host, type, undefined, data);
    }
    if (!channelIdSchema.safeParse(id).success) throw new Error(`invalid channel id: ${id}`);
    const cid = toCid(type, id);
    const existing = this.activeChannels.get(cid);
    if (existing) return existing;
    const channel = new Channel(this.#host, type, id, data);
    this.activeChannels.set(cid, channel);
    return channel;
  }

  /** Channels the user is a member of, as stateful Channel objects (watched unless `watch: false`). */
  async queryChannels(
    filter: ChannelFilter = {},
    sort: ChannelSort = [{ field: "last_message_at", direction: -1 }],
    options: QueryChannelsOptions = {},
  ): Promise<Channel[]> {
    const messageLimit = options.message_limit ?? QUERY_CHANNELS_MESSAGE_LIMIT;
    const body: QueryChannelsBody = { filter, sort, message_limit: messageLimit };
    if (options.limit !== undefined) body.limit = options.limit;
    if (options.offset !== undefined) body.offset = options.offset;
    if (options.member_limit !== undefined) body.member_limit = options.member_limit;
    const preview =
      messageLimit < this.#host.pageSize || (options.member_limit ?? MEMBER_LIMIT) < MEMBER_LIMIT;
    const { channels: states } = await this.rest.queryChannels(body);
    const channels = states.map((s) => {
      const channel = this.channel(s.channel.type, s.channel.id);
      channelInternals(channel).applyQueryResponse(s, messageLimit, "merge", preview);
      return channel;
    });
    if (!options.offset) {
      const limit = Math.max(options.limit ?? 30, this.#channelListQuery?.body.limit ?? 0);
      this.#channelListQuery = { body: { ...body, limit, offset: 0 } };
    }
    if (options.watch !== false && channels.length > 0) {
      for (const c of channels) channelInternals(c).setWatching(true);
      try {
        await this.#watcher.watch(channels);
      } catch (error) {
        this.logger("warn", "watching queried channels failed", { error: String(error) });
      }
    }
    return channels;
  }

  // ---- REST conveniences ----

  getUnreadCount(options?: RequestOptions): Promise<UnreadResponse> {
    return this.rest.getUnreadCount(options);
  }

  /**
   * Asks the server for the unread counts (`GET /unread`) and applies them: the total, and the
   * unread replies of the threads the user takes part in, per held channel.
   */
  async refreshUnread(options?: RequestOptions): Promise<UnreadResponse> {
    const unread = await this.rest.getUnreadCount(options);
    this.threads.setServerUnread(unread.threads ?? []);
    for (const [cid, counts] of threadUnreadByChannel(unread)) {
      const channel = this.activeChannels.get(cid);
      if (channel) channelInternals(channel).setThreadUnread(counts);
    }
    this.#state.setTotal(
      unread.total_unread_count,
      new Map(unread.channels.map((c) => [c.cid, c.unread_count])),
    );
    return unread;
  }

  /** Every version of a message's text, the current one included (newest first by default). */
  async getMessageHistory(messageId: string, direction: 1 | -1 = -1): Promise<MessageVersionResponse[]> {
    const { message_history } = await this.rest.getMessageHistory({
      filter: { message_id: messageId },
      sort: [{ field: "created_at", direction }],
    });
    return message_history;
  }

  /**
   * A file of the chat service (an attachment's `url`) as a Blob, fetched with the api key and the
   * bearer token (an `<img src>` cannot send the token: show the Blob through an object URL).
   */
  fetchFile(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
    return fetchFile(this.rest, this.options.fetch ?? (globalThis.fetch as FetchLike), url, options);
  }

  /**
   * The user changed their own profile through the product API (`PATCH /api/profile`): the
   * client's user follows its answer (the chat service sends no event for it).
   */
  applyOwnProfile(profile: { name?: string; image?: string }): void {
    const user = this.#state.user;
    if (!user) return;
    this.#state.setUser({
      ...user,
      ...(profile.name !== undefined ? { name: profile.name } : {}),
      ...(profile.image !== undefined ? { image: profile.image } : {}),
    });
  }

  /** Sets the user's status (docs/api.md "User status"); the client's user follows the answer. */
  async setStatus(status: StatusInput, options?: RequestOptions): Promise<UserResponse> {
    return this.#ownUser(await setOwnStatus(this.rest, status, options));
  }

  /** Clears the user's status; the client's user follows the answer. */
  async clearStatus(options?: RequestOptions): Promise<UserResponse> {
    return this.#ownUser(await clearOwnStatus(this.rest, options));
  }

  #ownUser(fresh: UserResponse): UserResponse {
    const user = this.#state.user;
    if (user && user.id === fresh.id) this.#state.setUser(withFreshUser(user, fresh));
    return fresh;
  }

  /** Users matched on id or name, the current user excluded, sorted by id. */
  async queryUsers(q: string, options: { limit?: number; offset?: number } = {}): Promise<UserResponse[]> {
    const { users } = await this.rest.queryUsers({ q, ...options });
    return users;
  }

  /** Channels the user may join and is not in yet, matched on name, newest activity first. */
  async queryJoinableChannels(
    q: string,
    options: { limit?: number; offset?: number } = {},
  ): Promise<ChannelResponse[]> {
    const { channels } = await this.rest.queryJoinableChannels({ q, ...options });
    return channels;
  }

  // ---- internals ----

  #createHost(): ChannelHost {
    const client = this;
    return {
      get rest() {
        return client.rest;
      },
      get userID() {
        return client.userID;
      },
      get user() {
        return client.user;
      },
      pageSize: this.options.pageSize ?? DEFAULT_PAGE_SIZE,
      typingTimeout: this.options.typingTimeout ?? TYPING_TIMEOUT_MS,
      logger: this.logger,
      send: (frame: ClientFrame) => this.#connection?.send(frame) ?? false,
      sendMessage: (type, id, message) => this.#messages.send(type, id, message),
      watch: (channels) => this.#watcher.watch(channels),
      unwatch: (channel) => {
        if (channel.id) this.#connection?.send({ type: "unwatch", cids: [channel.cid] });
      },
      register: (channel) => this.#register(channel),
      uploadTransport: defaultUploadTransport(this.options.fetch, this.options.XMLHttpRequest),
      stateChanged: (channel, previous) => {
        if (this.activeChannels.get(channel.cid) !== channel) return;
        this.#state.channelChanged(channel, previous);
        // A thread read here (Thread.markRead) is read in the inbox too.
        const unread = channel.state.threadUnread;
        if (unread === previous.threadUnread) return;
        for (const id of Object.keys(previous.threadUnread)) if (!(id in unread)) this.threads.threadRead(id);
      },
    };
  }

  #createThreadsInbox(): ThreadsInbox {
    const client = this;
    const inbox = new ThreadsInbox({
      rest: this.rest,
      logger: this.logger,
      get userID() {
        return client.userID;
      },
      channelOf: (cid) => {
        const c = this.activeChannels.get(cid)?.state.channel;
        return (
          c && { cid: c.cid, type: c.type, id: c.id, name: c.name, image: c.image, is_direct: c.is_direct }
        );
      },
      totalChanged: (total) => this.#state.setUnreadThreadReplies(total),
    });
    this.#emitter.on("all", (event) => inbox.apply(event));
    return inbox;
  }

  /** The channels a resume watches again: those watched, loaded. */
  #resumable(): Channel[] {
    return [...this.activeChannels.values()].filter((c) => c.watching && c.state.initialized);
  }

  /** After a drop: re-watch from the last seq of each channel, re-query the list, resend pending sends. */
  async #resume(ok: ConnectionOk): Promise<void> {
    this.#state.setUser(ok.me, ok.me.total_unread_count);
    for (const channel of this.activeChannels.values()) channelInternals(channel).resendPending();
    const query = this.#channelListQuery;
    const results = await Promise.allSettled([
      this.#watcher.resume(this.#resumable()),
      query &&
        requeryChannelList(query, {
          rest: this.rest,
          channel: (type, id) => this.channel(type, id),
          listed: this.channelList,
        }),
    ]);
    for (const r of results) {
      if (r.status === "rejected") this.logger("warn", "resume step failed", { error: String(r.reason) });
    }
    try {
      await this.refreshUnread();
    } catch (error) {
      this.logger("warn", "unread refresh failed", { error: String(error) });
    }
    this.#emitter.emit({ type: "connection.recovered" });
  }

  #sendFocus(): void {
    if (this.#focused !== undefined) this.#connection?.send({ type: "focus", focused: this.#focused });
  }

  #register(channel: Channel): void {
    const existing = this.activeChannels.get(channel.cid);
    if (existing === channel) return;
    if (existing) {
      if (existing.watching) channelInternals(channel).setWatching(true);
      channelInternals(existing).dispose();
      this.#state.forget(existing);
    }
    this.activeChannels.set(channel.cid, channel);
    this.#state.updateChannelList();
  }

  #onOnlineChange(online: boolean): void {
    if (!online) {
      this.#watcher.requests.failAll(new ChatConnectionError("offline", "connection lost"));
      this.#messages.connectionLost();
      for (const channel of this.activeChannels.values()) channelInternals(channel).connectionLost();
    }
    this.#state.setOnline(online);
    this.#emitter.emit({ type: "connection.changed", online });
  }

  #listenToBrowserOnline(connection: Connection): void {
    const target = globalThis as {
      addEventListener?: (type: string, listener: () => void) => void;
      removeEventListener?: (type: string, listener: () => void) => void;
    };
    if (typeof target.addEventListener !== "function" || typeof target.removeEventListener !== "function")
      return;
    const onOnline = () => connection.reconnectNow();
    target.addEventListener("online", onOnline);
    this.#removeOnlineListener = () => target.removeEventListener?.("online", onOnline);
  }
}
