import { describe, expect, it } from "vitest";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  channelRow,
  ensureTypes,
  fresh,
  memberRow,
} from "../../../src/store/testing/fixtures.js";

export function channelsContract(ctx: ContractContext): void {
  describe("channel types", () => {
    it("puts, reads, and replaces the config on a second put", async () => {
      const name = fresh("type");
      expect(await ctx.store.channelTypes.get(name)).toBeUndefined();
      const row = { name, config: { max_message_length: 1 }, created_at: at(1), policies: null };
      await ctx.store.channelTypes.put(row);
      expect(await ctx.store.channelTypes.get(name)).toEqual(row);
      const replaced = { max_message_length: 2 };
      await ctx.store.channelTypes.put({ name, config: replaced, created_at: at(9), policies: null });
      expect(await ctx.store.channelTypes.get(name)).toEqual({ ...row, config: replaced });
    });
  });

  describe("channels", () => {
    it("inserts and reads a channel, counters as numbers", async () => {
      const row = await addChannel(ctx.store, {
        name: "General",
        member_count: 3,
        is_direct: true,
        last_seq: 7,
      });
      const got = await ctx.store.channels.get(row.cid);
      expect(got).toEqual(row);
      expect(typeof got?.last_seq).toBe("number");
      expect(typeof got?.truncated_seq).toBe("number");
      expect(typeof got?.member_count).toBe("number");
      expect(await ctx.store.channels.get(`contract:${fresh("none")}`)).toBeUndefined();
    });

    it("refuses a channel of an unknown type and a duplicate cid", async () => {
      await ensureTypes(ctx.store);
      await expect(ctx.store.channels.insert(channelRow({ type: fresh("notype") }))).rejects.toThrow();
      const row = await addChannel(ctx.store);
      await expect(ctx.store.channels.insert(row)).rejects.toThrow();
    });

    it("update patches the given fields and answers the whole row", async () => {
      const row = await addChannel(ctx.store);
      const updated = await ctx.store.channels.update(row.cid, {
        name: "Renamed",
        last_message_at: at(5),
        truncated_seq: 4,
        updated_at: at(5),
      });
      const expected = {
        ...row,
        name: "Renamed",
        last_message_at: at(5),
        truncated_seq: 4,
        updated_at: at(5),
      };
      expect(updated).toEqual(expected);
      expect(await ctx.store.channels.get(row.cid)).toEqual(expected);
    });

    it("update of an unknown channel fails", async () => {
      await expect(ctx.store.channels.update(`contract:${fresh("none")}`, { name: "x" })).rejects.toThrow();
    });

    it("nextSeq counts 1, 2, 3 per channel, each channel on its own", async () => {
      const a = await addChannel(ctx.store);
      const b = await addChannel(ctx.store);
      expect(await ctx.store.channels.nextSeq(a.cid)).toBe(1);
      expect(await ctx.store.channels.nextSeq(a.cid)).toBe(2);
      expect(await ctx.store.channels.nextSeq(b.cid)).toBe(1);
      expect(await ctx.store.channels.nextSeq(a.cid)).toBe(3);
      expect((await ctx.store.channels.get(a.cid))?.last_seq).toBe(3);
    });

    it("nextSeqWithStanding counts on with nextSeq, answering the channel as it is after with the user's standing", async () => {
      const { store } = ctx;
      const a = await addChannel(store);
      const [member, stranger] = [await addUser(store), await addUser(store)];
      const membership = memberRow(a.cid, member.id);
      await store.members.insert(membership);
      await store.channels.nextSeq(a.cid);
      const at = "2026-01-02T03:04:05.678Z";
      // With activity (a message shown in the channel), the channel is marked active at `at`.
      const active = await store.channels.nextSeqWithStanding(a.cid, member.id, at, true);
      expect(active).toEqual({
        channel: { ...a, last_seq: 2, last_message_at: at, updated_at: at },
        member: membership,
        user: member,
        banned: false,
      });
      expect(typeof active?.channel.last_seq).toBe("number");
      // Without, only the seq moves; a stranger has no membership.
      const quiet = await store.channels.nextSeqWithStanding(a.cid, stranger.id, at, false);
      expect(quiet).toEqual({
        channel: { ...a, last_seq: 3, last_message_at: at, updated_at: at },
        member: undefined,
        user: stranger,
        banned: false,
      });
      expect(await store.channels.nextSeq(a.cid)).toBe(4);
      const none = `contract:${fresh("none")}`;
      expect(await store.channels.nextSeqWithStanding(none, member.id, at, true)).toBeUndefined();
      expect(await store.channels.nextSeqWithStanding(none, member.id, at, false)).toBeUndefined();
    });

    it("nextSeqWithStanding gives its seq back when the transaction rolls back", async () => {
      const { store } = ctx;
      const a = await addChannel(store);
      const u = await addUser(store);
      const refused = new Error("refused");
      await expect(
        store.transaction(async (tx) => {
          await tx.channels.nextSeqWithStanding(a.cid, u.id, at(5), true);
          throw refused;
        }, a.cid),
      ).rejects.toBe(refused);
      expect(await store.channels.get(a.cid)).toEqual(a);
    });

    it("lastSeqs answers the stored last seq of each known channel, in one call", async () => {
      const a = await addChannel(ctx.store);
      const b = await addChannel(ctx.store);
      await ctx.store.channels.nextSeq(a.cid);
      await ctx.store.channels.nextSeq(a.cid);
      const got = await ctx.store.channels.lastSeqs([a.cid, b.cid, `contract:${fresh("none")}`]);
      expect([...got].sort((x, y) => x.cid.localeCompare(y.cid))).toEqual(
        [
          { cid: a.cid, last_seq: 2 },
          { cid: b.cid, last_seq: 0 },
        ].sort((x, y) => x.cid.localeCompare(y.cid)),
      );
      expect(await ctx.store.channels.lastSeqs([])).toEqual([]);
    });

    it("nextSeq of an unknown channel fails", async () => {
      await expect(ctx.store.channels.nextSeq(`contract:${fresh("none")}`)).rejects.toThrow();
    });

    it("nextSeq stays gapless across concurrent transactions", async () => {
      const c = await addChannel(ctx.store);
      const n = 40;
      const seqs = await Promise.all(
        Array.from({ length: n }, () =>
          ctx.store.transaction(async (tx) => {
            const seq = await tx.channels.nextSeq(c.cid);
            await tx.events.insert({ cid: c.cid, seq, type: "test", payload: "{}", created_at: at(seq) });
            return seq;
          }),
        ),
      );
      const want = Array.from({ length: n }, (_, i) => i + 1);
      expect([...seqs].sort((x, y) => x - y)).toEqual(want);
      const events = await ctx.store.events.range(c.cid, 0, 1_000, 1_000);
      expect(events.map((e) => e.seq)).toEqual(want);
      expect((await ctx.store.channels.get(c.cid))?.last_seq).toBe(n);
    });

    it("a rolled-back nextSeq gives its number back", async () => {
      const c = await addChannel(ctx.store);
      expect(await ctx.store.channels.nextSeq(c.cid)).toBe(1);
      const boom = new Error("boom");
      await expect(
        ctx.store.transaction(async (tx) => {
          expect(await tx.channels.nextSeq(c.cid)).toBe(2);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await ctx.store.channels.nextSeq(c.cid)).toBe(2);
    });
  });
}
