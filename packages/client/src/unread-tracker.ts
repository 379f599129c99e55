/**
 * The user's total unread count: the server's figure for channels the SDK does not hold, plus the
 * live per-channel counts of the channels it holds (muted channels excluded, like the server).
 */
import type { ChannelStateSnapshot } from "./types.js";

interface Counted {
  readonly cid: string;
  readonly state: ChannelStateSnapshot;
}

/** A deleted channel counts no more (the server leaves it out of every total). */
function accounted(state: ChannelStateSnapshot): boolean {
  return state.initialized && state.membership !== null && !state.channel?.deleted_at;
}

function contribution(state: ChannelStateSnapshot): number {
  return accounted(state) && !state.membership?.muted ? state.unreadCount : 0;
}

export class UnreadTracker<C extends Counted> {
  /** Unread messages in channels not held (or not loaded yet). */
  #remainder = 0;
  readonly #accounted = new Set<C>();

  /** A held channel's state changed: when it starts being counted, its unread leaves the remainder. */
  channelChanged(channel: C, next: ChannelStateSnapshot): void {
    const now = accounted(next);
    const was = this.#accounted.has(channel);
    if (now && !was) {
      this.#accounted.add(channel);
      this.#remainder = Math.max(0, this.#remainder - contribution(next));
    } else if (!now && was) {
      this.#accounted.delete(channel);
    }
  }

  forget(channel: C): void {
    this.#accounted.delete(channel);
  }

  /** A new message arrived in a channel not held. */
  addUnheld(n = 1): void {
    this.#remainder += n;
  }

  /**
   * The server said what the total is (connection.ok, notification.mark_read, GET /unread). With
   * its per-channel counts (GET /unread), the held channels' share is taken from the same answer:
   * their live counts may already include, or still miss, messages the server counted, and the
   * events still on their way must not be counted twice.
   */
  setTotal(total: number, serverCounts?: ReadonlyMap<string, number>): void {
    let held = 0;
    for (const c of this.#accounted) {
      if (!serverCounts) held += contribution(c.state);
      else if (!c.state.membership?.muted) held += serverCounts.get(c.cid) ?? 0;
    }
    this.#remainder = Math.max(0, total - held);
  }

  get total(): number {
    let n = this.#remainder;
    for (const c of this.#accounted) n += contribution(c.state);
    return n;
  }

  reset(): void {
    this.#remainder = 0;
    this.#accounted.clear();
  }
}
