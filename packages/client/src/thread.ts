/**
 * A thread: a parent message and its replies, as a state object UIs subscribe to. The channel
 * routes its events here (replies, edits, reactions, `thread.updated`) and its own sends of replies;
 * the thread loads pages of replies and marks itself read.
 */
import type { ChannelEvent, MessageResponse } from "@parley/protocol";
import { Listeners } from "./event-emitter.js";
import { toLocalMessage } from "./messages.js";
import type { RestClient } from "./rest.js";
import {
  emptyThreadState,
  mapThreadMessage,
  type ThreadStateSnapshot,
  withFirstPage,
  withOlderPage,
  withParent,
  withReply,
  withReplyStatus,
  withThreadReaction,
} from "./thread-state.js";
import type { LocalMessage, Logger } from "./types.js";

/** What a thread needs from its channel. */
export interface ThreadHost {
  readonly rest: RestClient;
  readonly userID: string | undefined;
  readonly pageSize: number;
  readonly logger: Logger;
  /** The parent when the channel holds it. */
  heldMessage(id: string): LocalMessage | undefined;
  /** The thread was read: the channel's unread count of it goes to 0. */
  threadRead(parentId: string): void;
}

/** What the channel does with its threads; not public API (the package does not export it). */
export interface ThreadInternals {
  /** A channel event after the channel applied it. */
  applyEvent(event: ChannelEvent): void;
  /** A reply or the parent changed by the user's own action (send answer, edit, optimistic reaction). */
  upsert(message: LocalMessage): void;
  map(id: string, update: (message: LocalMessage) => LocalMessage): void;
  setStatus(id: string, status: LocalMessage["status"], error?: Error): void;
  /** A reply the user gave up sending. */
  drop(id: string): void;
  /** The parent or reply of that id, when held. */
  holds(id: string): LocalMessage | undefined;
}

const internals = new WeakMap<Thread, ThreadInternals>();

/** The channel's handle on one of its threads. */
export function threadInternals(thread: Thread): ThreadInternals {
  const found = internals.get(thread);
  if (!found) throw new Error("not a thread of this SDK");
  return found;
}

export class Thread {
  readonly parentId: string;
  readonly #host: ThreadHost;
  readonly #listeners: Listeners;
  #state: ThreadStateSnapshot;
  #loading: Promise<void> | undefined;

  constructor(host: ThreadHost, parentId: string) {
    this.#host = host;
    this.parentId = parentId;
    this.#listeners = new Listeners((error) =>
      host.logger("error", "thread listener threw", { error: String(error) }),
    );
    this.#state = emptyThreadState(parentId, host.heldMessage(parentId));
    internals.set(this, {
      applyEvent: (event) => this.#applyEvent(event),
      upsert: (message) => this.#upsert(message),
      map: (id, update) => this.#map(id, update),
      setStatus: (id, status, error) => this.#setStatus(id, status, error),
      drop: (id) => this.#drop(id),
      holds: (id) => this.#holds(id),
    });
  }

  get state(): ThreadStateSnapshot {
    return this.#state;
  }

  getSnapshot = (): ThreadStateSnapshot => this.#state;

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  /** Loads the parent (when the channel does not hold it) and the newest page of replies. */
  load(): Promise<void> {
    if (this.#loading) return this.#loading;
    this.#loading = this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** Loads the page of replies before the oldest one held; resolves with how many came. */
  async loadOlder(limit = this.#host.pageSize): Promise<number> {
    const oldest = this.#state.replies.find((m) => m.status === "received");
    if (!oldest || !this.#state.hasMoreOlder || this.#state.loadingOlder) return 0;
    this.#set({ ...this.#state, loadingOlder: true });
    try {
      const { messages } = await this.#host.rest.getReplies(this.parentId, { id_lt: oldest.id, limit });
      this.#set(withOlderPage(this.#state, messages, limit));
      return messages.length;
    } catch (error) {
      this.#set({ ...this.#state, loadingOlder: false });
      throw error;
    }
  }

  /** Marks the thread's replies read (and the channel's count of them). */
  async markRead(): Promise<void> {
    this.#host.threadRead(this.parentId);
    await this.#host.rest.markThreadRead(this.parentId);
  }

  // ---- for the channel (through threadInternals) ----

  #applyEvent(event: ChannelEvent): void {
    switch (event.type) {
      case "message.new":
      case "message.updated":
      case "message.deleted":
        if (event.message.id === this.parentId) this.#set(withParent(this.#state, event.message));
        else if (event.message.parent_id === this.parentId)
          this.#set(withReply(this.#state, toLocalMessage(event.message)));
        return;
      case "thread.updated":
        if (event.message.id === this.parentId) this.#set(withParent(this.#state, event.message));
        return;
      case "reaction.new":
      case "reaction.deleted":
        this.#set(withThreadReaction(this.#state, event, this.#host.userID));
        return;
      default:
        return;
    }
  }

  #upsert(message: LocalMessage): void {
    if (message.id === this.parentId) this.#set(withParent(this.#state, message));
    else if (message.parent_id === this.parentId) this.#set(withReply(this.#state, message));
  }

  #map(id: string, update: (message: LocalMessage) => LocalMessage): void {
    this.#set(mapThreadMessage(this.#state, id, update));
  }

  #setStatus(id: string, status: LocalMessage["status"], error?: Error): void {
    this.#set(withReplyStatus(this.#state, id, status, error));
  }

  #drop(id: string): void {
    const replies = this.#state.replies.filter((m) => m.id !== id);
    if (replies.length !== this.#state.replies.length) this.#set({ ...this.#state, replies });
  }

  #holds(id: string): LocalMessage | undefined {
    return this.#state.parent?.id === id ? this.#state.parent : this.#state.replies.find((m) => m.id === id);
  }

  // ---- internals ----

  async #load(): Promise<void> {
    const limit = this.#host.pageSize;
    this.#set({ ...this.#state, loading: true, error: undefined });
    try {
      const held = this.#host.heldMessage(this.parentId);
      const parentAnswer: Promise<{ message: MessageResponse } | undefined> = held
        ? Promise.resolve(undefined)
        : this.#host.rest.getMessage(this.parentId);
      const [parent, { messages }] = await Promise.all([
        parentAnswer,
        this.#host.rest.getReplies(this.parentId, { limit }),
      ]);
      let next = this.#state;
      if (parent) next = withParent(next, parent.message);
      else if (held && !next.parent) next = { ...next, parent: held };
      this.#set(withFirstPage(next, messages, limit));
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.#set({ ...this.#state, loading: false, error: err });
      throw err;
    }
  }

  #set(next: ThreadStateSnapshot): void {
    if (next === this.#state) return;
    this.#state = next;
    this.#listeners.notify();
  }
}
