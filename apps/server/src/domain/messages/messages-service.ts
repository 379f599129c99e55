import {
  DEFAULT_PAGE_SIZE,
  ErrorCode,
  type MessagePagination,
  type MessageResponse,
  newMessageId,
  type SendMessageBody,
} from "@parley/protocol";
import type { MessageRow, MessageWithUser, Repos, Store, UnitOfWork } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import { type ChannelContext, loadChannel, standingContext } from "../channels/channel-context.js";
import { appendEvent, type ChannelEnvelope, channelEvent } from "../channels/channel-events.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { readersOf } from "../channels/readable.js";
import { toChannelResponse } from "../channels/serialize.js";
import { type Clock, iso } from "../clock.js";
import { DomainError, invalid, notFound } from "../errors.js";
import { claimPoll } from "../polls/poll-messages.js";
import { renderMessage, renderMessages, renderNewMessage } from "./message-view.js";
import { checkSend, checkText, type SendPlan } from "./send-rules.js";

export class MessagesService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
    private readonly onFilesRemoved: (storageKeys: string[]) => void,
  ) {}

  /**
   * Stores and publishes a message; a retry with the same client id answers the original
   * (`created: false`). `ordered`, when given, is called once the message's place
   * among the channel's messages is settled before it is stored: a later send from the same
   * sender may start then and still come after it (the store runs a channel's sends in call order).
   */
  async send(
    actor: Actor,
    cid: string,
    body: SendMessageBody,
    ordered?: () => void,
  ): Promise<{ message: MessageResponse; created: boolean }> {
    const m = body.message;
    const id = m.id ?? newMessageId();
    // A reply kept in its thread does not make the channel active.
    const shown = !m.parent_id || (m.show_in_channel ?? false);
    let sent: ChannelEnvelope;
    try {
      const now = iso(this.clock());
      // Keyed by channel: the channel's sends commit in the order they were asked for.
      const stored = this.store.transaction(async (tx) => {
        // The seq first, with the sender's standing in the same statement on PostgreSQL; a send
        // the checks refuse rolls back, its seq with it.
        const standing = await tx.channels.nextSeqWithStanding(cid, actor.userId, now, shown);
        const ctx = await standingContext(tx, this.types, actor, standing, "CreateMessage");
        const plan = await checkSend(tx, ctx, m);
        const pollId = await claimPoll(tx, actor, ctx, m.poll_id);
        return this.insert(tx, actor, ctx, id, plan, shown, now, pollId);
      }, cid);
      ordered?.();
      sent = await stored;
    } catch (err) {
      // A retry finds its message stored (its insert, or a check it no longer passes, failed):
      // it is answered the original. Looked up only then, not before every send.
      const prior = body.message.id === undefined ? undefined : await this.existing(actor, cid, id);
      if (prior) return { message: prior, created: false };
      throw err;
    }
    return { message: (sent.event as { message: MessageResponse }).message, created: true };
  }

  /** Stores the message and emits its events; answers the `message.new` envelope. */
  private async insert(
    tx: UnitOfWork,
    actor: Actor,
    ctx: ChannelContext,
    id: string,
    plan: SendPlan,
    shown: boolean,
    now: string,
    pollId: string | null = null,
  ) {
    // The channel as its seq's allocation left it (`nextSeqWithStanding`).
    const channelRow = ctx.channel;
    const { cid } = channelRow;
    const seq = channelRow.last_seq;
    const row: MessageRow = {
      id,
      cid,
      user_id: actor.userId,
      type: "regular",
      text: plan.text,
      created_at: now,
      updated_at: now,
      edited_at: null,
      deleted_at: null,
      seq,
      parent_id: plan.parent?.id ?? null,
      show_in_channel: plan.parent !== undefined && plan.showInChannel,
      reply_count: 0,
      last_reply_at: null,
      mentioned_users: plan.mentions,
      attachments: plan.attachments,
      pinned_at: null,
      pinned_by_id: null,
      poll_id: pollId,
    };
    // The sender was read with the channel.
    const user = ctx.user;
    if (!user) throw notFound("user");
    const message = await renderNewMessage(tx, { message: row, user });
    const { env, row: eventRow } = channelEvent(
      channelRow,
      now,
      { type: "message.new", message, user: message.user },
      seq,
    );
    const audience = await tx.messages.insertNew(row, eventRow, shown);
    tx.emit(env);
    // A new message has no mentions to clear.
    if (plan.mentions.length > 0) await tx.conversation.setMentions(id, cid, seq, plan.mentions);
    await tx.uploads.attach(
      plan.attachments.map((a) => a.id),
      id,
    );
    if (plan.parent) await this.bumpThread(tx, ctx, plan.parent, actor.userId, seq, now);
    if (!audience) return env;
    const { hidden, muters } = audience;
    const readers = await readersOf(tx, this.types, channelRow, audience);
    const channel = toChannelResponse(channelRow, ctx.config);
    const muting = new Set(muters);
    tx.emit({
      kind: "users",
      userIds: readers.filter((m) => !muting.has(m)),
      event: { type: "notification.message_new", cid, channel, message, created_at: now },
      skipWatchersOf: cid,
    });
    // Nearly always nobody hid the channel, and the UPDATE is skipped.
    const unhidden = hidden.length > 0 ? await tx.members.unhideAll(cid) : [];
    const readable = new Set(readers);
    for (const userId of unhidden.filter((u) => readable.has(u))) {
      tx.emit({
        kind: "users",
        userIds: [userId],
        event: { type: "channel.visible", cid, channel, created_at: now },
      });
    }
    return env;
  }

  /** A reply updates its parent's summary and makes the replier a thread member. */
  private async bumpThread(
    tx: UnitOfWork,
    ctx: ChannelContext,
    parent: MessageRow,
    userId: string,
    seq: number,
    now: string,
  ) {
    const cid = ctx.channel.cid;
    await tx.messages.addReply(parent.id, now);
    for (const member of new Set([parent.user_id, userId])) {
      await tx.conversation.addThreadMember({
        parent_id: parent.id,
        user_id: member,
        cid,
        last_read_seq: parent.seq,
      });
    }
    await tx.conversation.setThreadRead(parent.id, userId, seq);
    const updated = (await tx.messages.getWithUser(parent.id))!;
    const message = await renderMessage(tx, updated, null);
    await appendEvent(tx, ctx.channel, now, { type: "thread.updated", message });
  }

  async get(actor: Actor, id: string): Promise<MessageResponse> {
    const { row } = await this.readable(actor, id);
    return renderMessage(this.store, row, actor.userId);
  }

  /** Loads a message the actor may read (404 when truncated away). */
  async readable(actor: Actor, id: string): Promise<{ row: MessageWithUser; ctx: ChannelContext }> {
    const row = await this.store.messages.getWithUser(id);
    if (!row) throw notFound("message");
    const ctx = await loadChannel(this.store, this.types, actor, row.message.cid, "ReadChannel");
    if (row.message.seq <= ctx.channel.truncated_seq) throw notFound("message");
    return { row, ctx };
  }

  async update(actor: Actor, id: string, text: string): Promise<MessageResponse> {
    return this.change(actor, id, "UpdateMessage", async (tx, m, ctx) => {
      if (m.type === "deleted")
        throw new DomainError(ErrorCode.badRequest, "a deleted message cannot be edited");
      if (m.type === "system")
        throw new DomainError(ErrorCode.badRequest, "a system message cannot be edited");
      const clean = checkText(text, ctx);
      if (clean === m.text) return null;
      const versions = await tx.conversation.versions(id, -1, 1);
      await tx.conversation.addVersion({
        message_id: id,
        version: (versions[0]?.version ?? 0) + 1,
        text: m.text,
        user_id: m.user_id,
        created_at: m.edited_at ?? m.created_at,
      });
      const now = iso(this.clock());
      return { text: clean, edited_at: now, updated_at: now };
    });
  }

  async delete(actor: Actor, id: string): Promise<MessageResponse> {
    const removed: string[] = [];
    const message = await this.change(actor, id, "DeleteMessage", async (tx, m) => {
      if (m.type === "deleted") return null;
      const now = iso(this.clock());
      for (const u of await tx.uploads.markDeleted(id, now)) removed.push(u.storage_key);
      await tx.conversation.setMentions(id, m.cid, m.seq, []);
      await tx.conversation.deleteVersions(id);
      return {
        type: "deleted",
        text: "",
        deleted_at: now,
        updated_at: now,
        pinned_at: null,
        pinned_by_id: null,
      };
    });
    if (removed.length > 0) this.onFilesRemoved(removed);
    return message;
  }

  async page(actor: Actor, cid: string, p: MessagePagination): Promise<MessageResponse[]> {
    const ctx = await loadChannel(this.store, this.types, actor, cid, "ReadChannel");
    return this.pageFor(ctx, p);
  }

  async replies(actor: Actor, parentId: string, p: MessagePagination): Promise<MessageResponse[]> {
    const { row, ctx } = await this.readable(actor, parentId);
    if (row.message.parent_id) throw invalid("id", "a reply has no thread of its own");
    return this.pageFor(ctx, p, parentId);
  }

  /** A page of history, oldest first; the anchor message must belong to the same list. */
  async pageFor(ctx: ChannelContext, p: MessagePagination, parentId?: string): Promise<MessageResponse[]> {
    return renderMessages(this.store, await this.pageRows(ctx, p, parentId), ctx.actor.userId);
  }

  /** The newest `limit` messages of each channel, not yet rendered: a channel list's pages, read at once. */
  async newestPageRows(contexts: readonly ChannelContext[], limit: number): Promise<MessageWithUser[][]> {
    const pages = await this.store.messages.newestPages(
      contexts.map(({ channel }) => ({ cid: channel.cid, afterSeq: channel.truncated_seq })),
      limit,
    );
    return contexts.map(({ channel }) => pages.get(channel.cid) ?? []);
  }

  /** `pageFor`'s rows, not yet rendered. */
  async pageRows(ctx: ChannelContext, p: MessagePagination, parentId?: string): Promise<MessageWithUser[]> {
    const cid = ctx.channel.cid;
    const limit = p.limit ?? DEFAULT_PAGE_SIZE;
    const base = { cid, afterSeq: ctx.channel.truncated_seq, parentId };
    const anchorSeq = async (id: string, field: string) => {
      const m = await this.store.messages.get(id);
      if (!m || m.cid !== cid) throw invalid(field, `message ${id} is not in this channel`);
      return m.seq;
    };
    let rows: MessageWithUser[];
    if (p.id_around) {
      const seq = await anchorSeq(p.id_around, "id_around");
      const before = await this.store.messages.page({
        ...base,
        seqLt: seq + 1,
        limit: Math.ceil(limit / 2) + 1,
      });
      const after = await this.store.messages.page({ ...base, seqGt: seq, limit: Math.floor(limit / 2) });
      rows = [...before, ...after];
    } else if (p.id_gt) {
      rows = await this.store.messages.page({ ...base, seqGt: await anchorSeq(p.id_gt, "id_gt"), limit });
    } else if (p.id_lt) {
      rows = await this.store.messages.page({ ...base, seqLt: await anchorSeq(p.id_lt, "id_lt"), limit });
    } else {
      rows = await this.store.messages.page({ ...base, limit });
    }
    return rows;
  }

  /** Loads, checks `action`, patches and emits `message.updated`/`message.deleted` in one transaction. */
  async change(
    actor: Actor,
    id: string,
    action: "UpdateMessage" | "DeleteMessage" | "PinMessage",
    patchOf: (tx: Repos, m: MessageRow, ctx: ChannelContext) => Promise<Partial<MessageRow> | null>,
  ): Promise<MessageResponse> {
    const found = await this.store.messages.get(id);
    if (!found) throw notFound("message");
    return this.store.transaction(async (tx) => {
      const ctx = await loadChannel(tx, this.types, actor, found.cid, action, found.user_id, { lock: true });
      const current = (await tx.messages.getWithUser(id))!;
      if (current.message.seq <= ctx.channel.truncated_seq) throw notFound("message");
      const patch = await patchOf(tx, current.message, ctx);
      if (!patch) return renderMessage(tx, current, actor.userId);
      await tx.messages.update(id, patch);
      const next = { message: { ...current.message, ...patch }, user: current.user };
      const message = await renderMessage(tx, next, null);
      const type = action === "DeleteMessage" ? "message.deleted" : "message.updated";
      const at = patch.updated_at ?? iso(this.clock());
      await appendEvent(tx, ctx.channel, at, { type, message, user: message.user });
      return renderMessage(tx, next, actor.userId);
    });
  }

  private async existing(actor: Actor, cid: string, id: string): Promise<MessageResponse | undefined> {
    const prior = await this.store.messages.getWithUser(id);
    if (!prior) return undefined;
    if (prior.message.cid !== cid || prior.message.user_id !== actor.userId) {
      throw new DomainError(ErrorCode.conflict, `message id ${id} is already taken`);
    }
    // The original, with today's reactions and replies, only for a sender who may still post
    // there; anyone else gets the refusal their send got.
    try {
      await loadChannel(this.store, this.types, actor, cid, "CreateMessage");
    } catch (err) {
      if (err instanceof DomainError && err.code !== ErrorCode.unavailable) return undefined;
      throw err;
    }
    return renderMessage(this.store, prior, actor.userId);
  }
}
