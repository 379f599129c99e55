import type { Store, UserRow } from "../../store/store.js";
import { can } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import type { EventPort, PresencePort } from "../events.js";
import { toUserResponse } from "../users/serialize.js";

/** Watching, typing and presence: the realtime side of the domain (ephemeral, never stored). */
export class PresenceService {
  private presence: PresencePort = { isOnline: () => false, watcherCount: () => 0 };

  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly events: EventPort,
    private readonly clock: Clock,
  ) {}

  attach(presence: PresencePort): void {
    this.presence = presence;
  }

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
    this.events.publish({
      kind: "ephemeral",
      cid,
      exceptUserId: actor.userId,
      event: {
        type: started ? "typing.start" : "typing.stop",
        cid,
        parent_id: parentId ?? null,
        user: toUserResponse(user, this.presence),
        created_at: iso(this.clock()),
      },
    });
  }

  /** `known`: the user's row when the caller has just read it (a connection's authentication). */
  async presenceChanged(userId: string, online: boolean, known?: UserRow): Promise<void> {
    const now = iso(this.clock());
    // In a transaction so SQLite commits it with others (one fsync for a batch): on its own, each
    // went offline with a COMMIT and an fsync of its own on the event loop.
    if (!online) await this.store.transaction((tx) => tx.users.setLastActive(userId, now));
    const user = known ?? (await this.store.users.get(userId));
    if (!user) return;
    const cids = await this.store.members.cidsForUser(userId);
    this.events.publish({
      kind: "presence",
      cids,
      event: {
        type: "user.presence.changed",
        user: { ...toUserResponse(user, this.presence), online },
        created_at: now,
      },
    });
  }
}
