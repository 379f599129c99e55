import type { MessageHistoryBody, MessageResponse, MessageVersionResponse } from "@parley/protocol";
import type { Store } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { loadChannel } from "../channels/channel-context.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { type Clock, iso } from "../clock.js";
import { invalid } from "../errors.js";
import { renderMessages } from "./message-view.js";
import type { MessagesService } from "./messages-service.js";

/** Pins, edit history and thread read marks: what sits around a message. */
export class MessageMetaService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
  ) {}

  async setPinned(actor: Actor, id: string, pinned: boolean): Promise<MessageResponse> {
    return this.messages.change(actor, id, "PinMessage", async (_tx, m) => {
      if (m.type === "deleted") throw invalid("id", "a deleted message cannot be pinned");
      if (Boolean(m.pinned_at) === pinned) return null;
      const now = iso(this.clock());
      return pinned
        ? { pinned_at: now, pinned_by_id: actor.userId, updated_at: now }
        : { pinned_at: null, pinned_by_id: null, updated_at: now };
    });
  }

  async pinned(actor: Actor, cid: string): Promise<MessageResponse[]> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "ReadChannel");
    const rows = await this.store.conversation.pinned(cid, ctx.channel.truncated_seq, 100);
    return renderMessages(this.store, rows, actor.userId);
  }

  /** Every version of a message's text, the current one included, for whoever can read it. */
  async history(actor: Actor, body: MessageHistoryBody): Promise<MessageVersionResponse[]> {
    const { row } = await this.messages.readable(actor, body.filter.message_id);
    const m = row.message;
    // A deleted message's versions are gone with it; its history holds no text.
    if (m.type === "deleted") return [];
    const previous = await this.store.conversation.versions(m.id, 1, 1000);
    const current: MessageVersionResponse = {
      message_id: m.id,
      version: previous.length + 1,
      text: m.text,
      user_id: m.user_id,
      created_at: m.edited_at ?? m.created_at,
    };
    const all = [...previous, current];
    const direction = body.sort?.[0]?.direction ?? -1;
    const sorted = direction === 1 ? all : all.reverse();
    return sorted.slice(0, body.limit ?? 100);
  }

  async markThreadRead(actor: Actor, parentId: string): Promise<void> {
    const { row, ctx } = await this.messages.readable(actor, parentId);
    const replies = await this.store.messages.page({
      cid: ctx.channel.cid,
      afterSeq: ctx.channel.truncated_seq,
      parentId: row.message.id,
      limit: 1,
    });
    const last = replies.at(-1);
    if (!last) return;
    const cid = ctx.channel.cid;
    await this.store.transaction(async (tx) => {
      await tx.conversation.setThreadRead(parentId, actor.userId, last.message.seq);
      // The user's other tabs (and threads inbox) learn the thread is read.
      tx.emit({
        kind: "users",
        userIds: [actor.userId],
        event: { type: "notification.thread_read", cid, parent_id: parentId, created_at: iso(this.clock()) },
      });
    });
  }
}
