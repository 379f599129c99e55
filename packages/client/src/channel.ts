/**
 * A stateful channel: watching, paging, optimistic sends, threads, typing and the channel actions.
 * Its state changes only by applying events and the REST answers of the current user's own actions
 * (deduplicated with the events by id and seq); UIs subscribe and render snapshots.
 *
 * `Channel` is the public face of the parts it holds (wired in channel-parts.ts): the store
 * (identity, snapshot, listeners), sync (watch, events by seq, refetch), conversation (threads,
 * reactions, edits, pins, uploads), outbox (sends), paging, typing and actions. What the client
 * does with a channel (routing events, watch answers, resume) goes through `channelInternals`.
 */
import type {
  AttachmentResponse,
  ChannelNotifyLevel,
  ChannelResponse,
  ChannelStateResponse,
  ChatEvent,
  MembershipResponse,
  MessageResponse,
  MessageVersionResponse,
} from "@parley/protocol";
import { stillMuted } from "@parley/protocol";
import { type ChannelInternals, type ChannelParts, channelParts } from "./channel-parts.js";
import type {
  ChannelData,
  ChannelQueryOptions,
  ClientServices,
  SendMessageInput,
  WatchOptions,
} from "./channel-types.js";
import type { Subscription } from "./event-emitter.js";
import { type FirstUnread, firstUnread } from "./first-unread.js";
import type { Thread } from "./thread.js";
import type { ChannelStateSnapshot, LocalMessage } from "./types.js";
import type { Upload, UploadInput } from "./upload.js";
import type { WatchOutcome } from "./watch-requests.js";

export type { ChannelData, ChannelInternals, ChannelQueryOptions, SendMessageInput, WatchOptions };

/** What a channel needs from its client (implemented by ChatClient; keeps the two files apart). */
export interface ChannelHost extends ClientServices {
  /** Sends a `watch` frame for the channels and waits for the answers (resolves at once when offline). */
  watch(channels: readonly Channel[]): Promise<WatchOutcome[]>;
  unwatch(channel: Channel): void;
  /** The channel learned its id (member-set channels) and must be routed events. */
  register(channel: Channel): void;
  stateChanged(channel: Channel, previous: ChannelStateSnapshot): void;
}

const internals = new WeakMap<Channel, ChannelInternals>();

/** The client's handle on a channel (routing events, watch answers, resume); not exported by the package. */
export function channelInternals(channel: Channel): ChannelInternals {
  const found = internals.get(channel);
  if (!found) throw new Error("not a channel of this SDK");
  return found;
}

export class Channel {
  readonly type: string;
  readonly #parts: ChannelParts;

  constructor(host: ChannelHost, type: string, id: string | undefined, data: ChannelData = {}) {
    this.type = type;
    this.#parts = channelParts(
      host,
      {
        watch: () => host.watch([this]),
        unwatch: () => host.unwatch(this),
        register: () => host.register(this),
        changed: (previous) => host.stateChanged(this, previous),
        reload: () => this.query(),
      },
      type,
      id,
      data,
    );
    internals.set(this, this.#parts.internals);
  }

  get id(): string | undefined {
    return this.#parts.store.id;
  }

  /** `type:id`; for a member-set channel before its first query, `type:` (not routable yet). */
  get cid(): string {
    return this.#parts.store.cid;
  }

  /** The current immutable snapshot (a new object after every change). */
  get state(): ChannelStateSnapshot {
    return this.#parts.store.state;
  }

  /** The channel's data (name, image, config…), once known. */
  get data(): ChannelResponse | undefined {
    return this.#parts.store.state.channel;
  }

  get watching(): boolean {
    return this.#parts.sync.watching;
  }

  /** Whether the channel is muted now (a mute with an end that has passed no longer counts). */
  get muted(): boolean {
    const m = this.#parts.store.state.membership;
    return m ? stillMuted(m.muted, m.muted_until ?? null, new Date()) : false;
  }

  /** When a timed mute ends; null while unmuted or muted until unmuted. */
  get mutedUntil(): string | null {
    return this.muted ? (this.#parts.store.state.membership?.muted_until ?? null) : null;
  }

  /** Whether the user starred the channel (a favourite, first in their sidebar). */
  get starred(): boolean {
    return this.#parts.store.state.membership?.starred ?? false;
  }

  /** The user's level for this channel (`default` until they choose one). */
  get notifyLevel(): ChannelNotifyLevel {
    return this.#parts.store.state.membership?.notify_level ?? "default";
  }

  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => this.#parts.store.subscribe(listener);

  /** For `useSyncExternalStore(channel.subscribe, channel.getSnapshot)`. */
  getSnapshot = (): ChannelStateSnapshot => this.#parts.store.state;

  /** Events of this channel, after they were applied to the state. */
  on<K extends ChatEvent["type"]>(
    type: K,
    handler: (event: Extract<ChatEvent, { type: K }>) => void,
  ): Subscription;
  on(type: "all", handler: (event: ChatEvent) => void): Subscription;
  on(type: string, handler: (event: never) => void): Subscription {
    return this.#parts.store.on(type as "all", handler as (event: ChatEvent) => void);
  }

  // ---- loading and watching ----

  /** Queries (creating when missing) and starts receiving the channel's events. */
  watch(options: WatchOptions = {}): Promise<ChannelStateResponse> {
    return this.#parts.sync.watch(options);
  }

  async stopWatching(): Promise<void> {
    this.#parts.sync.stopWatching();
  }

  /**
   * Queries the channel. With `messages.id_lt` (or id_gt / id_around) it loads that page and merges
   * it into the messages (older pages are prepended, no duplicates); without, it refreshes the state.
   */
  query(options: ChannelQueryOptions = {}): Promise<ChannelStateResponse> {
    const pagination = options.messages;
    if (pagination && (pagination.id_lt || pagination.id_gt || pagination.id_around)) {
      return this.#parts.paging.page(pagination);
    }
    return this.#parts.sync.query(pagination?.limit);
  }

  /**
   * Loads history around a message (to open the channel at it). Far back, the window is kept
   * apart from the newest messages, with `state.gapAfter` marking the hole `loadNewer` fills.
   */
  loadAround(messageId: string, limit?: number): Promise<void> {
    return this.#parts.paging.loadAround(messageId, limit);
  }

  /**
   * Where the current user's unread messages start, from their own read state: the first unread
   * message when it is held, or that it is not held yet (`loadFirstUnread` loads it).
   */
  firstUnread(): FirstUnread {
    return firstUnread(this.#parts.store.state, this.#parts.store.ctx.userId);
  }

  /**
   * Loads history back to the first unread message when the newest page does not reach it (around
   * the last message read). Resolves with its id, or null when nothing is unread.
   */
  loadFirstUnread(): Promise<string | null> {
    return this.#parts.paging.loadFirstUnread();
  }

  /** Leaves a window opened far back: only the newest messages (after the hole) stay. */
  dropWindow(): void {
    this.#parts.paging.dropWindow();
  }

  /** Loads the page after `state.gapAfter`. Resolves with the number of messages loaded. */
  loadNewer(limit?: number): Promise<number> {
    return this.#parts.paging.loadNewer(limit);
  }

  /** Loads the page before the oldest message held. Resolves with the number of messages loaded. */
  loadOlder(limit?: number): Promise<number> {
    return this.#parts.paging.loadOlder(limit);
  }

  // ---- messages ----

  /**
   * Sends a message optimistically: it is in the state at once with status "sending", replaced by
   * the server's copy ("received"), or marked "failed" (then `retrySend(id)`). The id is generated
   * here, so retries never duplicate (the server dedupes by id).
   */
  sendMessage(
    message: SendMessageInput,
    preview: { attachments?: AttachmentResponse[] } = {},
  ): Promise<LocalMessage> {
    return this.#parts.outbox.send(message, preview);
  }

  /** Sends a failed (or still pending) message again with the same id. */
  retrySend(id: string): Promise<LocalMessage> {
    return this.#parts.outbox.retry(id);
  }

  /** Gives up a message that was never sent (failed, or still pending): it leaves the state. */
  discardMessage(id: string): void {
    this.#parts.outbox.discard(id);
  }

  updateMessage(id: string, text: string): Promise<LocalMessage> {
    return this.#parts.conversation.updateMessage(id, text);
  }

  deleteMessage(id: string): Promise<LocalMessage> {
    return this.#parts.conversation.deleteMessage(id);
  }

  /** A message held by the channel or one of its threads. */
  findMessage(id: string): LocalMessage | undefined {
    return this.#parts.conversation.findMessage(id);
  }

  markRead(options: { message_id?: string } = {}): Promise<void> {
    return this.#parts.actions.markRead(options);
  }

  // ---- threads, reactions, pins, history, uploads ----

  /** The thread of `parentId` (one object per parent, kept while the channel lives). */
  thread(parentId: string): Thread {
    return this.#parts.conversation.thread(parentId);
  }

  /** Adds a reaction of the current user (shown at once; reverted if the server refuses). */
  sendReaction(messageId: string, type: string): Promise<void> {
    return this.#parts.conversation.react(messageId, type, true);
  }

  deleteReaction(messageId: string, type: string): Promise<void> {
    return this.#parts.conversation.react(messageId, type, false);
  }

  /** Adds the reaction, or removes it when the user already has it. */
  toggleReaction(messageId: string, type: string): Promise<void> {
    return this.#parts.conversation.toggleReaction(messageId, type);
  }

  pinMessage(messageId: string): Promise<LocalMessage> {
    return this.#parts.conversation.pinMessage(messageId);
  }

  unpinMessage(messageId: string): Promise<LocalMessage> {
    return this.#parts.conversation.unpinMessage(messageId);
  }

  /** The channel's pinned messages, most recently pinned first. */
  getPinnedMessages(): Promise<MessageResponse[]> {
    return this.#parts.conversation.getPinnedMessages();
  }

  /** Every version of a message's text, the current one included (newest first by default). */
  getMessageHistory(messageId: string, direction: 1 | -1 = -1): Promise<MessageVersionResponse[]> {
    return this.#parts.conversation.getMessageHistory(messageId, direction);
  }

  /**
   * Uploads a file to the channel (progress, cancel). Attach it by sending a message with
   * `attachments: [upload.state.file.id]`.
   */
  uploadFile(input: UploadInput): Upload {
    return this.#parts.conversation.uploadFile(input);
  }

  // ---- typing ----

  /**
   * Call on every keystroke — with the thread's parent id when typing in a thread: `typing.start`
   * at most every 2 s, `typing.stop` 3 s after the last one.
   */
  keystroke(parentId?: string): void {
    this.#parts.typing.out(parentId).keystroke();
  }

  stopTyping(parentId?: string): void {
    this.#parts.typing.out(parentId).stop();
  }

  // ---- channel actions ----

  update(set: { name?: string; image?: string; topic?: string }): Promise<ChannelResponse> {
    return this.#parts.actions.update(set);
  }

  addMembers(userIds: string[]): Promise<void> {
    return this.#parts.actions.addMembers(userIds);
  }

  removeMembers(userIds: string[]): Promise<void> {
    return this.#parts.actions.removeMembers(userIds);
  }

  /** Makes members channel moderators, or plain members again (the owner and admins may). */
  assignRoles(
    roles: { user_id: string; channel_role: "channel_member" | "channel_moderator" }[],
  ): Promise<void> {
    return this.#parts.actions.assignRoles(roles);
  }

  /** Joins a `team` channel; what the user may do there is then fetched again. */
  join(): Promise<void> {
    return this.#parts.actions.join();
  }

  leave(): Promise<void> {
    return this.#parts.actions.leave();
  }

  /** Hides the channel from the list until its next new message. */
  hide(): Promise<void> {
    return this.#parts.actions.hide();
  }

  show(): Promise<void> {
    return this.#parts.actions.show();
  }

  /**
   * Mutes the channel: its messages stop notifying the user (tab, push, email). With `until`, it
   * unmutes by itself then; without, it stays muted until `unmute()`.
   */
  mute(options: { until?: Date | string } = {}): Promise<void> {
    const { until } = options;
    return this.#parts.actions.mute(until instanceof Date ? until.toISOString() : until);
  }

  unmute(): Promise<void> {
    return this.#parts.actions.unmute();
  }

  /** Stars the channel (a favourite) or, with `false`, unstars it; the user's other tabs follow. */
  setStarred(starred: boolean): Promise<void> {
    return this.#parts.actions.setStarred(starred);
  }

  /** What notifies the user in this channel; `default` follows `client.user.notify.default_level`. */
  setNotifyLevel(level: ChannelNotifyLevel): Promise<MembershipResponse> {
    return this.#parts.actions.setNotifyLevel(level);
  }

  truncate(): Promise<ChannelResponse> {
    return this.#parts.actions.truncate();
  }

  delete(): Promise<ChannelResponse> {
    return this.#parts.actions.delete();
  }
}
