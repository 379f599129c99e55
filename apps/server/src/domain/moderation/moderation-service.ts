import {
  type BanBody,
  type BanResponse,
  CloseCode,
  ErrorCode,
  type FlagQueryBody,
  type FlagResponse,
  type MessageResponse,
  type UnbanBody,
  type UpdateFlagsBody,
  type UserResponse,
} from "@parley/protocol";
import type { BanRow, FlagRow, Repos, Store, UnitOfWork } from "../../store/store.js";
import { ensureApp, ensureBannable } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, invalid, notFound } from "../errors.js";
import { renderMessages } from "../messages/message-view.js";
import type { MessagesService } from "../messages/messages-service.js";
import { toUserResponse } from "../users/serialize.js";

export type FlagView = FlagResponse & { message: MessageResponse | null };

/** Flags with review, bans and user mutes (spec §3, §6, §7). */
export class ModerationService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
  ) {}

  async flag(actor: Actor, messageId: string, reason: string | undefined): Promise<FlagResponse> {
    const m = await this.store.messages.get(messageId);
    if (!m) throw notFound("message");
    await loadChannel(this.store, this.types, actor, m.cid, "FlagMessage");
    if (m.type === "deleted") throw invalid("message_id", "a deleted message cannot be flagged");
    if (m.user_id === actor.userId) throw invalid("message_id", "you cannot flag your own message");
    const now = iso(this.clock());
    const row: FlagRow = {
      message_id: messageId,
      user_id: actor.userId,
      cid: m.cid,
      reason: reason ?? "",
      created_at: now,
      reviewed_by: null,
      reviewed_at: null,
      review_result: null,
    };
    await this.store.transaction(async (tx) => {
      if (!(await tx.moderation.addFlag(row))) {
        throw new DomainError(ErrorCode.conflict, "you already flagged this message");
      }
      const [view] = await this.views([row], tx);
      tx.emit({
        kind: "users",
        userIds: [...new Set([actor.userId, ...(await tx.users.idsWithRoles(["moderator", "admin"]))])],
        event: {
          type: "message.flagged",
          cid: m.cid,
          message: view!.message!,
          flag: toFlag(row),
          created_at: now,
        },
      });
    });
    return toFlag(row);
  }

  async queryFlags(actor: Actor, q: FlagQueryBody): Promise<{ flags: FlagView[] }> {
    await ensureApp("ReviewFlags", actor);
    const rows = await this.store.moderation.flags({
      reviewed: q.filter?.reviewed,
      cid: q.filter?.cid,
      authorId: q.filter?.user_id,
      direction: q.sort?.[0]?.direction ?? -1,
      limit: q.limit ?? 25,
      offset: q.offset ?? 0,
    });
    return { flags: await this.views(rows) };
  }

  /** The spec's update_flags: marks the messages' flags reviewed by `reviewed_by`, then applies the result. */
  async updateFlags(actor: Actor, body: UpdateFlagsBody): Promise<{ flags: FlagView[] }> {
    const reviewer = await this.store.users.get(body.reviewed_by);
    if (!reviewer) throw invalid("reviewed_by", "no such user");
    const reviewerActor: Actor = { userId: reviewer.id, server: false, role: reviewer.role as Actor["role"] };
    if (!actor.server && actor.userId !== reviewer.id) {
      throw new DomainError(
        ErrorCode.forbidden,
        "reviewed_by must be you, unless a server-side token acts for the reviewer",
      );
    }
    await ensureApp("ReviewFlags", reviewerActor, "reviewed_by must be a moderator or an admin");
    if (body.options?.ban) await this.ensureMayBanAuthors(reviewerActor, body.message_ids);
    const result = body.options?.result ?? "keep";
    const now = iso(this.clock());
    const { reviewed, messages } = await this.store.transaction(async (tx) => {
      const reviewed = await tx.moderation.reviewFlags(body.message_ids, reviewer.id, now, result);
      const moderators = await tx.users.idsWithRoles(["moderator", "admin"]);
      const messages = [];
      for (const id of new Set(reviewed.map((f) => f.message_id))) {
        const m = await tx.messages.get(id);
        if (!m) continue;
        messages.push(m);
        const flaggers = reviewed.filter((f) => f.message_id === id).map((f) => f.user_id);
        tx.emit({
          kind: "users",
          userIds: [...new Set([...flaggers, ...moderators])],
          event: {
            type: "flag.reviewed",
            cid: m.cid,
            message_id: id,
            reviewed_by: reviewer.id,
            review_result: result,
            created_at: now,
          },
        });
      }
      return { reviewed, messages };
    });
    // Each its own change, with its own events: the review stands whatever they answer.
    for (const m of messages) {
      if (result === "remove") await this.messages.delete({ ...reviewerActor, server: true }, m.id);
      if (body.options?.ban) {
        await this.ban(
          { ...reviewerActor, server: true },
          { target_user_id: m.user_id, reason: body.options.ban.reason, timeout: body.options.ban.timeout },
          reviewer.id,
        );
      }
    }
    return { flags: await this.views(reviewed) };
  }

  /** Refused before anything is reviewed, so a review that cannot ban changes nothing. */
  private async ensureMayBanAuthors(reviewer: Actor, messageIds: readonly string[]): Promise<void> {
    await ensureApp("BanUser", reviewer);
    for (const id of new Set(messageIds)) {
      const m = await this.store.messages.get(id);
      if (!m) continue;
      if (m.user_id === reviewer.userId) throw invalid("options.ban", "you cannot ban yourself");
      const author = await this.store.users.get(m.user_id);
      if (author) ensureBannable(author);
    }
  }

  /** Bans app-wide (moderators, admins) or in one channel (its moderators); an app-wide ban closes the user's sockets. */
  async ban(actor: Actor, body: BanBody, bannedBy = actor.userId): Promise<BanResponse> {
    if (body.target_user_id === actor.userId) throw invalid("target_user_id", "you cannot ban yourself");
    const target = await this.store.users.get(body.target_user_id);
    if (!target) throw notFound("user");
    if (body.cid) await loadChannel(this.store, this.types, actor, body.cid, "BanChannelMember");
    else await ensureApp("BanUser", actor);
    ensureBannable(target);
    const now = this.clock();
    const row: BanRow = {
      user_id: target.id,
      scope: body.cid ?? "*",
      reason: body.reason ?? "",
      banned_by_id: bannedBy,
      created_at: iso(now),
      expires_at: body.timeout ? iso(new Date(now.getTime() + body.timeout * 60_000)) : null,
      shadow: false,
    };
    const ban = this.toBan(row, toUserResponse(target));
    await this.store.transaction(async (tx) => {
      await tx.moderation.putBan(row);
      await this.announce(tx, "user.banned", ban);
      if (!body.cid) {
        tx.emit({ kind: "disconnect", userId: target.id, code: CloseCode.banned, reason: "banned" });
      }
    });
    return ban;
  }

  async unban(actor: Actor, body: UnbanBody): Promise<void> {
    if (body.cid) await loadChannel(this.store, this.types, actor, body.cid, "BanChannelMember");
    else await ensureApp("BanUser", actor);
    const scope = body.cid ?? "*";
    await this.store.transaction(async (tx) => {
      const [row] = await tx.moderation.activeBans(body.target_user_id, [scope], iso(this.clock()));
      if (!(await tx.moderation.removeBan(body.target_user_id, scope)) || !row) throw notFound("ban");
      await this.announce(tx, "user.unbanned", this.toBan(row));
    });
  }

  async bans(actor: Actor, cid: string | undefined): Promise<{ bans: BanResponse[] }> {
    if (cid) await loadChannel(this.store, this.types, actor, cid, "BanChannelMember");
    else await ensureApp("ReviewFlags", actor);
    const rows = await this.store.moderation.bans(cid, iso(this.clock()), 100, 0);
    const users = await this.store.users.getMany(rows.map((r) => r.user_id));
    return {
      bans: rows.map((r) => {
        const u = users.find((x) => x.id === r.user_id);
        return this.toBan(r, u ? toUserResponse(u) : undefined);
      }),
    };
  }

  async mute(actor: Actor, targetId: string, muted: boolean): Promise<{ mutes: string[] }> {
    if (targetId === actor.userId) throw invalid("target_id", "you cannot mute yourself");
    if (!(await this.store.users.get(targetId))) throw notFound("user");
    const now = iso(this.clock());
    await this.store.transaction(async (tx) => {
      if (muted) await tx.moderation.addMute({ user_id: actor.userId, target_id: targetId, created_at: now });
      else await tx.moderation.removeMute(actor.userId, targetId);
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: { type: muted ? "user.muted" : "user.unmuted", cid: "", target_id: targetId, created_at: now },
      });
    });
    return { mutes: (await this.store.moderation.mutesOf(actor.userId)).map((m) => m.target_id) };
  }

  async setRole(actor: Actor, userId: string, role: "user" | "moderator" | "admin"): Promise<UserResponse> {
    await ensureApp("SetRole", actor);
    if (!(await this.store.users.get(userId))) throw notFound("user");
    const user = await this.store.transaction(async (tx) => {
      await tx.users.setRole(userId, role);
      tx.emit({ kind: "role", userId, role });
      return (await tx.users.get(userId))!;
    });
    return toUserResponse(user);
  }

  private async announce(tx: UnitOfWork, type: "user.banned" | "user.unbanned", ban: BanResponse) {
    const moderators = await tx.users.idsWithRoles(["moderator", "admin"]);
    tx.emit({
      kind: "users",
      userIds: [...new Set([ban.user_id, ...moderators])],
      event: { type, cid: ban.cid ?? "", ban, created_at: iso(this.clock()) },
    });
  }

  private toBan(r: BanRow, user?: UserResponse): BanResponse {
    return {
      user_id: r.user_id,
      ...(user ? { user } : {}),
      cid: r.scope === "*" ? null : r.scope,
      reason: r.reason,
      banned_by_id: r.banned_by_id,
      created_at: r.created_at,
      expires_at: r.expires_at,
    };
  }

  private async views(rows: FlagRow[], repos: Repos = this.store): Promise<FlagView[]> {
    const ids = [...new Set(rows.map((r) => r.message_id))];
    const withUsers = (await Promise.all(ids.map((id) => repos.messages.getWithUser(id)))).filter(
      (m) => m !== undefined,
    );
    const rendered = await renderMessages(repos, withUsers, null);
    const flaggers = await repos.users.getMany([...new Set(rows.map((r) => r.user_id))]);
    return rows.map((r) => {
      const u = flaggers.find((x) => x.id === r.user_id);
      return {
        ...toFlag(r),
        ...(u ? { user: toUserResponse(u) } : {}),
        message: rendered.find((m) => m.id === r.message_id) ?? null,
      };
    });
  }
}

function toFlag(r: FlagRow): FlagResponse {
  return {
    message_id: r.message_id,
    cid: r.cid,
    user_id: r.user_id,
    reason: r.reason,
    created_at: r.created_at,
    reviewed_by: r.reviewed_by,
    reviewed_at: r.reviewed_at,
    review_result: (r.review_result as FlagResponse["review_result"]) ?? null,
  };
}
