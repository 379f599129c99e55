import type { MarkReadBody, ReadStateResponse, UnreadResponse } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import { appendEvent } from "../channels/channel-events.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { hiddenKinds } from "../channels/readable.js";
import { toReadState } from "../channels/serialize.js";
import { type Clock, iso } from "../clock.js";
import { invalid } from "../errors.js";
import { toUserResponse } from "../users/serialize.js";
import { totalsOf, unreadTotals } from "./unread-totals.js";

export class ReadService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
  ) {}

  /** Marks the channel read up to a message (default: the newest). Never moves backwards. */
  async markRead(actor: Actor, cid: string, body: MarkReadBody): Promise<{ read: ReadStateResponse }> {
    const now = iso(this.clock());
    const read = await this.store.transaction(async (tx) => {
      const ctx = await loadChannel(tx, this.types, actor, cid, "MarkRead", undefined, { lock: true });
      const member = ctx.member;
      // Someone allowed to read without being a member (an admin) has no read state to move.
      if (!member) return noReadState(actor.userId);
      let targetSeq = ctx.channel.last_seq;
      let messageId: string | null = null;
      if (body.message_id) {
        const m = await tx.messages.get(body.message_id);
        if (!m || m.cid !== cid)
          throw invalid("message_id", `message ${body.message_id} is not in this channel`);
        targetSeq = m.seq;
        messageId = m.id;
      } else {
        messageId = (await tx.messages.lastRegular(cid, ctx.channel.truncated_seq))?.id ?? null;
      }
      if (targetSeq <= member.last_read_seq) {
        const unread = await tx.messages.countUnread(
          cid,
          actor.userId,
          Math.max(member.last_read_seq, ctx.channel.truncated_seq),
        );
        return toReadState(member, unread);
      }
      const patch = { last_read_seq: targetSeq, last_read_at: now, last_read_message_id: messageId };
      await tx.members.update(cid, actor.userId, patch);
      const unread = await tx.messages.countUnread(
        cid,
        actor.userId,
        Math.max(targetSeq, ctx.channel.truncated_seq),
      );
      // The reader's position reaches others only while the type sends read events and the reader
      // shares read receipts; their own other tabs always learn it (notification.mark_read).
      if (ctx.config.read_events && (await tx.receipts.sharing(actor.userId))) {
        const u = await tx.users.get(actor.userId);
        await appendEvent(tx, ctx.channel, now, {
          type: "message.read",
          user: toUserResponse(u!),
          last_read: now,
          last_read_message_id: messageId,
        });
      }
      const totals = await unreadTotals(tx, this.types, actor);
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: {
          type: "notification.mark_read",
          cid,
          last_read: now,
          last_read_message_id: messageId,
          ...totals,
          created_at: now,
        },
      });
      return toReadState({ ...member, ...patch }, unread);
    });
    return { read };
  }

  /** Unread counts per channel (with mentions) and per thread; the total leaves muted channels out. */
  async unread(actor: Actor): Promise<UnreadResponse> {
    const hide = await hiddenKinds(this.types, actor);
    const [rows, mentions, threads] = await Promise.all([
      this.store.messages.unreadForUser(actor.userId, hide),
      this.store.conversation.unreadMentions(actor.userId, hide),
      this.store.conversation.unreadThreads(actor.userId, hide),
    ]);
    return {
      total_unread_count: totalsOf(rows).total_unread_count,
      channels: rows.map((r) => ({
        cid: r.cid,
        unread_count: r.unread_count,
        unread_mentions: mentions.find((m) => m.cid === r.cid)?.n ?? 0,
        last_read: r.last_read_at,
      })),
      threads: threads.map((t) => ({ parent_id: t.parent_id, cid: t.cid, unread_replies: t.n })),
    };
  }
}

const noReadState = (userId: string): ReadStateResponse => ({
  user_id: userId,
  last_read: null,
  last_read_message_id: null,
  unread_messages: 0,
  unread_mentions: 0,
});
