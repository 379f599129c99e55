/**
 * The state side of a channel: its snapshot, listeners and event handlers, and how events and
 * query answers are applied (deduplicated and gap-checked by seq). `Channel` adds the actions.
 */
import type {
  ChannelEvent,
  ChannelQueryBody,
  ChannelResponse,
  ChannelStateResponse,
  ChatEvent,
  EphemeralEvent,
  UserEvent,
} from "@parley/protocol";
import { toCid } from "@parley/protocol";
import type { Channel } from "./channel.js";
import { applyChannelEvent, applyUserEvent } from "./channel-events.js";
import {
  applyQueryResponse,
  emptyChannelState,
  type ReduceContext,
  withoutMembership,
  withTyping,
} from "./channel-state.js";
import { ChannelSync } from "./channel-sync.js";
import type { ChannelHost } from "./channel-types.js";
import { ChatApiError, ChatFrameError, ChatNetworkError } from "./errors.js";
import { EventEmitter, Listeners, type Subscription } from "./event-emitter.js";
import { withThreadUnread } from "./message-reducers.js";
import type { ChannelStateSnapshot } from "./types.js";
import { TypingIndicators, TypingSender } from "./typing.js";
import type { WatchOutcome } from "./watch-requests.js";

/** Bound of the ids remembered to avoid counting one message twice as unread. */
const MAX_COUNTED_UNREAD = 2_000;

export abstract class ChannelBase {
  readonly type: string;
  #id: string | undefined;
  protected readonly host: ChannelHost;
  #state: ChannelStateSnapshot = emptyChannelState();
  readonly #listeners: Listeners;
  readonly #emitter: EventEmitter<ChatEvent>;
  readonly #typingIn: TypingIndicators;
  /** Outgoing typing, one sender for the channel ("") and one per thread typed in. */
  readonly #typingOut = new Map<string, TypingSender>();
  readonly #countedUnread = new Set<string>();
  protected readonly ctx: ReduceContext;
  readonly #sync: ChannelSync;
  #watching = false;
  #refetching: Promise<void> | undefined;
  #disposed = false;

  /** This object as the Channel it always is (the base is abstract). */
  get #self(): Channel {
    return this as unknown as Channel;
  }

  constructor(host: ChannelHost, type: string, id: string | undefined) {
    this.host = host;
    this.type = type;
    this.#id = id;
    const onError = (error: unknown) =>
      host.logger("error", "channel listener threw", { error: String(error) });
    this.#listeners = new Listeners(onError);
    this.#emitter = new EventEmitter<ChatEvent>(onError);
    this.#typingIn = new TypingIndicators(host.typingTimeout, (key, entry) =>
      this.setState(withTyping(this.#state, key, entry)),
    );
    this.#sync = new ChannelSync({
      lastSeq: () => this.#state.lastSeq,
      rewatch: () => {
        if (this.#watching) this.host.watch([this.#self]).catch(() => {});
      },
      refetch: () => void this._refetch(),
    });
    const counted = this.#countedUnread;
    this.ctx = {
      get userId() {
        return host.userID;
      },
      countUnread(messageId) {
        if (counted.has(messageId)) return false;
        if (counted.size >= MAX_COUNTED_UNREAD) counted.delete(counted.values().next().value as string);
        counted.add(messageId);
        return true;
      },
      resetUnread() {
        counted.clear();
      },
    };
  }

  get id(): string | undefined {
    return this.#id;
  }

  /** `type:id`; for a member-set channel before its first query, `type:` (not routable yet). */
  get cid(): string {
    return toCid(this.type, this.#id ?? "");
  }

  /** The current immutable snapshot (a new object after every change). */
  get state(): ChannelStateSnapshot {
    return this.#state;
  }

  /** The channel's data (name, image, config…), once known. */
  get data(): ChannelResponse | undefined {
    return this.#state.channel;
  }

  get watching(): boolean {
    return this.#watching;
  }

  get muted(): boolean {
    return this.#state.membership?.muted ?? false;
  }

  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  /** For `useSyncExternalStore(channel.subscribe, channel.getSnapshot)`. */
  getSnapshot = (): ChannelStateSnapshot => this.#state;

  /** Events of this channel, after they were applied to the state. */
  on<K extends ChatEvent["type"]>(
    type: K,
    handler: (event: Extract<ChatEvent, { type: K }>) => void,
  ): Subscription;
  on(type: "all", handler: (event: ChatEvent) => void): Subscription;
  on(type: string, handler: (event: never) => void): Subscription {
    return this.#emitter.on(type as "all", handler as (event: ChatEvent) => void);
  }

  // ---- used by ChatClient (not public API) ----

  /** Applies a channel event if its seq is the next one. Returns whether it was applied. */
  _applyChannelEvent(event: ChannelEvent): boolean {
    if (!this.#state.initialized) return false;
    const verdict = this.#sync.verdict(event.seq);
    if (verdict === "gap") {
      this.host.logger("info", "seq gap: resyncing", {
        cid: this.cid,
        last: this.#state.lastSeq,
        got: event.seq,
      });
    }
    if (verdict !== "apply") return false;
    if (event.type === "member.removed" && event.member.user_id === this.host.userID) this.#watching = false;
    // What the user may do here follows their channel role: it is fetched again.
    if (event.type === "member.updated" && event.member.user_id === this.host.userID)
      void this.refreshCapabilities().catch(() => undefined);
    this.setState(applyChannelEvent(this.#state, event, this.ctx));
    this.afterChannelEvent(event);
    this.#emitter.emit(event);
    return true;
  }

  _applyUserEvent(event: UserEvent): void {
    this.setState(applyUserEvent(this.#state, event, this.ctx));
    this.#emitter.emit(event);
  }

  _applyEphemeralEvent(event: EphemeralEvent): void {
    if (event.type === "user.presence.changed") {
      const member = this.#state.members[event.user.id];
      if (member) {
        this.setState({
          ...this.#state,
          members: { ...this.#state.members, [member.user_id]: { ...member, user: event.user } },
        });
      }
      return;
    }
    if (event.user.id === this.host.userID) return;
    const parentId = event.parent_id ?? null;
    if (event.type === "typing.start") this.#typingIn.start(event.user, event.created_at, parentId);
    else this.#typingIn.stop(event.user.id, parentId);
    this.#emitter.emit(event);
  }

  /** Applies a query answer coming from `client.queryChannels` or a refetch. */
  _applyQueryResponse(
    response: ChannelStateResponse,
    messageLimit: number,
    mode: "merge" | "force" | "flags-only" = "merge",
    preview = false,
  ): void {
    if (!this.#id) {
      this.#id = response.channel.id;
      this.host.register(this.#self);
    }
    const base = mode === "force" ? { ...this.#state, initialized: false } : this.#state;
    this.#sync.saw(response.last_seq);
    this.setState(
      applyQueryResponse(base, response, this.ctx, {
        messageLimit,
        flagsOnly: mode === "flags-only",
        preview,
      }),
    );
  }

  /** Unread replies per thread, from `GET /unread`. */
  _setThreadUnread(counts: Readonly<Record<string, number>>): void {
    this.setState(withThreadUnread(this.#state, counts));
  }

  /** A watch frame for this channel is being sent (+1), or could not be sent after all (-1). */
  _watchSent(delta: 1 | -1): void {
    this.#sync.watchSent(delta);
  }

  _onWatchAnswer(outcome: WatchOutcome): void {
    this.#sync.onAnswer(outcome);
  }

  /** What the user may do here, fetched again (their channel role changed). */
  private async refreshCapabilities(): Promise<void> {
    const response = await this.host.rest.queryChannel(this.type, this.requireId(), {
      create: false,
      messages: { limit: 0 },
    });
    this.setState({ ...this.#state, capabilities: response.own_capabilities });
  }

  /** The server cannot replay (reset) or resync failed: reload the channel and watch from its last_seq. */
  _refetch(): Promise<void> {
    if (this.#refetching) return this.#refetching;
    this.#refetching = (async () => {
      try {
        const limit = this.host.pageSize;
        const response = await this.host.rest.queryChannel(this.type, this.requireId(), {
          create: false,
          messages: { limit },
        });
        this.#sync.resetTo(response.last_seq);
        this._applyQueryResponse(response, limit, "force");
        if (this.#watching) await this.host.watch([this.#self]);
      } catch (error) {
        if (error instanceof ChatApiError && (error.status === 403 || error.status === 404)) {
          this.#watching = false;
          this.setState(withoutMembership(this.#state, this.host.userID));
        } else {
          this.host.logger("warn", "channel refetch failed", { cid: this.cid, error: String(error) });
        }
      } finally {
        this.#refetching = undefined;
      }
    })();
    return this.#refetching;
  }

  /** The socket dropped: watch frames sent on it will never be answered. */
  _connectionLost(): void {
    this.#sync.connectionLost();
    this.#disposeTyping();
  }

  _setWatching(watching: boolean): void {
    this.#watching = watching;
  }

  _dispose(): void {
    this.#disposed = true;
    this.#typingIn.clear();
    this.#disposeTyping();
    this.#emitter.clear();
  }

  // ---- for Channel ----

  /** The outgoing typing of the channel, or of the thread of `parentId`. */
  protected typingOut(parentId?: string): TypingSender {
    const key = parentId ?? "";
    let sender = this.#typingOut.get(key);
    if (!sender) {
      sender = new TypingSender({
        send: (type) => {
          if (this.#id && this.#state.channel?.config.typing_events !== false) {
            this.host.send({ type, cid: this.cid, ...(parentId ? { parent_id: parentId } : {}) });
          }
        },
      });
      this.#typingOut.set(key, sender);
    }
    return sender;
  }

  #disposeTyping(): void {
    for (const sender of this.#typingOut.values()) sender.dispose();
    this.#typingOut.clear();
  }

  /** Called after a channel event was applied to the state (threads follow it). */
  protected afterChannelEvent(_event: ChannelEvent): void {}

  protected async queryAndApply(body: ChannelQueryBody, messageLimit: number): Promise<ChannelStateResponse> {
    const response = await this.host.rest.queryChannel(this.type, this.#id, body);
    this._applyQueryResponse(response, messageLimit);
    if (this.#state.preview) {
      // A list's preview newer than this answer came meanwhile: the answer is too old to complete
      // it, so the channel is loaded again as after a reset (the replay brings what follows).
      await this._refetch();
      if (this.#state.preview) throw new ChatNetworkError("the channel could not be loaded");
    }
    return response;
  }

  protected requireId(): string {
    if (!this.#id)
      throw new ChatFrameError("validation", "channel has no id yet: call watch() or query() first");
    return this.#id;
  }

  protected setState(next: ChannelStateSnapshot): void {
    if (next === this.#state || this.#disposed) return;
    const previous = this.#state;
    this.#state = next;
    this.#listeners.notify();
    this.host.stateChanged(this.#self, previous);
  }
}
