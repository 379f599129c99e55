import type { UserRow } from "../store/store.js";
import type { Bus, NodeBeat } from "./bus.js";

const BEAT_MS = 10_000;
/** A node not heard from for this long is gone (crashed): its users are offline. */
const DEAD_AFTER_MS = 3 * BEAT_MS + 5_000;

/**
 * Who is online across every node. Each node beats its connected users on the bus every 10 s
 * (and soon after a change); a node whose beats stop is forgotten after 35 s. A user is online
 * while any node has a connection of theirs; online/offline is announced only when that
 * changes cluster-wide, and a dead node's users are announced offline by one surviving node.
 * The beats also carry each node's watcher counts, so a channel's watcher count is
 * cluster-wide (other nodes' share at most one beat old).
 *
 * A user whose last connection on this node drops stays online for `graceMs` (PRESENCE_GRACE_MS):
 * a page reload or a dropped network that reconnects within it, here or on another node, is
 * announced neither offline nor online again. A connection closed on purpose (a sign-out, a
 * revoked or banned session) goes offline at once.
 */
export class ClusterPresence {
  private readonly remote = new Map<
    string,
    { users: Set<string>; watchers: Record<string, number>; focused: Set<string>; seenAt: number }
  >();
  /** Users whose last local connection closed, until their grace ends. */
  private readonly leaving = new Map<string, NodeJS.Timeout>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;

  constructor(
    private readonly nodeId: string,
    private readonly bus: Bus,
    private readonly localUsers: () => Iterable<string>,
    private readonly localWatchers: () => Record<string, number>,
    private readonly isLocal: (userId: string) => boolean,
    private readonly announce: (userId: string, online: boolean, user?: UserRow) => void,
    private readonly graceMs = 0,
    private readonly localFocused: () => Iterable<string> = () => [],
  ) {}

  /** Whether the user has a visible, focused tab on any node (other nodes' as of their last beat). */
  isFocused(userId: string, here: (userId: string) => boolean): boolean {
    if (here(userId)) return true;
    for (const node of this.remote.values()) if (node.focused.has(userId)) return true;
    return false;
  }

  /** A user's focus changed here: the other nodes hear of it soon, not at the next beat. */
  focusChanged(): void {
    this.beatSoon();
  }

  start(): void {
    this.timer = setInterval(() => {
      this.beat(true);
      this.sweep(Date.now());
    }, BEAT_MS);
    this.timer.unref();
    this.beat(true);
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    for (const t of this.leaving.values()) clearTimeout(t);
    this.leaving.clear();
    this.beat(false);
  }

  /** Sockets watching `cid` on the other nodes, as their last beats said. */
  remoteWatchers(cid: string): number {
    let n = 0;
    for (const node of this.remote.values()) n += node.watchers[cid] ?? 0;
    return n;
  }

  isOnline(userId: string): boolean {
    return this.isLocal(userId) || this.leaving.has(userId) || this.onlineElsewhere(userId);
  }

  /**
   * This node's first connection of a user opened (with the user's row), or its last one closed
   * (`ended`: on purpose, so without the grace).
   */
  localChanged(userId: string, online: boolean, user?: UserRow, ended = false): void {
    const leaving = this.leaving.get(userId);
    if (online && leaving) {
      clearTimeout(leaving);
      this.leaving.delete(userId);
      return;
    }
    if (online || ended || this.graceMs === 0) {
      this.changed(userId, online, user);
      return;
    }
    const left = setTimeout(() => {
      this.leaving.delete(userId);
      this.changed(userId, false);
    }, this.graceMs);
    left.unref();
    this.leaving.set(userId, left);
  }

  private changed(userId: string, online: boolean, user?: UserRow): void {
    if (!this.onlineElsewhere(userId)) this.announce(userId, online, user);
    this.beatSoon();
  }

  private beatSoon(): void {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => this.beat(true), 50);
    this.soon.unref();
  }

  onBeat(m: NodeBeat, now = Date.now()): void {
    if (m.nodeId === this.nodeId) return;
    if (!m.alive) {
      this.forget(m.nodeId);
      return;
    }
    this.remote.set(m.nodeId, {
      users: new Set(m.users),
      watchers: m.watchers ?? {},
      focused: new Set(m.focused ?? []),
      seenAt: now,
    });
  }

  /** Forgets nodes whose beats stopped; the surviving node with the smallest id announces. */
  sweep(now: number): void {
    for (const [nodeId, node] of this.remote) if (now - node.seenAt > DEAD_AFTER_MS) this.forget(nodeId);
  }

  private forget(nodeId: string): void {
    const node = this.remote.get(nodeId);
    if (!node) return;
    this.remote.delete(nodeId);
    const leader = [this.nodeId, ...this.remote.keys()].sort()[0] === this.nodeId;
    if (!leader) return;
    for (const userId of node.users) if (!this.isOnline(userId)) this.announce(userId, false);
  }

  private onlineElsewhere(userId: string): boolean {
    for (const node of this.remote.values()) if (node.users.has(userId)) return true;
    return false;
  }

  private beat(alive: boolean): void {
    this.bus.publish({
      kind: "node",
      nodeId: this.nodeId,
      users: alive ? [...this.localUsers(), ...this.leaving.keys()] : [],
      watchers: alive ? this.localWatchers() : {},
      focused: alive ? [...this.localFocused()] : [],
      alive,
    });
  }
}
