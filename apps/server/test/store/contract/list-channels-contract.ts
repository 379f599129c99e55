import { beforeAll, describe, expect, it } from "vitest";
import type { ChannelListQuery, ChannelRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  memberRow,
  OTHER_TYPE,
} from "../../../src/store/testing/fixtures.js";

export function listChannelsContract(ctx: ContractContext): void {
  describe("channels.listForUser", () => {
    let userId: string;
    const c = {} as Record<"old" | "busy" | "quiet" | "hidden" | "muted" | "other", ChannelRow>;

    beforeAll(async () => {
      const { store } = ctx;
      const user = await addUser(store);
      const stranger = await addUser(store);
      userId = user.id;
      // Activity order (coalesce(last_message_at, created_at)), newest first:
      // busy(50) > hidden(40) > muted(35) > quiet(30, never a message) > other(20) > old(10).
      c.old = await addChannel(store, { created_at: at(1), updated_at: at(60), last_message_at: at(10) });
      c.busy = await addChannel(store, { created_at: at(2), updated_at: at(20), last_message_at: at(50) });
      c.quiet = await addChannel(store, { created_at: at(30), updated_at: at(30) });
      c.hidden = await addChannel(store, { created_at: at(3), updated_at: at(3), last_message_at: at(40) });
      c.muted = await addChannel(store, { created_at: at(4), updated_at: at(4), last_message_at: at(35) });
      c.other = await addChannel(store, {
        type: OTHER_TYPE,
        created_at: at(5),
        updated_at: at(5),
        last_message_at: at(20),
      });
      const deleted = await addChannel(store, { last_message_at: at(99), deleted_at: at(99) });
      const notMine = await addChannel(store, { last_message_at: at(98) });
      for (const ch of [c.old, c.busy, c.quiet, c.other, deleted]) {
        await store.members.insert(memberRow(ch.cid, userId));
      }
      await store.members.insert(memberRow(c.hidden.cid, userId, { hidden: true }));
      await store.members.insert(memberRow(c.muted.cid, userId, { muted: true }));
      await store.members.insert(memberRow(notMine.cid, stranger.id));
    });

    const list = (q: Partial<ChannelListQuery>) =>
      ctx.store.channels
        .listForUser({ userId, sortField: "last_message_at", sortDirection: -1, limit: 100, offset: 0, ...q })
        .then((rows) => rows.map((r) => r.cid));

    it("lists the member's live channels, newest activity first", async () => {
      expect(await list({})).toEqual([c.busy, c.hidden, c.muted, c.quiet, c.other, c.old].map((x) => x.cid));
      expect(await list({ sortDirection: 1 })).toEqual(
        [c.old, c.other, c.quiet, c.muted, c.hidden, c.busy].map((x) => x.cid),
      );
    });

    it("answers full rows", async () => {
      const rows = await ctx.store.channels.listForUser({
        userId,
        type: OTHER_TYPE,
        sortField: "created_at",
        sortDirection: 1,
        limit: 10,
        offset: 0,
      });
      expect(rows).toEqual([c.other]);
    });

    it("sorts by created_at and updated_at both ways", async () => {
      expect(await list({ sortField: "created_at", sortDirection: 1 })).toEqual(
        [c.old, c.busy, c.hidden, c.muted, c.other, c.quiet].map((x) => x.cid),
      );
      expect(await list({ sortField: "updated_at", sortDirection: -1 })).toEqual(
        [c.old, c.quiet, c.busy, c.other, c.muted, c.hidden].map((x) => x.cid),
      );
    });

    it("breaks ties by cid", async () => {
      const user = await addUser(ctx.store);
      const same = { created_at: at(7), updated_at: at(7) };
      const rows = [await addChannel(ctx.store, same), await addChannel(ctx.store, same)];
      for (const r of rows) await ctx.store.members.insert(memberRow(r.cid, user.id));
      const want = rows.map((r) => r.cid).sort();
      for (const sortDirection of [1, -1] as const) {
        const got = await ctx.store.channels.listForUser({
          userId: user.id,
          sortField: "created_at",
          sortDirection,
          limit: 10,
          offset: 0,
        });
        expect(got.map((r) => r.cid)).toEqual(want);
      }
    });

    it("filters by type, hidden and muted", async () => {
      expect(await list({ type: OTHER_TYPE })).toEqual([c.other.cid]);
      expect(await list({ hidden: true })).toEqual([c.hidden.cid]);
      expect(await list({ hidden: false })).toEqual(
        [c.busy, c.muted, c.quiet, c.other, c.old].map((x) => x.cid),
      );
      expect(await list({ muted: true })).toEqual([c.muted.cid]);
      expect(await list({ hidden: false, muted: false, type: "contract" })).toEqual(
        [c.busy, c.quiet, c.old].map((x) => x.cid),
      );
    });

    it("pages with limit and offset", async () => {
      expect(await list({ limit: 2, offset: 0 })).toEqual([c.busy.cid, c.hidden.cid]);
      expect(await list({ limit: 2, offset: 2 })).toEqual([c.muted.cid, c.quiet.cid]);
      expect(await list({ limit: 2, offset: 6 })).toEqual([]);
    });
  });

  describe("channels.listJoinable", () => {
    it("lists live, non-direct channels of the given types the user is not in, newest activity first, by name", async () => {
      const { store } = ctx;
      const me = await addUser(store);
      const other = await addUser(store);
      const quiet = await addChannel(store, {
        name: "Design Reviews",
        created_at: at(10),
        updated_at: at(10),
      });
      const busy = await addChannel(store, { name: "release-train", last_message_at: at(50) });
      const mine = await addChannel(store, { name: "Design mine", last_message_at: at(60) });
      await addChannel(store, { name: "Design gone", last_message_at: at(70), deleted_at: at(71) });
      await addChannel(store, { name: "Design direct", last_message_at: at(80), is_direct: true });
      const otherType = await addChannel(store, {
        type: OTHER_TYPE,
        name: "Design other",
        last_message_at: at(90),
      });
      await store.members.insert(memberRow(mine.cid, me.id));
      await store.members.insert(memberRow(quiet.cid, other.id));
      const joinable = (q: { types?: string[]; text?: string; limit?: number; offset?: number } = {}) =>
        store.channels
          .listJoinable({ userId: me.id, types: ["contract"], limit: 100, offset: 0, ...q })
          .then((rows) =>
            rows.map((r) => r.cid).filter((cid) => [quiet, busy, mine, otherType].some((c) => c.cid === cid)),
          );
      expect(await joinable()).toEqual([busy.cid, quiet.cid]);
      expect(await joinable({ types: ["contract", OTHER_TYPE] })).toEqual([
        otherType.cid,
        busy.cid,
        quiet.cid,
      ]);
      expect(await joinable({ types: [] })).toEqual([]);
      expect(await joinable({ text: "design" })).toEqual([quiet.cid]);
      expect(await joinable({ text: "REV" })).toEqual([quiet.cid]);
      expect(await joinable({ text: "train" })).toEqual([busy.cid]);
      expect(await joinable({ text: "esign" })).toEqual([]);
      const rows = await store.channels.listJoinable({
        userId: me.id,
        types: ["contract"],
        text: "release",
        limit: 1,
        offset: 0,
      });
      expect(rows).toEqual([busy]);
    });
  });
}
