import type { AppRole, ChannelEvent } from "@parley/protocol";
import type { Envelope } from "../domain/events.js";
import type { EventRow, Store, UserRow } from "../store/store.js";
import type { Connection } from "./connection.js";
import { SharedFrame } from "./shared-frame.js";

interface Feed {
  /** Highest seq delivered to this node's watchers. */
  lastSeq: number;
  watchers: Set<Connection>;
  /** Serializes delivery, replay and backfill for the channel, so order is kept. */
  chain: Promise<void>;
  pending: number;
}

export interface HubMetrics {
  delivered(n: number): void;
  /** Seconds from publish to this node's fan-out of a channel event. */
  fanOutLatency(seconds: number): void;
  replayed(n: number): void;
  backfilled(n: number): void;
}

const REPLAY_PAGE = 500;
const CATCH_UP_BATCH = 500;

const retentionReset = (cid: string) => JSON.stringify({ type: "reset", cid, reason: "retention" });

/**
 * Local sockets and per-channel fan-out. Each channel with local watchers has a feed that
 * delivers events in seq order exactly once: an event at or below the feed's seq is dropped;
 * a gap (a bus message lost) is backfilled from the store before the event is delivered.
 */
export class Hub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly feeds = new Map<string, Feed>();
  /** Connections in `byUser`; every feed's watchers are among them. */
  private connections = 0;

  constructor(
    private readonly store: Store,
    private readonly metrics: HubMetrics,
    /**
     * `user`: the row a connection that brings its user online just authenticated with;
     * `ended`: the last connection closed on purpose (no grace before going offline).
     */
    private readonly onPresence: (userId: string, online: boolean, user?: UserRow, ended?: boolean) => void,
    private readonly canRead: (userId: string, cid: string) => Promise<boolean>,
    /** Whether the user is online on any node (ClusterPresence); this node's sockets alone by default. */
    private readonly onlineAnywhere: (userId: string) => boolean = (userId) => this.byUser.has(userId),
  ) {}

  get connectionCount(): number {
    return this.connections;
  }

  /** Whether this node has a connection of the user (cluster-wide: ClusterPresence). */
  isOnline(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The user's sockets on this node. */
  connectionsOf(userId: string): Iterable<Connection> {
    return this.byUser.get(userId) ?? [];
  }

  localUsers(): Iterable<string> {
    return this.byUser.keys();
  }

  watcherCount(cid: string): number {
    return this.feeds.get(cid)?.watchers.size ?? 0;
  }

  /** Sockets watching each channel on this node. */
  watcherCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [cid, feed] of this.feeds) if (feed.watchers.size > 0) counts[cid] = feed.watchers.size;
    return counts;
  }

  add(conn: Connection, user?: UserRow): void {
    let set = this.byUser.get(conn.userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    if (set.has(conn)) return;
    set.add(conn);
    this.connections++;
    if (first) this.onPresence(conn.userId, true, user);
  }

  /** `ended`: the connection closed on purpose (a sign-out, a revoked or banned session). */
  remove(conn: Connection, ended = false): void {
    for (const cid of conn.watching) this.feeds.get(cid)?.watchers.delete(conn);
    for (const cid of conn.watching) this.dropFeedIfIdle(cid);
    conn.watching.clear();
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    this.connections--;
    if (set.size === 0) {
      this.byUser.delete(conn.userId);
      this.onPresence(conn.userId, false, undefined, ended);
    }
  }

  /**
   * Starts delivering a channel's events to `conn`. With `since`, first replays every stored
   * event after it; answers "reset" when those events are past retention.
   */
  watch(conn: Connection, cid: string, since: number | undefined, reqId: string | undefined): Promise<void> {
    const feed = this.feed(cid);
    return this.enqueue(cid, feed, async () => {
      // The socket may have closed while the watch waited its turn: a closed one must not stay a watcher.
      if (!this.isLive(conn)) return;
      if (feed.lastSeq < 0) feed.lastSeq = Number((await this.store.channels.get(cid))?.last_seq ?? 0);
      let replayed = 0;
      if (since !== undefined && since < feed.lastSeq) {
        let from = since;
        while (from < feed.lastSeq) {
          const rows = await this.pageAfter(cid, from, feed.lastSeq);
          if (!this.isLive(conn)) return;
          if (!rows) {
            conn.send(retentionReset(cid));
            conn.watching.add(cid);
            feed.watchers.add(conn);
            return;
          }
          for (const r of rows) conn.send(r.payload);
          replayed += rows.length;
          from = rows[rows.length - 1]!.seq;
        }
        this.metrics.replayed(replayed);
      }
      if (!this.isLive(conn)) return;
      conn.watching.add(cid);
      feed.watchers.add(conn);
      conn.send(JSON.stringify({ type: "watch.ok", req_id: reqId, cid, last_seq: feed.lastSeq, replayed }));
    });
  }

  unwatch(conn: Connection, cid: string): void {
    conn.watching.delete(cid);
    this.feeds.get(cid)?.watchers.delete(conn);
    this.dropFeedIfIdle(cid);
  }

  /** Handles one envelope from the bus. */
  deliver(env: Envelope): void {
    switch (env.kind) {
      case "channel": {
        const feed = this.feeds.get(env.cid);
        if (!feed) return;
        void this.enqueue(env.cid, feed, async () => {
          if (feed.lastSeq < 0 || env.seq <= feed.lastSeq) return;
          if (env.seq > feed.lastSeq + 1) await this.backfill(env.cid, feed, env.seq - 1);
          if (feed.lastSeq !== env.seq - 1) return;
          this.fanOut(feed, env.json);
          feed.lastSeq = env.seq;
          this.introduce(feed, env.event);
          if (env.sentAt) this.metrics.fanOutLatency((Date.now() - env.sentAt) / 1000);
        });
        return;
      }
      case "users": {
        // Serialized only when someone here gets it (a message's notification rarely goes anywhere).
        let frame: SharedFrame | undefined;
        let n = 0;
        const skip = env.skipWatchersOf;
        // Only sockets not watching `skip` can get it. Once each has been found the rest of the
        // list is not looked up, and when every socket here watches (a live event's big channel)
        // none is: a lookup per reader was a sixth of a send's CPU at 10,000 readers.
        let unwatched =
          skip === undefined ? Number.POSITIVE_INFINITY : this.connections - this.watcherCount(skip);
        for (let i = 0; i < env.userIds.length && unwatched > 0; i++) {
          for (const conn of this.byUser.get(env.userIds[i] as string) ?? []) {
            if (skip !== undefined && conn.watching.has(skip)) continue;
            frame ??= new SharedFrame(JSON.stringify(env.event));
            conn.send(frame);
            n++;
            unwatched--;
          }
        }
        this.metrics.delivered(n);
        return;
      }
      case "ephemeral": {
        const feed = this.feeds.get(env.cid);
        if (!feed) return;
        const frame = new SharedFrame(JSON.stringify(env.event));
        for (const conn of feed.watchers) if (conn.userId !== env.exceptUserId) conn.send(frame);
        this.metrics.delivered(feed.watchers.size);
        return;
      }
      case "presence": {
        const frame = new SharedFrame(JSON.stringify(env.event));
        const seen = new Set<Connection>();
        for (const cid of env.cids) for (const conn of this.feeds.get(cid)?.watchers ?? []) seen.add(conn);
        for (const conn of seen) conn.send(frame);
        this.metrics.delivered(seen.size);
        return;
      }
      case "disconnect": {
        for (const conn of [...(this.byUser.get(env.userId) ?? [])]) {
          if (env.tokenId === undefined || conn.tokenId === env.tokenId) conn.close(env.code, env.reason);
        }
        return;
      }
      case "access": {
        for (const userId of env.userIds) {
          for (const conn of this.byUser.get(userId) ?? [])
            if (conn.watching.has(env.cid)) this.recheck(conn, env.cid);
        }
        return;
      }
      case "role": {
        for (const conn of this.byUser.get(env.userId) ?? []) {
          conn.setRole(env.role);
          for (const cid of conn.watching) this.recheck(conn, cid);
        }
        return;
      }
      case "access-type": {
        for (const [cid, feed] of this.feeds) {
          if (!cid.startsWith(`${env.type}:`)) continue;
          for (const conn of [...feed.watchers]) this.recheck(conn, cid);
        }
        return;
      }
    }
  }

  /**
   * Brings every local feed up to its channel's stored seq: what the bus lost (Redis restarted,
   * a blip, a dropped last message of a burst) is delivered from the store. Run on a timer and
   * whenever the bus reconnects; a feed already current costs one row of one batched query.
   */
  async catchUp(): Promise<void> {
    const cids = [...this.feeds].filter(([, f]) => f.lastSeq >= 0 && f.watchers.size > 0).map(([c]) => c);
    for (let i = 0; i < cids.length; i += CATCH_UP_BATCH) {
      const stored = await this.store.channels.lastSeqs(cids.slice(i, i + CATCH_UP_BATCH));
      for (const { cid, last_seq } of stored) {
        const feed = this.feeds.get(cid);
        if (!feed || Number(last_seq) <= feed.lastSeq) continue;
        void this.enqueue(cid, feed, () => this.backfill(cid, feed, Number(last_seq)));
      }
    }
  }

  /**
   * Re-reads the role of every user with a socket here and applies the ones that changed: run
   * when the bus reconnects, since a role change published while it was down never arrived.
   */
  async refreshRoles(): Promise<void> {
    const ids = [...this.byUser.keys()];
    for (let i = 0; i < ids.length; i += CATCH_UP_BATCH) {
      for (const u of await this.store.users.getMany(ids.slice(i, i + CATCH_UP_BATCH))) {
        const role = u.role as AppRole;
        const stale = [...(this.byUser.get(u.id) ?? [])].some((c) => c.role !== role);
        if (stale) this.deliver({ kind: "role", userId: u.id, role });
      }
    }
  }

  /**
   * Delivers the stored events after the feed's seq up to `upTo`, page by page. Events already
   * gone (past retention) cannot be delivered: the watchers get `reset` and refetch.
   */
  private async backfill(cid: string, feed: Feed, upTo: number): Promise<void> {
    while (feed.lastSeq < upTo) {
      const rows = await this.pageAfter(cid, feed.lastSeq, upTo);
      if (!rows) {
        const reset = retentionReset(cid);
        for (const conn of feed.watchers) conn.send(reset);
        feed.lastSeq = upTo;
        return;
      }
      for (const r of rows) this.fanOut(feed, r.payload);
      feed.lastSeq = rows[rows.length - 1]!.seq;
      this.metrics.backfilled(rows.length);
    }
  }

  /**
   * The next page of stored events after `afterSeq`, or undefined when the event right after it
   * is gone (past retention): seqs have no gaps (channel-events.ts).
   */
  private async pageAfter(cid: string, afterSeq: number, upTo: number): Promise<EventRow[] | undefined> {
    const rows = await this.store.events.range(cid, afterSeq, upTo, REPLAY_PAGE);
    return rows[0]?.seq === afterSeq + 1 ? rows : undefined;
  }

  /** Stops a socket's events for a channel it may no longer read, and tells it. */
  private recheck(conn: Connection, cid: string): void {
    void this.canRead(conn.userId, cid).then((ok) => {
      if (ok || !conn.watching.has(cid)) return;
      this.unwatch(conn, cid);
      conn.send(JSON.stringify({ type: "reset", cid, reason: "access" }));
    });
  }

  private isLive(conn: Connection): boolean {
    return this.byUser.get(conn.userId)?.has(conn) === true;
  }

  /**
   * A member new to the channel comes with their presence, which events leave out: the watchers
   * hold no `user.presence.changed` for someone who came online before they were a member.
   */
  private introduce(feed: Feed, event: ChannelEvent): void {
    if (event.type !== "member.added" || !this.onlineAnywhere(event.member.user_id)) return;
    const presence = {
      type: "user.presence.changed",
      user: { ...event.member.user, online: true },
      created_at: event.created_at,
    };
    const frame = new SharedFrame(JSON.stringify(presence));
    for (const conn of feed.watchers) conn.send(frame);
    this.metrics.delivered(feed.watchers.size);
  }

  private fanOut(feed: Feed, json: string): void {
    const frame = new SharedFrame(json);
    for (const conn of feed.watchers) conn.send(frame);
    this.metrics.delivered(feed.watchers.size);
  }

  private feed(cid: string): Feed {
    let feed = this.feeds.get(cid);
    if (!feed) {
      feed = { lastSeq: -1, watchers: new Set(), chain: Promise.resolve(), pending: 0 };
      this.feeds.set(cid, feed);
    }
    return feed;
  }

  /** A failed task (store unreachable) leaves lastSeq alone: the next event's gap retries it. */
  private enqueue(cid: string, feed: Feed, task: () => Promise<void>): Promise<void> {
    feed.pending++;
    const next = feed.chain.then(task).finally(() => {
      feed.pending--;
      this.dropFeedIfIdle(cid);
    });
    feed.chain = next.catch(() => undefined);
    return next;
  }

  private dropFeedIfIdle(cid: string): void {
    const feed = this.feeds.get(cid);
    if (feed && feed.watchers.size === 0 && feed.pending === 0) this.feeds.delete(cid);
  }
}
