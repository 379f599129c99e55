import { beforeAll, describe, expect, it } from "vitest";
import { ONE_SCAN_WINDOW } from "../../../src/store/kysely/message-repos.js";
import type { ChannelRow, EventRow, MessageRow, ReadPosition, UserRow } from "../../../src/store/store.js";
import {
  addChannel,
  addMessages,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

/** SQLite's trigger and PostgreSQL's unique index both name what they refused. */
const DUPLICATE_SEQ = /messages\.cid, messages\.seq|"messages_seq"/;

export function messagesContract(ctx: ContractContext): void {
  describe("messages", () => {
    it("inserts and reads a message, with and without its user", async () => {
      const ch = await addChannel(ctx.store);
      const u = await addUser(ctx.store, { name: "Writer" });
      const row = messageRow(ch.cid, u.id, 1);
      await ctx.store.messages.insert(row);
      const got = await ctx.store.messages.get(row.id);
      expect(got).toEqual(row);
      expect(typeof got?.seq).toBe("number");
      expect(await ctx.store.messages.getWithUser(row.id)).toEqual({ message: row, user: u });
      expect(await ctx.store.messages.get(fresh("none"))).toBeUndefined();
      expect(await ctx.store.messages.getWithUser(fresh("none"))).toBeUndefined();
    });

    it("update patches a message", async () => {
      const ch = await addChannel(ctx.store);
      const u = await addUser(ctx.store);
      const row = messageRow(ch.cid, u.id, 1);
      await ctx.store.messages.insert(row);
      const patch = { type: "deleted", text: "", deleted_at: at(7), updated_at: at(7), edited_at: at(6) };
      await ctx.store.messages.update(row.id, patch);
      expect(await ctx.store.messages.get(row.id)).toEqual({ ...row, ...patch });
    });

    it("answers the flag and the JSON columns as they were written, on every read", async () => {
      const ch = await addChannel(ctx.store);
      const u = await addUser(ctx.store);
      const parent = messageRow(ch.cid, u.id, 1);
      const file = {
        id: fresh("f"),
        type: "image" as const,
        name: "a.png",
        mime: "image/png",
        size: 3,
        width: 1,
        height: 2,
        url: "/chat/uploads/f",
      };
      const reply = messageRow(ch.cid, u.id, 2, {
        parent_id: parent.id,
        show_in_channel: true,
        mentioned_users: [u.id, "someone"],
        attachments: [file],
      });
      await ctx.store.messages.insert(parent);
      const event = { cid: ch.cid, seq: 2, type: "message.new", payload: "{}", created_at: at(2) };
      await ctx.store.messages.insertNew(reply, event, true);
      expect(await ctx.store.messages.get(reply.id)).toEqual(reply);
      const page = await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, limit: 10 });
      expect(page.map((r) => r.message)).toEqual([parent, reply]);
      const patch = { show_in_channel: false, mentioned_users: [], attachments: [{ ...file, size: 4 }] };
      await ctx.store.messages.update(reply.id, patch);
      expect(await ctx.store.messages.get(reply.id)).toEqual({ ...reply, ...patch });
    });

    it("refuses a duplicate id, a duplicate seq in one channel, and an unknown author", async () => {
      const [a, b] = [await addChannel(ctx.store), await addChannel(ctx.store)];
      const u = await addUser(ctx.store);
      const row = messageRow(a.cid, u.id, 1);
      await ctx.store.messages.insert(row);
      await expect(ctx.store.messages.insert({ ...row, seq: 2 })).rejects.toThrow();
      await expect(ctx.store.messages.insert(messageRow(a.cid, u.id, 1))).rejects.toThrow(DUPLICATE_SEQ);
      await ctx.store.messages.insert(messageRow(b.cid, u.id, 1));
      await expect(ctx.store.messages.insert(messageRow(a.cid, fresh("ghost"), 3))).rejects.toThrow();
    });
  });

  describe("messages.insertNew", () => {
    const eventOf = (m: MessageRow): EventRow => ({
      cid: m.cid,
      seq: m.seq,
      type: "message.new",
      payload: JSON.stringify({ type: "message.new", id: m.id }),
      created_at: m.created_at,
    });

    it("stores the message and its event; one shown in the channel moves its sender's read state and answers its audience", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const [sender, other] = [await addUser(store), await addUser(store)];
      for (const u of [sender, other]) await store.members.insert(memberRow(ch.cid, u.id));
      await store.members.update(ch.cid, other.id, { hidden: true });
      await store.moderation.addMute({ user_id: other.id, target_id: sender.id, created_at: at(1) });
      const first = messageRow(ch.cid, sender.id, 1);
      const audience = await store.messages.insertNew(first, eventOf(first), true);
      expect(audience).toEqual({ userIds: expect.any(Array), hidden: [other.id], muters: [other.id] });
      expect(audience?.userIds.sort()).toEqual([sender.id, other.id].sort());
      expect(await store.messages.get(first.id)).toEqual(first);
      expect(await store.events.range(ch.cid, 0, 1, 10)).toEqual([eventOf(first)]);
      expect(await store.members.get(ch.cid, sender.id)).toMatchObject({
        last_read_seq: 1,
        last_read_at: first.created_at,
        last_read_message_id: first.id,
      });
      expect(await store.members.get(ch.cid, other.id)).toEqual(
        memberRow(ch.cid, other.id, { hidden: true }),
      );
      // A reply kept in its thread leaves the sender's read state where it was, and notifies nobody.
      const reply = messageRow(ch.cid, sender.id, 2, { parent_id: first.id });
      expect(await store.messages.insertNew(reply, eventOf(reply), false)).toBeUndefined();
      expect(await store.messages.get(reply.id)).toEqual(reply);
      expect((await store.events.range(ch.cid, 1, 2, 10)).map((e) => e.seq)).toEqual([2]);
      expect((await store.members.get(ch.cid, sender.id))?.last_read_seq).toBe(1);
    });

    it("writes nothing of a message whose event is refused", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const sender = await addUser(store);
      await store.members.insert(memberRow(ch.cid, sender.id));
      const taken = messageRow(ch.cid, sender.id, 1);
      await store.events.insert(eventOf(taken));
      await expect(
        store.transaction((tx) => tx.messages.insertNew(taken, eventOf(taken), true)),
      ).rejects.toThrow();
      expect(await store.messages.get(taken.id)).toBeUndefined();
      expect(await store.members.get(ch.cid, sender.id)).toEqual(memberRow(ch.cid, sender.id));
    });
  });

  describe("messages.page", () => {
    let ch: ChannelRow;
    let u: UserRow;
    let rows: MessageRow[];
    const seqs = (list: { message: MessageRow }[]) => list.map((r) => r.message.seq);

    beforeAll(async () => {
      ch = await addChannel(ctx.store);
      u = await addUser(ctx.store);
      rows = await addMessages(ctx.store, ch.cid, u.id, 10);
      // A neighbour channel's messages must never leak into this one's pages.
      const other = await addChannel(ctx.store);
      await addMessages(ctx.store, other.cid, u.id, 12);
    });

    it("without an anchor: the newest `limit`, oldest first, with their users", async () => {
      const page = await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, limit: 3 });
      expect(page).toEqual(rows.slice(7).map((message) => ({ message, user: u })));
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, limit: 50 }))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
    });

    it("answers each message with its own author when several wrote the page", async () => {
      const mixed = await addChannel(ctx.store);
      const authors = [
        u,
        await addUser(ctx.store, { name: "Second" }),
        await addUser(ctx.store, { name: "Third" }),
      ];
      const written: { message: MessageRow; user: UserRow }[] = [];
      for (let seq = 1; seq <= 7; seq++) {
        const user = authors[(seq * 2) % 3] as UserRow;
        const message = messageRow(mixed.cid, user.id, seq);
        await ctx.store.messages.insert(message);
        written.push({ message, user });
      }
      expect(await ctx.store.messages.page({ cid: mixed.cid, afterSeq: 0, limit: 5 })).toEqual(
        written.slice(2),
      );
      expect(await ctx.store.messages.page({ cid: mixed.cid, afterSeq: 0, seqGt: 1, limit: 2 })).toEqual(
        written.slice(1, 3),
      );
      for (const w of written) expect(await ctx.store.messages.getWithUser(w.message.id)).toEqual(w);
    });

    it("seqLt: the newest `limit` before it", async () => {
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqLt: 6, limit: 3 }))).toEqual([
        3, 4, 5,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqLt: 3, limit: 5 }))).toEqual([
        1, 2,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqLt: 1, limit: 5 }))).toEqual(
        [],
      );
    });

    it("seqGt: the oldest `limit` after it", async () => {
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqGt: 2, limit: 3 }))).toEqual([
        3, 4, 5,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqGt: 8, limit: 5 }))).toEqual([
        9, 10,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 0, seqGt: 10, limit: 5 }))).toEqual(
        [],
      );
    });

    it("afterSeq hides everything up to the truncation point", async () => {
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 6, limit: 50 }))).toEqual([
        7, 8, 9, 10,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 6, seqLt: 9, limit: 50 }))).toEqual([
        7, 8,
      ]);
      expect(seqs(await ctx.store.messages.page({ cid: ch.cid, afterSeq: 6, seqGt: 2, limit: 2 }))).toEqual([
        7, 8,
      ]);
    });
  });

  describe("messages.newestPages", () => {
    it("answers each channel's newest page as page would, in one call", async () => {
      const u = await addUser(ctx.store);
      const [a, b, truncated, empty] = [
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
      ];
      await addMessages(ctx.store, a.cid, u.id, 6);
      await addMessages(ctx.store, truncated.cid, u.id, 5);
      // A thread-only reply is not on the channel's page; one also shown in the channel is.
      await ctx.store.messages.insert(messageRow(b.cid, u.id, 1));
      await ctx.store.messages.insert(messageRow(b.cid, u.id, 2, { parent_id: "p", show_in_channel: false }));
      await ctx.store.messages.insert(messageRow(b.cid, u.id, 3, { parent_id: "p", show_in_channel: true }));
      const wanted = [
        { cid: a.cid, afterSeq: 0 },
        { cid: b.cid, afterSeq: 0 },
        { cid: truncated.cid, afterSeq: 4 },
        { cid: empty.cid, afterSeq: 0 },
      ];
      for (const limit of [1, 3, 25]) {
        const pages = await ctx.store.messages.newestPages(wanted, limit);
        for (const w of wanted) {
          const page = await ctx.store.messages.page({ ...w, limit });
          expect(pages.get(w.cid) ?? []).toEqual(page);
        }
        expect([...pages.keys()].sort()).toEqual([a.cid, b.cid, truncated.cid].sort());
      }
      expect((await ctx.store.messages.newestPages(wanted, 2)).get(b.cid)?.map((m) => m.message.seq)).toEqual(
        [1, 3],
      );
      expect(await ctx.store.messages.newestPages([], 5)).toEqual(new Map());
      expect(await ctx.store.messages.newestPages(wanted, 0)).toEqual(new Map());
    });
  });

  describe("messages: last regular and unread counts", () => {
    it("lastRegular answers the newest regular message after the truncation point", async () => {
      const ch = await addChannel(ctx.store);
      const u = await addUser(ctx.store);
      expect(await ctx.store.messages.lastRegular(ch.cid, 0)).toBeUndefined();
      const rows = await addMessages(ctx.store, ch.cid, u.id, 4);
      await ctx.store.messages.update(rows[3]!.id, { type: "deleted", text: "" });
      expect(await ctx.store.messages.lastRegular(ch.cid, 0)).toEqual(rows[2]);
      expect(await ctx.store.messages.lastRegular(ch.cid, 3)).toBeUndefined();
    });

    it("countUnread counts other people's regular messages after a seq", async () => {
      const ch = await addChannel(ctx.store);
      const [me, you] = [await addUser(ctx.store), await addUser(ctx.store)];
      const kinds: [string, string][] = [
        [you.id, "regular"],
        [me.id, "regular"],
        [you.id, "regular"],
        [you.id, "deleted"],
        [you.id, "system"],
        [you.id, "regular"],
      ];
      for (const [i, [userId, type]] of kinds.entries()) {
        await ctx.store.messages.insert(messageRow(ch.cid, userId, i + 1, { type }));
      }
      expect(await ctx.store.messages.countUnread(ch.cid, me.id, 0)).toBe(3);
      expect(await ctx.store.messages.countUnread(ch.cid, me.id, 1)).toBe(2);
      expect(await ctx.store.messages.countUnread(ch.cid, me.id, 6)).toBe(0);
      expect(await ctx.store.messages.countUnread(ch.cid, you.id, 0)).toBe(1);
    });

    /** One channel's counts, asked for alone. */
    const countOne = async (cid: string, readers: ReadPosition[], truncatedSeq: number, upToSeq: number) =>
      (await ctx.store.messages.countUnreadByChannel([{ cid, readers, truncatedSeq, upToSeq }])).get(cid);

    it("countUnreadByChannel counts each reader's unread from the read point it is given", async () => {
      const ch = await addChannel(ctx.store);
      const [me, you, them] = [await addUser(ctx.store), await addUser(ctx.store), await addUser(ctx.store)];
      const rows: [string, Partial<MessageRow>][] = [
        [you.id, {}],
        [me.id, {}],
        [you.id, {}],
        [you.id, { type: "deleted" }],
        [you.id, { type: "system" }],
        [you.id, {}],
        [you.id, { parent_id: "p", show_in_channel: false }],
        [you.id, { parent_id: "p", show_in_channel: true }],
      ];
      for (const [i, [userId, over]] of rows.entries()) {
        await ctx.store.messages.insert(messageRow(ch.cid, userId, i + 1, over));
      }
      const readers = [
        { user_id: me.id, last_read_seq: 1 },
        { user_id: you.id, last_read_seq: 0 },
        { user_id: them.id, last_read_seq: 5 },
      ];
      const counts = (truncated: number, upTo: number) => countOne(ch.cid, readers, truncated, upTo);
      expect(await counts(0, 8)).toEqual(
        new Map([
          [me.id, 3],
          [you.id, 1],
          [them.id, 2],
        ]),
      );
      expect(await counts(0, 7)).toEqual(
        new Map([
          [me.id, 2],
          [you.id, 1],
          [them.id, 1],
        ]),
      );
      expect(await counts(3, 8)).toEqual(
        new Map([
          [me.id, 2],
          [you.id, 0],
          [them.id, 2],
        ]),
      );
      expect(await counts(8, 8)).toEqual(
        new Map([
          [me.id, 0],
          [you.id, 0],
          [them.id, 0],
        ]),
      );
      expect(await countOne(ch.cid, [], 0, 8)).toEqual(new Map());
    });

    it("countUnreadByChannel agrees across a backlog longer than one scan's window", async () => {
      const ch = await addChannel(ctx.store);
      const [me, you] = [await addUser(ctx.store), await addUser(ctx.store)];
      const end = 2 * ONE_SCAN_WINDOW;
      for (const [seq, userId] of [
        [1, you.id],
        [ONE_SCAN_WINDOW + 2, you.id],
        [end - 1, you.id],
        [end, me.id],
      ] as const) {
        await ctx.store.messages.insert(messageRow(ch.cid, userId, seq));
      }
      // Read points far apart: counted per reader. Close together: counted in one scan.
      const far = [
        { user_id: me.id, last_read_seq: 0 },
        { user_id: you.id, last_read_seq: end - 1 },
      ];
      expect(await countOne(ch.cid, far, 0, end)).toEqual(
        new Map([
          [me.id, 3],
          [you.id, 1],
        ]),
      );
      const near = [
        { user_id: me.id, last_read_seq: ONE_SCAN_WINDOW + 1 },
        { user_id: you.id, last_read_seq: end - 1 },
      ];
      expect(await countOne(ch.cid, near, 0, end)).toEqual(
        new Map([
          [me.id, 2],
          [you.id, 1],
        ]),
      );
      expect(await countOne(ch.cid, far, 1, end)).toEqual(
        new Map([
          [me.id, 2],
          [you.id, 1],
        ]),
      );
      expect(await countOne(ch.cid, far, end - 2, end)).toEqual(
        new Map([
          [me.id, 1],
          [you.id, 1],
        ]),
      );
    });

    it("countUnreadByChannel counts several channels at once as it counts each alone", async () => {
      const [me, you] = [await addUser(ctx.store), await addUser(ctx.store)];
      const [near, far, quiet, nobody] = [
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
      ];
      for (let seq = 1; seq <= 6; seq++) {
        await ctx.store.messages.insert(messageRow(near.cid, seq % 2 ? you.id : me.id, seq));
        await ctx.store.messages.insert(messageRow(quiet.cid, you.id, seq));
      }
      const end = ONE_SCAN_WINDOW + 10;
      for (const seq of [2, ONE_SCAN_WINDOW + 5, end])
        await ctx.store.messages.insert(messageRow(far.cid, you.id, seq));
      const queries = [
        {
          cid: near.cid,
          readers: [
            { user_id: me.id, last_read_seq: 2 },
            { user_id: you.id, last_read_seq: 0 },
          ],
          truncatedSeq: 1,
          upToSeq: 6,
        },
        {
          cid: far.cid,
          readers: [
            { user_id: me.id, last_read_seq: 0 },
            { user_id: you.id, last_read_seq: end },
          ],
          truncatedSeq: 0,
          upToSeq: end,
        },
        { cid: quiet.cid, readers: [{ user_id: me.id, last_read_seq: 6 }], truncatedSeq: 0, upToSeq: 6 },
        { cid: nobody.cid, readers: [], truncatedSeq: 0, upToSeq: 0 },
      ];
      const all = await ctx.store.messages.countUnreadByChannel(queries);
      expect(all).toEqual(
        new Map([
          [
            near.cid,
            new Map([
              [me.id, 2],
              [you.id, 3],
            ]),
          ],
          [
            far.cid,
            new Map([
              [me.id, 3],
              [you.id, 0],
            ]),
          ],
          [quiet.cid, new Map([[me.id, 0]])],
          [nobody.cid, new Map()],
        ]),
      );
      for (const q of queries)
        expect(await countOne(q.cid, [...q.readers], q.truncatedSeq, q.upToSeq)).toEqual(all.get(q.cid));
    });

    it("unreadForUser counts per channel after the read point and the truncation point", async () => {
      const { store } = ctx;
      const [me, you] = [await addUser(store), await addUser(store)];
      const read = await addChannel(store);
      const truncated = await addChannel(store, { truncated_seq: 4 });
      const empty = await addChannel(store);
      const gone = await addChannel(store);
      const notMine = await addChannel(store);
      await store.members.insert({
        cid: read.cid,
        user_id: me.id,
        role: "channel_member",
        created_at: at(0),
        hidden: false,
        muted: true,
        last_read_at: at(2),
        last_read_message_id: null,
        last_read_seq: 2,
        notify_level: "default",
        muted_until: null,
        starred: false,
      });
      for (const ch of [truncated, empty, gone]) {
        await store.members.insert({
          cid: ch.cid,
          user_id: me.id,
          role: "channel_member",
          created_at: at(0),
          hidden: false,
          muted: false,
          last_read_at: null,
          last_read_message_id: null,
          last_read_seq: 0,
          notify_level: "default",
          muted_until: null,
          starred: false,
        });
      }
      await addMessages(store, read.cid, you.id, 5);
      await store.messages.insert(messageRow(read.cid, me.id, 6));
      await addMessages(store, truncated.cid, you.id, 6);
      await addMessages(store, gone.cid, you.id, 2);
      await store.channels.update(gone.cid, { deleted_at: at(9) });
      await addMessages(store, notMine.cid, you.id, 2);
      const rows = await store.messages.unreadForUser(me.id);
      expect(rows.sort((a, b) => (a.cid < b.cid ? -1 : 1))).toEqual(
        [
          { cid: read.cid, unread_count: 3, last_read_at: at(2), muted: true },
          { cid: truncated.cid, unread_count: 2, last_read_at: null, muted: false },
          { cid: empty.cid, unread_count: 0, last_read_at: null, muted: false },
        ].sort((a, b) => (a.cid < b.cid ? -1 : 1)),
      );
      expect(await store.messages.unreadForUser(fresh("nobody"))).toEqual([]);
    });
  });
}
