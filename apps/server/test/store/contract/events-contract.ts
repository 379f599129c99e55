import { describe, expect, it } from "vitest";
import type { EventRow } from "../../../src/store/store.js";
import { addChannel, at, type ContractContext } from "../../../src/store/testing/fixtures.js";

const event = (cid: string, seq: number, createdAt = at(seq)): EventRow => ({
  cid,
  seq,
  type: "message.new",
  payload: JSON.stringify({ type: "message.new", cid, seq }),
  created_at: createdAt,
});

export function eventsContract(ctx: ContractContext): void {
  describe("events", () => {
    it("range answers (afterSeq, upToSeq] oldest first, up to the limit", async () => {
      const ch = await addChannel(ctx.store);
      const other = await addChannel(ctx.store);
      for (let seq = 10; seq >= 1; seq--) await ctx.store.events.insert(event(ch.cid, seq));
      await ctx.store.events.insert(event(other.cid, 5));
      const seqs = async (after: number, upTo: number, limit: number) =>
        (await ctx.store.events.range(ch.cid, after, upTo, limit)).map((e) => e.seq);
      expect(await ctx.store.events.range(ch.cid, 2, 4, 100)).toEqual([event(ch.cid, 3), event(ch.cid, 4)]);
      expect(await seqs(0, 10, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await seqs(3, 10, 4)).toEqual([4, 5, 6, 7]);
      expect(await seqs(10, 20, 100)).toEqual([]);
      expect(await seqs(5, 5, 100)).toEqual([]);
    });

    it("refuses a second event with the same seq in a channel", async () => {
      const ch = await addChannel(ctx.store);
      await ctx.store.events.insert(event(ch.cid, 1));
      await expect(ctx.store.events.insert({ ...event(ch.cid, 1), type: "other" })).rejects.toThrow();
      expect(await ctx.store.events.range(ch.cid, 0, 10, 10)).toEqual([event(ch.cid, 1)]);
    });

    it("prune deletes events older than `before` beyond each channel's newest `keep`", async () => {
      // Times in 2001, before anything else the suite writes, so the count is this test's own.
      const old = (s: number) => at(s, Date.UTC(2001, 0, 1));
      const recent = (s: number) => at(s, Date.UTC(2001, 11, 1));
      const before = at(0, Date.UTC(2001, 5, 1));
      const allOld = await addChannel(ctx.store, { last_seq: 10 });
      const few = await addChannel(ctx.store, { last_seq: 2 });
      const mixed = await addChannel(ctx.store, { last_seq: 10 });
      for (let seq = 1; seq <= 10; seq++) {
        await ctx.store.events.insert(event(allOld.cid, seq, old(seq)));
        await ctx.store.events.insert(event(mixed.cid, seq, seq <= 4 ? old(seq) : recent(seq)));
      }
      for (let seq = 1; seq <= 2; seq++) await ctx.store.events.insert(event(few.cid, seq, old(seq)));
      expect(await ctx.store.events.prune(before, 3)).toBe(7 + 0 + 4);
      const kept = async (cid: string) => (await ctx.store.events.range(cid, 0, 10, 10)).map((e) => e.seq);
      expect(await kept(allOld.cid)).toEqual([8, 9, 10]);
      expect(await kept(few.cid)).toEqual([1, 2]);
      expect(await kept(mixed.cid)).toEqual([5, 6, 7, 8, 9, 10]);
      expect(await ctx.store.events.prune(before, 3)).toBe(0);
    });
  });
}
