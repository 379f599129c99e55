import { createHash } from "node:crypto";
import {
  type ChannelQueryBody,
  type ChannelResponse,
  ErrorCode,
  MEMBER_LIMIT,
  type MemberResponse,
  type MembershipResponse,
  type QueryChannelsBody,
  toCid,
  type UpdateChannelBody,
  type UpdateMembersBody,
} from "@parley/protocol";
import type { ChannelRow, MemberRow, Repos, Store, UserRow } from "../../store/store.js";
import { ensure, ensureRemovable } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, invalid, notFound } from "../errors.js";
import type { MessagesService } from "../messages/messages-service.js";
import { futureTime } from "../notifications/future-time.js";
import { setMute } from "../notifications/set-mute.js";
import { toUserResponse } from "../users/serialize.js";
import { type ChannelContext, loadChannel } from "./channel-context.js";
import { appendEvent } from "./channel-events.js";
import { ChannelReader, type RenderedChannelState } from "./channel-reader.js";
import type { ChannelTypes } from "./channel-types.js";
import { toChannelResponse, toMemberResponse } from "./serialize.js";
import { setStar } from "./set-star.js";
import { announceMembers, appendSystemMessage, channelChanges } from "./system-messages.js";

export class ChannelsService {
  private readonly reader: ChannelReader;

  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    messages: MessagesService,
    private readonly clock: Clock,
  ) {
    this.reader = new ChannelReader(store, types, messages);
  }

  /** Get-or-create; `id` undefined means a direct channel identified by its member set. */
  async query(
    actor: Actor,
    type: string,
    id: string | undefined,
    body: ChannelQueryBody,
  ): Promise<RenderedChannelState> {
    const config = await this.types.get(type);
    let channelId = id;
    let direct = false;
    if (channelId === undefined) {
      if (config.public_read) {
        throw new DomainError(
          ErrorCode.validation,
          `a channel without an id is a direct conversation: ${type} channels are open to everyone and need an id`,
        );
      }
      const members = body.data?.members;
      if (!members || members.length === 0) {
        throw new DomainError(ErrorCode.validation, "a channel without an id needs data.members", {
          "data.members": "required when the channel has no id",
        });
      }
      channelId = directChannelId([...members, actor.userId]);
      direct = true;
    }
    const cid = toCid(type, channelId);
    const existing = await this.store.channels.get(cid);
    if (!existing || existing.deleted_at) {
      if (body.create === false || existing?.deleted_at) throw notFound("channel");
      await this.create(actor, { type, id: channelId, cid, direct, body, publicRead: config.public_read });
    }
    return this.state(actor, cid, body.messages ?? {});
  }

  /** The user's channels (spec §9: newest activity first by default). */
  list(actor: Actor, body: QueryChannelsBody): Promise<{ channels: RenderedChannelState[] }> {
    return this.reader.list(actor, body);
  }

  async update(actor: Actor, cid: string, body: UpdateChannelBody): Promise<{ channel: ChannelResponse }> {
    const now = iso(this.clock());
    return this.store.transaction(async (tx) => {
      const ctx = await loadChannel(tx, this.types, actor, cid, "UpdateChannel", undefined, { lock: true });
      const row = await tx.channels.update(cid, { ...body.set, updated_at: now });
      const channel = toChannelResponse(row, ctx.config);
      const user = await this.userOf(tx, actor);
      await appendEvent(tx, row, now, { type: "channel.updated", channel, user });
      if (ctx.user) {
        for (const change of channelChanges(ctx.channel, body.set)) {
          await appendSystemMessage(tx, row, ctx.user, now, change);
        }
      }
      return { channel };
    });
  }

  async delete(actor: Actor, cid: string): Promise<{ channel: ChannelResponse }> {
    const now = iso(this.clock());
    return this.store.transaction(async (tx) => {
      const ctx = await loadChannel(tx, this.types, actor, cid, "DeleteChannel", undefined, { lock: true });
      const row = await tx.channels.update(cid, { deleted_at: now, updated_at: now });
      const channel = toChannelResponse(row, ctx.config);
      const user = await this.userOf(tx, actor);
      await appendEvent(tx, row, now, { type: "channel.deleted", channel, user });
      tx.emit({
        kind: "users",
        userIds: await tx.members.userIds(cid),
        event: { type: "notification.channel_deleted", cid, channel, created_at: now },
        skipWatchersOf: cid,
      });
      return { channel };
    });
  }

  async truncate(actor: Actor, cid: string): Promise<{ channel: ChannelResponse }> {
    const now = iso(this.clock());
    return this.store.transaction(async (tx) => {
      const ctx = await loadChannel(tx, this.types, actor, cid, "TruncateChannel", undefined, { lock: true });
      const row = await tx.channels.update(cid, {
        truncated_at: now,
        truncated_seq: ctx.channel.last_seq,
        last_message_at: null,
        updated_at: now,
      });
      const channel = toChannelResponse(row, ctx.config);
      const user = await this.userOf(tx, actor);
      await appendEvent(tx, row, now, { type: "channel.truncated", channel, user });
      return { channel };
    });
  }

  async updateMembers(
    actor: Actor,
    cid: string,
    body: UpdateMembersBody,
  ): Promise<{ channel: ChannelResponse; members: MemberResponse[] }> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "UpdateChannelMembers");
    if (ctx.channel.is_direct) {
      throw new DomainError(
        ErrorCode.badRequest,
        "the members of a direct conversation are fixed; start a new one",
      );
    }
    const assign = body.assign_roles ?? [];
    if (assign.length > 0) ensure("AssignChannelRoles", ctx);
    await this.changeMembers(ctx, body.add ?? [], body.remove ?? [], assign);
    const members = await this.store.members.listWithUsers(cid, MEMBER_LIMIT);
    const channel = await this.store.channels.get(cid);
    return {
      channel: toChannelResponse(channel as ChannelRow, ctx.config),
      members: members.map((m) => toMemberResponse(m.member, m.user)),
    };
  }

  async join(actor: Actor, cid: string): Promise<{ channel: ChannelResponse; member: MemberResponse }> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "JoinChannel");
    await this.changeMembers(ctx, [actor.userId], []);
    const state = await this.state(actor, cid, { limit: 0 });
    return { channel: state.channel, member: state.membership as MemberResponse };
  }

  async leave(actor: Actor, cid: string): Promise<void> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "LeaveChannel");
    await this.changeMembers(ctx, [], [actor.userId]);
  }

  async setHidden(actor: Actor, cid: string, hidden: boolean): Promise<void> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "LeaveChannel");
    const channel = toChannelResponse(ctx.channel, ctx.config);
    const now = iso(this.clock());
    await this.store.transaction(async (tx) => {
      await tx.members.update(cid, actor.userId, { hidden });
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: hidden
          ? { type: "channel.hidden", cid, channel, created_at: now }
          : { type: "channel.visible", cid, channel, created_at: now },
      });
    });
  }

  /** Mutes (until `until`, when given) or unmutes the channel for the actor. */
  async setMuted(actor: Actor, cid: string, muted: boolean, until?: string): Promise<void> {
    const now = this.clock();
    const mutedUntil = muted && until !== undefined ? futureTime("until", until, now) : null;
    await loadChannel(this.store, this.types, actor, cid, "LeaveChannel");
    await this.store.transaction((tx) => setMute(tx, cid, actor.userId, muted, mutedUntil, iso(now)));
  }

  /** Stars (a favourite) or unstars the channel for the actor, a member. */
  async setStarred(actor: Actor, cid: string, starred: boolean): Promise<{ membership: MembershipResponse }> {
    await loadChannel(this.store, this.types, actor, cid, "LeaveChannel");
    const now = iso(this.clock());
    return { membership: await this.store.transaction((tx) => setStar(tx, cid, actor.userId, starred, now)) };
  }

  /** The channel as the actor sees it; reads `last_seq` before the messages so nothing falls between. */
  /** One channel as its reader sees it (ChannelReader.state). */
  state(
    actor: Actor,
    cid: string,
    page: ChannelQueryBody["messages"] & object,
  ): Promise<RenderedChannelState> {
    return this.reader.state(actor, cid, page);
  }

  private async create(
    actor: Actor,
    c: {
      type: string;
      id: string;
      cid: string;
      direct: boolean;
      body: ChannelQueryBody;
      publicRead: boolean;
    },
  ): Promise<void> {
    const now = iso(this.clock());
    const memberIds = unique([actor.userId, ...(c.body.data?.members ?? [])]);
    try {
      await this.store.transaction(async (tx) => {
        await this.requireUsers(tx, memberIds);
        const row: ChannelRow = {
          cid: c.cid,
          type: c.type,
          id: c.id,
          name: c.body.data?.name ?? "",
          image: c.body.data?.image ?? "",
          created_by_id: actor.userId,
          created_at: now,
          updated_at: now,
          last_message_at: null,
          member_count: memberIds.length,
          is_direct: c.direct,
          deleted_at: null,
          truncated_at: null,
          truncated_seq: 0,
          last_seq: 0,
        };
        const config = await this.types.get(c.type, tx);
        const policies = await this.types.policies(c.type, tx);
        ensure("CreateChannel", { actor, channel: row, config, member: undefined, policies, banned: false });
        await tx.channels.insert(row);
        for (const userId of memberIds) {
          await tx.members.insert(
            newMember(c.cid, userId, userId === actor.userId ? "owner" : "channel_member", now, 0),
          );
        }
        const channel = toChannelResponse(row, config);
        const user = await this.userOf(tx, actor);
        await appendEvent(tx, row, now, { type: "channel.created", channel, user });
        const members = await tx.members.listWithUsers(c.cid, MEMBER_LIMIT);
        for (const m of members) {
          if (m.member.user_id === actor.userId) continue;
          tx.emit({
            kind: "users",
            userIds: [m.member.user_id],
            event: {
              type: "notification.added_to_channel",
              cid: c.cid,
              channel,
              member: toMemberResponse(m.member, m.user),
              created_at: now,
            },
          });
        }
      });
    } catch (err) {
      // Two people opening the same direct channel at once: the loser reads the winner's row.
      if (await this.store.channels.get(c.cid)) return;
      throw err;
    }
  }

  private async changeMembers(
    ctx: ChannelContext,
    add: string[],
    remove: string[],
    assign: NonNullable<UpdateMembersBody["assign_roles"]> = [],
  ): Promise<void> {
    const now = iso(this.clock());
    const cid = ctx.channel.cid;
    await this.store.transaction(async (tx) => {
      let row = (await tx.channels.lock(cid)) as ChannelRow;
      const added: UserRow[] = [];
      const removed: UserRow[] = [];
      await this.requireUsers(tx, add);
      for (const userId of unique(add)) {
        if (await tx.members.get(cid, userId)) continue;
        const m = newMember(cid, userId, "channel_member", now, row.last_seq);
        await tx.members.insert(m);
        row = await tx.channels.update(cid, { member_count: await tx.members.count(cid), updated_at: now });
        const u = await tx.users.get(userId);
        if (!u) continue;
        added.push(u);
        const member = toMemberResponse(m, u);
        const channel = toChannelResponse(row, ctx.config);
        await appendEvent(tx, row, now, { type: "member.added", member, channel });
        tx.emit({
          kind: "users",
          userIds: [userId],
          event: { type: "notification.added_to_channel", cid, channel, member, created_at: now },
        });
      }
      for (const userId of unique(remove)) {
        const m = await tx.members.get(cid, userId);
        if (!m) continue;
        ensureRemovable(ctx, m);
        await tx.members.delete(cid, userId);
        row = await tx.channels.update(cid, { member_count: await tx.members.count(cid), updated_at: now });
        const u = await tx.users.get(userId);
        if (!u) continue;
        removed.push(u);
        const channel = toChannelResponse(row, ctx.config);
        const member = toMemberResponse(m, u);
        await appendEvent(tx, row, now, { type: "member.removed", member, channel });
        tx.emit({
          kind: "users",
          userIds: [userId],
          event: { type: "notification.removed_from_channel", cid, channel, created_at: now },
        });
        tx.emit({ kind: "access", cid, userIds: [userId] });
      }
      if (ctx.user) await announceMembers(tx, row, ctx.user, now, added, removed);
      for (const { user_id: userId, channel_role: role } of assign) {
        const m = await tx.members.get(cid, userId);
        if (!m) throw invalid("assign_roles", `user ${userId} is not a member of this channel`);
        if (m.role === "owner") throw invalid("assign_roles", "the channel's owner keeps the owner's role");
        if (m.role === role) continue;
        await tx.members.update(cid, userId, { role });
        const u = await tx.users.get(userId);
        if (!u) continue;
        const member = toMemberResponse({ ...m, role }, u);
        const channel = toChannelResponse(row, ctx.config);
        await appendEvent(tx, row, now, { type: "member.updated", member, channel });
      }
    });
  }

  private async requireUsers(tx: Repos, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = new Set(
      (await tx.users.getMany(unique(ids))).filter((u) => !u.deleted_at).map((u) => u.id),
    );
    const missing = unique(ids).filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new DomainError(ErrorCode.validation, `unknown users: ${missing.join(", ")}`, {
        members: `unknown users: ${missing.join(", ")}`,
      });
    }
  }

  private async userOf(tx: Repos, actor: Actor) {
    const u = await tx.users.get(actor.userId);
    if (!u) throw notFound("user");
    return toUserResponse(u);
  }
}

function newMember(cid: string, userId: string, role: string, now: string, lastReadSeq: number): MemberRow {
  return {
    cid,
    user_id: userId,
    role,
    created_at: now,
    hidden: false,
    muted: false,
    last_read_at: null,
    last_read_message_id: null,
    last_read_seq: lastReadSeq,
    notify_level: "default",
    muted_until: null,
    starred: false,
  };
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

/** The same member set always names the same channel: `!members-` + a hash of the sorted ids. */
export function directChannelId(memberIds: string[]): string {
  const key = unique(memberIds).sort().join(",");
  return `!members-${createHash("sha256").update(key).digest("base64url").slice(0, 40)}`;
}
