import { describe, expect, it } from "vitest";
import type { ChannelRow, Repos, UserRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

async function scene(store: Repos) {
  const ch = await addChannel(store);
  const [me, you] = [await addUser(store), await addUser(store)];
  await store.members.insert(memberRow(ch.cid, me.id));
  await store.members.insert(memberRow(ch.cid, you.id));
  return { ch, me, you };
}

export function conversationContract(ctx: ContractContext): void {
  describe("conversation: versions and reactions", () => {
    it("keeps message versions, oldest or newest first", async () => {
      const { ch, me } = await scene(ctx.store);
      const m = messageRow(ch.cid, me.id, 1);
      await ctx.store.messages.insert(m);
      const v = (version: number) => ({
        message_id: m.id,
        version,
        text: `v${version}`,
        user_id: me.id,
        created_at: at(version),
      });
      for (const n of [2, 1, 3]) await ctx.store.conversation.addVersion(v(n));
      expect(await ctx.store.conversation.versions(m.id, 1, 10)).toEqual([v(1), v(2), v(3)]);
      expect(await ctx.store.conversation.versions(m.id, -1, 2)).toEqual([v(3), v(2)]);
      await expect(ctx.store.conversation.addVersion(v(2))).rejects.toThrow();
    });

    it("adds a reaction once per user and type, lists and removes it", async () => {
      const { ch, me, you } = await scene(ctx.store);
      const [m1, m2] = [messageRow(ch.cid, me.id, 1), messageRow(ch.cid, me.id, 2)];
      for (const m of [m1, m2]) await ctx.store.messages.insert(m);
      const r = (messageId: string, userId: string, type: string, sec: number) => ({
        message_id: messageId,
        user_id: userId,
        type,
        created_at: at(sec),
      });
      const c = ctx.store.conversation;
      expect(await c.addReaction(r(m1.id, me.id, "like", 1))).toBe(true);
      expect(await c.addReaction(r(m1.id, me.id, "like", 2))).toBe(false);
      expect(await c.addReaction(r(m1.id, me.id, "love", 3))).toBe(true);
      expect(await c.addReaction(r(m1.id, you.id, "like", 4))).toBe(true);
      expect(await c.addReaction(r(m2.id, you.id, "wow", 5))).toBe(true);
      expect(await c.userReactions(m1.id, me.id)).toEqual([
        r(m1.id, me.id, "like", 1),
        r(m1.id, me.id, "love", 3),
      ]);
      expect(await c.reactionsFor([])).toEqual([]);
      expect(await c.reactionsFor([m1.id, m2.id])).toEqual([
        r(m2.id, you.id, "wow", 5),
        r(m1.id, you.id, "like", 4),
        r(m1.id, me.id, "love", 3),
        r(m1.id, me.id, "like", 1),
      ]);
      expect(await c.removeReaction(m1.id, me.id, "like")).toEqual(r(m1.id, me.id, "like", 1));
      expect(await c.removeReaction(m1.id, me.id, "like")).toBeUndefined();
      expect(await c.userReactions(m1.id, me.id)).toEqual([r(m1.id, me.id, "love", 3)]);
    });
  });

  describe("conversation: mentions, threads, pins", () => {
    it("counts unread mentions per channel after the read and truncation points", async () => {
      const { ch, me, you } = await scene(ctx.store);
      const c = ctx.store.conversation;
      const msgs = [1, 2, 3, 4].map((seq) => messageRow(ch.cid, you.id, seq));
      for (const m of msgs) await ctx.store.messages.insert(m);
      for (const m of msgs) await c.setMentions(m.id, ch.cid, m.seq, [me.id]);
      await c.setMentions(msgs[3]!.id, ch.cid, 4, []);
      await ctx.store.messages.update(msgs[2]!.id, { type: "deleted" });
      expect(await c.unreadMentions(me.id)).toEqual([{ cid: ch.cid, n: 2 }]);
      await ctx.store.members.update(ch.cid, me.id, { last_read_seq: 1 });
      expect(await c.unreadMentions(me.id)).toEqual([{ cid: ch.cid, n: 1 }]);
      await ctx.store.channels.update(ch.cid, { truncated_seq: 2 });
      expect(await c.unreadMentions(me.id)).toEqual([]);
      expect(await c.unreadMentions(you.id)).toEqual([]);
    });

    it("tracks thread members and their unread replies", async () => {
      const { ch, me, you } = await scene(ctx.store);
      const c = ctx.store.conversation;
      const parent = messageRow(ch.cid, me.id, 1);
      await ctx.store.messages.insert(parent);
      const replies = [2, 3, 4].map((seq) => messageRow(ch.cid, you.id, seq, { parent_id: parent.id }));
      for (const m of replies) await ctx.store.messages.insert(m);
      await ctx.store.messages.insert(messageRow(ch.cid, me.id, 5, { parent_id: parent.id }));
      const tm = { parent_id: parent.id, user_id: me.id, cid: ch.cid, last_read_seq: 1 };
      await c.addThreadMember(tm);
      await c.addThreadMember({ ...tm, last_read_seq: 99 });
      expect(await c.threadMember(parent.id, me.id)).toEqual(tm);
      expect(await c.threadMember(parent.id, you.id)).toBeUndefined();
      expect(await c.unreadThreads(me.id)).toEqual([{ parent_id: parent.id, cid: ch.cid, n: 3 }]);
      await c.setThreadRead(parent.id, me.id, 3);
      await c.setThreadRead(parent.id, me.id, 2);
      expect((await c.threadMember(parent.id, me.id))?.last_read_seq).toBe(3);
      expect(await c.unreadThreads(me.id)).toEqual([{ parent_id: parent.id, cid: ch.cid, n: 1 }]);
      await c.addThreadMember({ ...tm, user_id: you.id });
      expect(await c.threadMembersFor([])).toEqual([]);
      const members = await c.threadMembersFor([parent.id]);
      expect(members.map((m) => m.user_id).sort()).toEqual([me.id, you.id].sort());
    });

    it("lists pinned regular messages after the truncation point, newest pin first", async () => {
      const { ch, me } = await scene(ctx.store);
      const pin = (seq: number, pinnedSec: number | null, type = "regular") =>
        messageRow(ch.cid, me.id, seq, {
          type,
          pinned_at: pinnedSec === null ? null : at(pinnedSec),
          pinned_by_id: me.id,
        });
      const rows = [pin(1, 50), pin(2, 10), pin(3, 30), pin(4, null), pin(5, 40, "deleted")];
      for (const r of rows) await ctx.store.messages.insert(r);
      const pinned = await ctx.store.conversation.pinned(ch.cid, 0, 10);
      expect(pinned.map((p) => p.message.seq)).toEqual([1, 3, 2]);
      expect(pinned[0]).toEqual({ message: rows[0], user: me });
      expect((await ctx.store.conversation.pinned(ch.cid, 1, 1)).map((p) => p.message.seq)).toEqual([3]);
    });
  });

  describe("thread replies in channel reads", () => {
    it("pages a thread's replies; the channel shows only replies also sent to it", async () => {
      const { ch, me, you } = await scene(ctx.store);
      const parent = messageRow(ch.cid, me.id, 1);
      const hidden = messageRow(ch.cid, you.id, 2, { parent_id: parent.id });
      const shown = messageRow(ch.cid, you.id, 3, { parent_id: parent.id, show_in_channel: true });
      for (const m of [parent, hidden, shown]) await ctx.store.messages.insert(m);
      const page = (parentId?: string) =>
        ctx.store.messages
          .page({ cid: ch.cid, afterSeq: 0, limit: 10, parentId })
          .then((rows) => rows.map((r) => r.message.seq));
      expect(await page()).toEqual([1, 3]);
      expect(await page(parent.id)).toEqual([2, 3]);
      expect(await ctx.store.messages.countUnread(ch.cid, me.id, 0)).toBe(1);
      expect((await ctx.store.messages.lastRegular(ch.cid, 0))?.id).toBe(shown.id);
      const unread = await ctx.store.messages.unreadForUser(me.id);
      expect(unread.find((u) => u.cid === ch.cid)?.unread_count).toBe(1);
    });

    it("members.forUsers answers which of the given users are members", async () => {
      const { ch, me, you } = await scene(ctx.store);
      const stranger: UserRow = await addUser(ctx.store);
      const other: ChannelRow = await addChannel(ctx.store);
      await ctx.store.members.insert(memberRow(other.cid, stranger.id));
      expect(await ctx.store.members.forUsers(ch.cid, [])).toEqual([]);
      const found = await ctx.store.members.forUsers(ch.cid, [you.id, stranger.id, me.id, fresh("nobody")]);
      expect(found.sort()).toEqual([me.id, you.id].sort());
    });
  });
}
