import type { OwnUserResponse, SetUserStatusBody, UserResponse, UserSearchQuery } from "@parley/protocol";
import type { Store, UserRow } from "../../store/store.js";
import { appCapabilities } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { notFound } from "../errors.js";
import { ownNotify } from "../notifications/settings-view.js";
import { unreadTotals } from "../read-state/unread-totals.js";
import { toUserResponse } from "./serialize.js";
import { UserStatusService } from "./user-status.js";

export interface UpsertUser {
  id: string;
  name: string;
  image: string;
  role?: "user" | "moderator" | "admin";
}

export class UsersService {
  private readonly status: UserStatusService;

  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
  ) {
    this.status = new UserStatusService(store, clock);
  }

  setStatus(actor: Actor, body: SetUserStatusBody): Promise<UserResponse> {
    return this.status.set(actor, body);
  }

  clearStatus(actor: Actor): Promise<UserResponse> {
    return this.status.clear(actor);
  }

  /** The accounts module's way in: creates or updates the chat user (spec §3 "chat service user"). */
  async upsert(u: UpsertUser): Promise<UserResponse> {
    const now = iso(this.clock());
    const existing = await this.store.users.get(u.id);
    const row = await this.store.users.upsert({
      id: u.id,
      name: u.name,
      image: u.image,
      role: existing?.role ?? u.role ?? "user",
      created_at: now,
      updated_at: now,
    });
    return toUserResponse(row, this.clock());
  }

  async get(id: string): Promise<UserResponse> {
    const row = await this.store.users.get(id);
    if (!row || row.deleted_at) throw notFound("user");
    return toUserResponse(row, this.clock());
  }

  /** The caller's own user; `row` when the caller's row was just read (authentication). */
  async me(actor: Actor, row?: UserRow): Promise<OwnUserResponse> {
    const user = row ? toUserResponse(row, this.clock()) : await this.get(actor.userId);
    const totals = await unreadTotals(this.store, this.types, actor);
    const mutes = await this.store.moderation.mutesOf(actor.userId);
    const settings = await this.store.notifications.settings(actor.userId);
    return {
      mutes: mutes.map((m) => m.target_id),
      ...user,
      ...totals,
      capabilities: appCapabilities(actor),
      notify: ownNotify(settings),
    };
  }

  async search(actor: Actor, q: UserSearchQuery): Promise<UserResponse[]> {
    const rows = await this.store.users.search({
      text: q.q ?? "",
      excludeId: actor.userId,
      limit: q.limit ?? 10,
      offset: q.offset ?? 0,
    });
    const now = this.clock();
    return rows.map((r) => toUserResponse(r, now));
  }
}
