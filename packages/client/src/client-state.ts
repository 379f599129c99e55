/**
 * The client-level state: the user, the connection status, the channel list and the total unread
 * count, with an immutable snapshot for `useSyncExternalStore` and the SDK events they emit.
 */
import type { OwnUserResponse } from "@parley/protocol";
import type { Channel } from "./channel.js";
import { sameOrder, sortChannelList } from "./channel-list.js";
import { Listeners } from "./event-emitter.js";
import type { ChannelStateSnapshot, SdkEvent } from "./types.js";
import { UnreadTracker } from "./unread-tracker.js";

/** Client-level immutable snapshot, for `useSyncExternalStore(client.subscribe, client.getSnapshot)`. */
export interface ClientStateSnapshot {
  readonly user: OwnUserResponse | undefined;
  readonly userID: string | undefined;
  readonly online: boolean;
  /** Member channels, not hidden, newest activity first (spec §9). */
  readonly channelList: readonly Channel[];
  readonly totalUnreadCount: number;
  /** Unread replies over the threads the user takes part in (the threads inbox's total). */
  readonly unreadThreadReplies: number;
}

export class ClientState {
  #user: OwnUserResponse | undefined;
  #userID: string | undefined;
  #online = false;
  #channelList: readonly Channel[] = [];
  #unreadThreadReplies = 0;
  readonly #unread = new UnreadTracker<Channel>();
  readonly #listeners: Listeners;
  readonly #channels: ReadonlyMap<string, Channel>;
  readonly #emit: (event: SdkEvent) => void;
  #snapshot: ClientStateSnapshot;

  constructor(
    channels: ReadonlyMap<string, Channel>,
    emit: (event: SdkEvent) => void,
    onError: (error: unknown) => void,
  ) {
    this.#channels = channels;
    this.#emit = emit;
    this.#listeners = new Listeners(onError);
    this.#snapshot = this.#build();
  }

  get snapshot(): ClientStateSnapshot {
    return this.#snapshot;
  }

  get user(): OwnUserResponse | undefined {
    return this.#user;
  }

  get userID(): string | undefined {
    return this.#userID;
  }

  get channelList(): readonly Channel[] {
    return this.#channelList;
  }

  get totalUnreadCount(): number {
    return this.#unread.total;
  }

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  setUserID(userID: string | undefined): void {
    this.#userID = userID;
    this.refresh();
  }

  /** The user from `connection.ok` (with the server's total unread) or a user event. */
  setUser(user: OwnUserResponse, total?: number): void {
    this.#user = user;
    if (total !== undefined) this.#unread.setTotal(total);
    this.refresh();
  }

  setOnline(online: boolean): void {
    this.#online = online;
    this.refresh();
  }

  /** The server said what the total unread is (and, from GET /unread, each channel's count). */
  setTotal(total: number, serverCounts?: ReadonlyMap<string, number>): void {
    this.#unread.setTotal(total, serverCounts);
    this.refresh();
  }

  /** The threads inbox's total of unread replies changed. */
  setUnreadThreadReplies(total: number): void {
    this.#unreadThreadReplies = total;
    this.refresh();
  }

  /** A new message in a channel the client does not hold. */
  addUnheld(n: number): void {
    this.#unread.addUnheld(n);
    this.refresh();
  }

  forget(channel: Channel): void {
    this.#unread.forget(channel);
  }

  /** A held channel's state changed: unread totals and the channel list follow. */
  channelChanged(channel: Channel, previous: ChannelStateSnapshot): void {
    const next = channel.state;
    const totalBefore = this.#snapshot.totalUnreadCount;
    this.#unread.channelChanged(channel, next);
    if (
      previous.membership !== next.membership ||
      previous.channel !== next.channel ||
      previous.lastMessageAt !== next.lastMessageAt ||
      previous.initialized !== next.initialized
    ) {
      this.updateChannelList();
    }
    const total = this.#unread.total;
    if (total !== totalBefore || previous.unreadCount !== next.unreadCount) {
      this.#emit({
        type: "unread.changed",
        total_unread_count: total,
        cid: channel.cid,
        unread_count: next.unreadCount,
      });
    }
    this.refresh(false);
  }

  updateChannelList(): void {
    const list = sortChannelList(this.#channels.values());
    if (sameOrder(list, this.#channelList)) return;
    this.#channelList = list;
    this.#emit({ type: "channels.changed", cids: list.map((c) => c.cid) });
  }

  /** Everything back to "no user" (disconnectUser). */
  reset(): void {
    this.#unread.reset();
    this.#user = undefined;
    this.#userID = undefined;
    this.#online = false;
    this.#unreadThreadReplies = 0;
    const hadChannels = this.#channelList.length > 0;
    this.#channelList = [];
    if (hadChannels) this.#emit({ type: "channels.changed", cids: [] });
    this.refresh();
  }

  /** Replaces the snapshot (and notifies) only when something in it changed. */
  refresh(emitUnread = true): void {
    const s = this.#snapshot;
    const total = this.#unread.total;
    if (
      s.user === this.#user &&
      s.userID === this.#userID &&
      s.online === this.#online &&
      s.channelList === this.#channelList &&
      s.totalUnreadCount === total &&
      s.unreadThreadReplies === this.#unreadThreadReplies
    ) {
      return;
    }
    this.#snapshot = this.#build();
    if (emitUnread && s.totalUnreadCount !== total && this.#userID !== undefined) {
      this.#emit({ type: "unread.changed", total_unread_count: total });
    }
    this.#listeners.notify();
  }

  #build(): ClientStateSnapshot {
    return {
      user: this.#user,
      userID: this.#userID,
      online: this.#online,
      channelList: this.#channelList,
      totalUnreadCount: this.#unread.total,
      unreadThreadReplies: this.#unreadThreadReplies,
    };
  }
}
