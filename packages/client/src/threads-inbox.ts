/**
 * The threads inbox: the threads the user takes part in (wrote the parent or a reply), newest
 * reply first, paged from `GET /chat/threads`, with the unread replies of every thread the SDK
 * learned of. Kept live from the events the client applies: replies (`message.new` with a
 * `parent_id`), `thread.updated`, edits and deletions, thread read marks of any of the user's tabs
 * (`notification.thread_read`), and the loss of a channel. Its total is part of the client's
 * unread state (`ClientStateSnapshot.unreadThreadReplies`).
 */
import type { ChatEvent, MessageResponse, ThreadChannel, ThreadsResponse } from "@parley/protocol";
import { parseCid, THREAD_LATEST_REPLIES, THREADS_PAGE_SIZE } from "@parley/protocol";
import { Listeners } from "./event-emitter.js";
import type { RestClient } from "./rest.js";
import {
  emptyInbox,
  isUnreadReply,
  type ThreadsInboxSnapshot,
  takesPart,
  withMessageInRows,
  withNewRow,
  withoutChannel,
  withPage,
  withParentInRow,
  withReplyInRow,
  withServerUnread,
  withUnread,
} from "./threads-inbox-state.js";
import type { ClientEvent, Logger } from "./types.js";

export type { ThreadsInboxSnapshot, ThreadsInboxStatus } from "./threads-inbox-state.js";

/** What the inbox needs from the client. */
export interface ThreadsInboxHost {
  readonly rest: RestClient;
  readonly userID: string | undefined;
  readonly logger: Logger;
  /** The channel as the client holds it, for a thread that joins the inbox from an event. */
  channelOf(cid: string): ThreadChannel | undefined;
  /** The total of unread thread replies changed. */
  totalChanged(total: number): void;
}

/**
 * Replies of threads the user is not known to take part in: the newest of each (what its row shows
 * once the user takes part), for the threads seen last.
 */
const PENDING_THREADS = 500;

export class ThreadsInbox {
  readonly #host: ThreadsInboxHost;
  readonly #listeners: Listeners;
  #state: ThreadsInboxSnapshot = emptyInbox;
  #next: string | undefined;
  #loading: Promise<void> | undefined;
  /** The channel of each thread with unread replies, to drop them when the channel is lost. */
  readonly #cids = new Map<string, string>();
  readonly #pending = new Map<string, MessageResponse[]>();

  constructor(host: ThreadsInboxHost) {
    this.#host = host;
    this.#listeners = new Listeners((error) =>
      host.logger("error", "threads inbox listener threw", { error: String(error) }),
    );
  }

  get state(): ThreadsInboxSnapshot {
    return this.#state;
  }

  getSnapshot = (): ThreadsInboxSnapshot => this.#state;

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  /** Loads the first page (again); the rows it answers replace those held. */
  load(limit = THREADS_PAGE_SIZE): Promise<void> {
    if (this.#loading) return this.#loading;
    if (this.#state.status !== "ready") this.#set({ ...this.#state, status: "loading", error: undefined });
    this.#loading = this.#fetch(undefined, limit)
      .then((page) => this.#page(page, true))
      .catch((error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        if (this.#state.status !== "ready") this.#set({ ...this.#state, status: "error", error: e });
        throw e;
      })
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }

  /** Loads the page after the last thread held; resolves with how many came. */
  async loadMore(limit = THREADS_PAGE_SIZE): Promise<number> {
    const next = this.#next;
    if (!next || this.#state.loadingMore || this.#state.status !== "ready") return 0;
    this.#set({ ...this.#state, loadingMore: true });
    try {
      const page = await this.#fetch(next, limit);
      this.#page(page, false);
      return page.threads.length;
    } catch (error) {
      this.#set({ ...this.#state, loadingMore: false });
      throw error;
    }
  }

  // ---- for the client ----

  /** `GET /unread`'s threads: every thread with unread replies and how many. */
  setServerUnread(threads: readonly { parent_id: string; cid: string; unread_replies: number }[]): void {
    for (const t of threads) this.#cids.set(t.parent_id, t.cid);
    this.#set(withServerUnread(this.#state, threads));
  }

  /** The user read a thread here (its channel's count of it went to 0). */
  threadRead(parentId: string): void {
    if ((this.#state.unread[parentId] ?? 0) > 0) this.#set(withUnread(this.#state, { [parentId]: 0 }));
  }

  /** An event the client applied. */
  apply(event: ClientEvent): void {
    if (event.type === "connection.recovered") {
      if (this.#state.status === "ready") this.load().catch(() => {});
      return;
    }
    this.#applyChatEvent(event as ChatEvent);
  }

  reset(): void {
    this.#next = undefined;
    this.#cids.clear();
    this.#pending.clear();
    this.#set(emptyInbox);
  }

  #applyChatEvent(event: ChatEvent): void {
    switch (event.type) {
      case "message.new":
        if (event.message.parent_id) this.#reply(event.cid, event.message);
        return;
      case "thread.updated":
        this.#parent(event.cid, event.message);
        return;
      case "message.updated":
      case "message.deleted":
        this.#set(withMessageInRows(this.#state, event.message));
        return;
      case "notification.thread_read":
        this.threadRead(event.parent_id);
        return;
      case "channel.deleted":
      case "notification.channel_deleted":
      case "notification.removed_from_channel":
        this.#lost(event.cid);
        return;
      case "member.removed":
        if (event.member.user_id === this.#host.userID) this.#lost(event.cid);
        return;
      default:
    }
  }

  #reply(cid: string, reply: MessageResponse): void {
    const me = this.#host.userID;
    const parentId = reply.parent_id;
    if (!me || !parentId) return;
    const row = this.#state.threads.find((t) => t.parent.id === parentId);
    if (!row && (this.#state.unread[parentId] ?? 0) === 0) {
      // Whether the user takes part is known once `thread.updated` brings the parent.
      const held = this.#pending.get(parentId) ?? [];
      this.#pending.delete(parentId);
      this.#pending.set(parentId, [...held, reply].slice(-THREAD_LATEST_REPLIES));
      if (this.#pending.size > PENDING_THREADS)
        this.#pending.delete(this.#pending.keys().next().value as string);
      return;
    }
    this.#cids.set(parentId, cid);
    const n = this.#state.unread[parentId] ?? 0;
    // A held row or a known unread count says the user takes part: every reply by others counts.
    const counts = reply.user.id === me ? 0 : reply.type === "regular" ? n + 1 : n;
    this.#set(withUnread(withReplyInRow(this.#state, reply), { [parentId]: counts }));
  }

  #parent(cid: string, parent: MessageResponse): void {
    const me = this.#host.userID;
    if (!me) return;
    if (this.#state.threads.some((t) => t.parent.id === parent.id)) {
      this.#set(withParentInRow(this.#state, parent));
      return;
    }
    if (!takesPart(parent, me)) return;
    const pending = this.#pending.get(parent.id) ?? [];
    this.#pending.delete(parent.id);
    this.#cids.set(parent.id, cid);
    let n = this.#state.unread[parent.id] ?? 0;
    for (const r of pending) n = r.user.id === me ? 0 : isUnreadReply(r, parent, me) ? n + 1 : n;
    let next = withUnread(this.#state, { [parent.id]: n });
    if (next.status === "ready") next = withNewRow(next, parent, this.#channel(cid), pending);
    this.#set(next);
  }

  #lost(cid: string): void {
    const parentIds = [...this.#cids].filter(([, c]) => c === cid).map(([id]) => id);
    for (const id of parentIds) this.#cids.delete(id);
    this.#set(withoutChannel(this.#state, cid, parentIds));
  }

  #channel(cid: string): ThreadChannel {
    const held = this.#host.channelOf(cid);
    if (held) return held;
    const parsed = parseCid(cid);
    return { cid, type: parsed?.type ?? "", id: parsed?.id ?? "", name: "", image: "", is_direct: false };
  }

  #fetch(next: string | undefined, limit: number): Promise<ThreadsResponse> {
    const query = next === undefined ? { limit } : { limit, next };
    return this.#host.rest.call("listThreads", { query });
  }

  #page(page: ThreadsResponse, first: boolean): void {
    this.#next = page.next;
    for (const t of page.threads) this.#cids.set(t.parent.id, t.channel.cid);
    this.#set(withPage(this.#state, page.threads, page.next !== undefined, first));
  }

  #set(next: ThreadsInboxSnapshot): void {
    if (next === this.#state) return;
    const before = this.#state.totalUnread;
    this.#state = next;
    this.#listeners.notify();
    if (next.totalUnread !== before) this.#host.totalChanged(next.totalUnread);
  }
}
