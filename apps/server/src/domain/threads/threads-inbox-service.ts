import {
  THREAD_LATEST_REPLIES,
  THREAD_PARTICIPANTS_SHOWN,
  THREADS_PAGE_SIZE,
  type ThreadSummary,
  type ThreadsQuery,
  type ThreadsResponse,
} from "@parley/protocol";
import type { ChannelRow, MessageWithUser, Store, ThreadInboxRow, UserRow } from "../../store/store.js";
import type { Actor } from "../auth/chat-tokens.js";
import type { ChannelTypes } from "../channels/channel-types.js";
import { hiddenKinds } from "../channels/readable.js";
import type { Clock } from "../clock.js";
import { renderMessages } from "../messages/message-view.js";
import { toUserResponse } from "../users/serialize.js";
import { decodeThreadsCursor, encodeThreadsCursor } from "./threads-cursor.js";

/**
 * The threads inbox: the threads the user takes part in (wrote the parent or a reply, the rule of
 * `countsAsUnreadReply`), in channels they are a member of and may read now, newest reply first.
 */
export class ThreadsInboxService {
  constructor(
    private readonly store: Store,
    private readonly types: ChannelTypes,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, query: ThreadsQuery): Promise<ThreadsResponse> {
    const limit = query.limit ?? THREADS_PAGE_SIZE;
    const after = query.next === undefined ? undefined : decodeThreadsCursor(query.next);
    const hide = await hiddenKinds(this.types, actor);
    const found = await this.store.threads.inbox({ userId: actor.userId, hide, after, limit: limit + 1 });
    const page = found.slice(0, limit);
    const threads = await this.summaries(actor, page);
    const last = page.at(-1);
    return found.length > limit && last
      ? { threads, next: encodeThreadsCursor({ lastReplyAt: last.last_reply_at, parentId: last.parent_id }) }
      : { threads };
  }

  private async summaries(actor: Actor, page: readonly ThreadInboxRow[]): Promise<ThreadSummary[]> {
    if (page.length === 0) return [];
    const ids = page.map((t) => t.parent_id);
    const channels = new Map<string, ChannelRow>();
    for (const cid of new Set(page.map((t) => t.cid))) {
      const c = await this.store.channels.get(cid);
      if (c) channels.set(cid, c);
    }
    const [unread, participants] = await Promise.all([
      this.store.threads.unreadFor(actor.userId, ids),
      this.store.threads.participantsFor(ids),
    ]);
    const parents: MessageWithUser[] = [];
    const replies: MessageWithUser[][] = [];
    for (const t of page) {
      const parent = await this.store.messages.getWithUser(t.parent_id);
      if (!parent) continue;
      parents.push(parent);
      replies.push(
        await this.store.messages.page({
          cid: t.cid,
          afterSeq: channels.get(t.cid)?.truncated_seq ?? 0,
          parentId: t.parent_id,
          limit: THREAD_LATEST_REPLIES,
        }),
      );
    }
    const rendered = await renderMessages(this.store, [...parents, ...replies.flat()], actor.userId);
    const byId = new Map(rendered.map((m) => [m.id, m]));
    const shownIds = new Set<string>();
    const shown = new Map<string, string[]>();
    for (const p of parents) {
      const all = participants.get(p.message.id) ?? [];
      const ordered = [p.message.user_id, ...all.filter((u) => u !== p.message.user_id)];
      const first = ordered.slice(0, THREAD_PARTICIPANTS_SHOWN);
      shown.set(p.message.id, first);
      for (const u of first) shownIds.add(u);
    }
    const users = new Map<string, UserRow>(
      (await this.store.users.getMany([...shownIds])).map((u) => [u.id, u]),
    );
    const now = this.clock();
    return parents.flatMap((p, i): ThreadSummary[] => {
      const channel = channels.get(p.message.cid);
      const parent = byId.get(p.message.id);
      if (!channel || !parent) return [];
      const all = participants.get(p.message.id) ?? [];
      return [
        {
          parent,
          channel: {
            cid: channel.cid,
            type: channel.type,
            id: channel.id,
            name: channel.name,
            image: channel.image,
            is_direct: Boolean(channel.is_direct),
          },
          reply_count: p.message.reply_count,
          last_reply_at: p.message.last_reply_at ?? p.message.created_at,
          latest_replies: (replies[i] ?? []).flatMap((r) => byId.get(r.message.id) ?? []),
          participants: (shown.get(p.message.id) ?? []).flatMap((u) => {
            const row = users.get(u);
            return row ? [toUserResponse(row, now)] : [];
          }),
          participant_count: new Set([p.message.user_id, ...all]).size,
          unread_replies: unread.get(p.message.id) ?? 0,
        },
      ];
    });
  }
}
