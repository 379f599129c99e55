/**
 * The state part of a channel: who it is (type, id once known), its immutable snapshot, the
 * listeners of the snapshot and of its events, and the reduce context its reducers share. The
 * other parts of a `Channel` read and replace the snapshot only through it.
 */
import type { ChatEvent } from "@parley/protocol";
import { toCid } from "@parley/protocol";
import { emptyChannelState, type ReduceContext } from "./channel-state.js";
import { ChatFrameError } from "./errors.js";
import { EventEmitter, Listeners, type Subscription } from "./event-emitter.js";
import type { ChannelStateSnapshot } from "./types.js";

/** Bound of the ids remembered to avoid counting one message twice as unread. */
const MAX_COUNTED_UNREAD = 2_000;

export interface ChannelStoreDeps {
  /** The current user (the reducers' `ctx.userId`). */
  userID(): string | undefined;
  /** A listener threw. */
  onError(error: unknown): void;
  /** Called after every change of the snapshot, once its listeners were notified. */
  changed(previous: ChannelStateSnapshot): void;
}

/** What most parts need of the store: the channel's identity, its snapshot and the reduce context. */
export type ChannelStateCell = Pick<
  ChannelStore,
  "type" | "id" | "cid" | "state" | "ctx" | "set" | "requireId"
>;

export class ChannelStore {
  readonly type: string;
  readonly ctx: ReduceContext;
  #id: string | undefined;
  #state: ChannelStateSnapshot = emptyChannelState();
  readonly #deps: ChannelStoreDeps;
  readonly #listeners: Listeners;
  readonly #emitter: EventEmitter<ChatEvent>;
  readonly #countedUnread = new Set<string>();
  #disposed = false;

  constructor(type: string, id: string | undefined, deps: ChannelStoreDeps) {
    this.type = type;
    this.#id = id;
    this.#deps = deps;
    this.#listeners = new Listeners(deps.onError);
    this.#emitter = new EventEmitter<ChatEvent>(deps.onError);
    const counted = this.#countedUnread;
    this.ctx = {
      get userId() {
        return deps.userID();
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

  /** A member-set channel learned its id from its first query answer. */
  setId(id: string): void {
    this.#id = id;
  }

  requireId(): string {
    if (!this.#id)
      throw new ChatFrameError("validation", "channel has no id yet: call watch() or query() first");
    return this.#id;
  }

  get state(): ChannelStateSnapshot {
    return this.#state;
  }

  /** Replaces the snapshot (unless it is the same one, or the channel was disposed) and notifies. */
  set(next: ChannelStateSnapshot): void {
    if (next === this.#state || this.#disposed) return;
    const previous = this.#state;
    this.#state = next;
    this.#listeners.notify();
    this.#deps.changed(previous);
  }

  subscribe(listener: () => void): () => void {
    return this.#listeners.subscribe(listener);
  }

  on(type: ChatEvent["type"] | "all", handler: (event: ChatEvent) => void): Subscription {
    return this.#emitter.on(type as "all", handler);
  }

  /** Hands an event, after it was applied, to the channel's handlers. */
  emit(event: ChatEvent): void {
    this.#emitter.emit(event);
  }

  /** The channel is no longer held: its snapshot stops changing and its handlers are dropped. */
  dispose(): void {
    this.#disposed = true;
    this.#emitter.clear();
  }
}
