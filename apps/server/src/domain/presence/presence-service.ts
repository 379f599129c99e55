import type { Repos, Store, UserRow } from "../../store/store.js";
import { can } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import type { Signal, SignalPort } from "../events.js";
import { toUserResponse } from "../users/serialize.js";

/** Watching, typing and presence: the realtime side of the domain (ephemeral, never stored). */
export class PresenceService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly signals: SignalPort,
    private readonly clock: Clock,
  ) {}

  /** Throws unless the actor may receive the channel's events. */
  async ensureWatchable(actor: Actor, cid: string): Promise<void> {
    await loadChannel(this.store, this.types, actor, cid, "ReadChannel");
  }

  async canRead(userId: string, cid: string): Promise<boolean> {
    const channel = await this.store.channels.get(cid);
    if (!channel || channel.deleted_at) return false;
    const [config, member, policies, user] = await Promise.all([
      this.types.get(channel.type),
      this.store.members.get(cid, userId),
      this.types.policies(channel.type),
      this.store.users.get(userId),
    ]);
    if (!user || user.deleted_at) return false;
    const actor = { userId, server: false, role: user.role as "user" | "moderator" | "admin" };
    return can("ReadChannel", { actor, channel, config, member, policies, banned: false });
  }

  /** Someone typing in the channel, or in the thread of `parentId`. */
  async typing(actor: Actor, cid: string, started: boolean, parentId?: string): Promise<void> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "SendTypingEvents");
    if (!ctx.config.typing_events) return;
    const user = await this.store.users.get(actor.userId);
    if (!user) return;
    this.signals.signal({
      kind: "ephemeral",
      cid,
      exceptUserId: actor.userId,
      event: {
        type: started ? "typing.start" : "typing.stop",
        cid,
        parent_id: parentId ?? null,
        user: toUserResponse(user),
        created_at: iso(this.clock()),
      },
    });
  }

  /** `known`: the user's row when the caller has just read it (a connection's authentication). */
  async presenceChanged(userId: string, online: boolean, known?: UserRow): Promise<void> {
    const now = iso(this.clock());
    if (online) {
      const signal = await this.presenceSignal(this.store, userId, true, now, known);
      if (signal) this.signals.signal(signal);
      return;
    }
    // Going offline writes last_active: a change, in a transaction so that SQLite commits it with
    // others (one fsync for a batch, not one on the event loop for each).
    await this.store.transaction(async (tx) => {
      await tx.users.setLastActive(userId, now);
      const signal = await this.presenceSignal(tx, userId, false, now);
      if (signal) tx.emit(signal);
    });
  }

  private async presenceSignal(
    repos: Repos,
    userId: string,
    online: boolean,
    now: string,
    known?: UserRow,
  ): Promise<Signal | undefined> {
    const user = known ?? (await repos.users.get(userId));
    if (!user) return undefined;
    return {
      kind: "presence",
      cids: await repos.members.cidsForUser(userId),
      event: {
        type: "user.presence.changed",
        user: { ...toUserResponse(user), online },
        created_at: now,
      },
    };
  }
}
