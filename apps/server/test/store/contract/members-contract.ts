import { describe, expect, it } from "vitest";
import type { BanRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
} from "../../../src/store/testing/fixtures.js";

export function membersContract(ctx: ContractContext): void {
  describe("members", () => {
    it("inserts, reads, patches and deletes a membership", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const u = await addUser(store);
      const row = memberRow(ch.cid, u.id, { role: "owner", last_read_seq: 3 });
      await store.members.insert(row);
      const got = await store.members.get(ch.cid, u.id);
      expect(got).toEqual(row);
      expect(typeof got?.last_read_seq).toBe("number");
      const patch = { muted: true, last_read_at: at(9), last_read_message_id: "m1", last_read_seq: 12 };
      await store.members.update(ch.cid, u.id, patch);
      expect(await store.members.get(ch.cid, u.id)).toEqual({ ...row, ...patch });
      await store.members.delete(ch.cid, u.id);
      expect(await store.members.get(ch.cid, u.id)).toBeUndefined();
      await store.members.delete(ch.cid, u.id);
    });

    it("reads a channel with a user's standing: the user, the membership, and whether a ban here or app-wide is in force", async () => {
      const { store } = ctx;
      const [ch, elsewhere] = [await addChannel(store), await addChannel(store)];
      const [member, stranger, mod] = [await addUser(store), await addUser(store), await addUser(store)];
      const row = memberRow(ch.cid, member.id, { role: "owner", last_read_seq: 3 });
      await store.members.insert(row);
      const standing = (cid: string, userId: string, now: string) =>
        store.channels.withStanding(cid, userId, now);
      const [here, there] = [await store.channels.get(ch.cid), await store.channels.get(elsewhere.cid)];
      // Each case: the channel, the user, the time, then the membership and whether a ban is in force.
      const expectStanding = async (
        channel: typeof here,
        userId: string,
        now: string,
        membership: typeof row | undefined,
        banned: boolean,
      ) => {
        const user = [member, stranger].find((u) => u.id === userId);
        expect(await standing(channel?.cid ?? "", userId, now)).toEqual({
          channel,
          member: membership,
          user,
          banned,
        });
      };
      await expectStanding(here, member.id, at(60), row, false);
      await expectStanding(here, stranger.id, at(60), undefined, false);
      expect(await standing(fresh("messaging:gone"), member.id, at(60))).toBeUndefined();
      const ban = (userId: string, scope: string, expiresAt: string | null): BanRow => ({
        user_id: userId,
        scope,
        reason: "rude",
        banned_by_id: mod.id,
        created_at: at(1),
        expires_at: expiresAt,
        shadow: false,
      });
      await store.moderation.putBan(ban(member.id, elsewhere.cid, null));
      await store.moderation.putBan(ban(member.id, ch.cid, at(50)));
      await expectStanding(here, member.id, at(60), row, false);
      const later = await standing(ch.cid, member.id, at(60));
      expect(typeof later?.member?.last_read_seq).toBe("number");
      expect(typeof later?.channel.last_seq).toBe("number");
      await expectStanding(here, member.id, at(40), row, true);
      await store.moderation.putBan(ban(stranger.id, "*", null));
      await expectStanding(here, stranger.id, at(60), undefined, true);
      await expectStanding(there, stranger.id, at(60), undefined, true);
      // No such user: neither a user nor a membership, and the channel all the same.
      await expectStanding(here, fresh("ghost"), at(60), undefined, false);
    });

    it("refuses a second membership of the same user, and one of an unknown user", async () => {
      const ch = await addChannel(ctx.store);
      const u = await addUser(ctx.store);
      await ctx.store.members.insert(memberRow(ch.cid, u.id));
      await expect(ctx.store.members.insert(memberRow(ch.cid, u.id))).rejects.toThrow();
      await expect(ctx.store.members.insert(memberRow(ch.cid, fresh("ghost")))).rejects.toThrow();
    });

    it("lists members with their users, oldest first then by user id, up to the limit", async () => {
      const ch = await addChannel(ctx.store);
      const late = await addUser(ctx.store, { name: "Late" });
      const early = await addUser(ctx.store, { name: "Early" });
      const tiedA = await addUser(ctx.store, { name: "Tied A" });
      const tiedB = await addUser(ctx.store, { name: "Tied B" });
      const [t1, t2] = [tiedA, tiedB].sort((a, b) => (a.id < b.id ? -1 : 1));
      const rows = {
        late: memberRow(ch.cid, late.id, { created_at: at(30) }),
        early: memberRow(ch.cid, early.id, { created_at: at(10), hidden: true }),
        t1: memberRow(ch.cid, t1!.id, { created_at: at(20) }),
        t2: memberRow(ch.cid, t2!.id, { created_at: at(20) }),
      };
      for (const r of Object.values(rows)) await ctx.store.members.insert(r);
      await ctx.store.users.setLastActive(late.id, at(99));
      const listed = await ctx.store.members.listWithUsers(ch.cid, 10);
      expect(listed).toEqual([
        { member: rows.early, user: early },
        { member: rows.t1, user: t1 },
        { member: rows.t2, user: t2 },
        { member: rows.late, user: { ...late, last_active: at(99) } },
      ]);
      expect((await ctx.store.members.listWithUsers(ch.cid, 2)).map((m) => m.user.id)).toEqual([
        early.id,
        t1!.id,
      ]);
    });

    it("lists the first members of several channels in one call, as it lists each alone", async () => {
      const [a, b, none] = [
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
      ];
      const users = [await addUser(ctx.store), await addUser(ctx.store), await addUser(ctx.store)];
      for (const [i, u] of users.entries()) {
        await ctx.store.members.insert(memberRow(a.cid, u.id, { created_at: at(30 - i) }));
        if (i < 2) await ctx.store.members.insert(memberRow(b.cid, u.id, { created_at: at(10 + i) }));
      }
      const cids = [a.cid, b.cid, none.cid];
      for (const limit of [1, 2, 100]) {
        const listed = await ctx.store.members.listWithUsersIn(cids, limit);
        for (const cid of cids) {
          expect(listed.get(cid) ?? []).toEqual(await ctx.store.members.listWithUsers(cid, limit));
        }
        expect(listed.has(none.cid)).toBe(false);
      }
      expect((await ctx.store.members.listWithUsersIn(cids, 2)).get(a.cid)?.map((m) => m.user.id)).toEqual([
        users[2]?.id,
        users[1]?.id,
      ]);
      expect(await ctx.store.members.listWithUsersIn([], 4)).toEqual(new Map());
      expect(await ctx.store.members.listWithUsersIn(cids, 0)).toEqual(new Map());
    });

    it("counts members and lists their ids", async () => {
      const ch = await addChannel(ctx.store);
      expect(await ctx.store.members.count(ch.cid)).toBe(0);
      expect(await ctx.store.members.userIds(ch.cid)).toEqual([]);
      const users = [await addUser(ctx.store), await addUser(ctx.store), await addUser(ctx.store)];
      for (const u of users) await ctx.store.members.insert(memberRow(ch.cid, u.id));
      expect(await ctx.store.members.count(ch.cid)).toBe(3);
      expect((await ctx.store.members.userIds(ch.cid)).sort()).toEqual(users.map((u) => u.id).sort());
    });

    it("reads a new message's audience: the members, who hid the channel, and who muted the sender", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const [sender, a, b, c, outsider] = [
        await addUser(store),
        await addUser(store),
        await addUser(store),
        await addUser(store),
        await addUser(store),
      ];
      const audience = async () => {
        const got = await store.members.audience(ch.cid, sender.id);
        return { userIds: got.userIds.sort(), hidden: got.hidden.sort(), muters: got.muters.sort() };
      };
      expect(await audience()).toEqual({ userIds: [], hidden: [], muters: [] });
      await store.members.insert(memberRow(ch.cid, sender.id));
      await store.members.insert(memberRow(ch.cid, a.id, { hidden: true }));
      await store.members.insert(memberRow(ch.cid, b.id));
      await store.members.insert(memberRow(ch.cid, c.id, { hidden: true }));
      const everyone = [sender.id, a.id, b.id, c.id].sort();
      expect(await audience()).toEqual({ userIds: everyone, hidden: [a.id, c.id].sort(), muters: [] });
      // Mutes of the sender count wherever the muter is; a mute of someone else does not.
      await store.moderation.addMute({ user_id: b.id, target_id: sender.id, created_at: at(1) });
      await store.moderation.addMute({ user_id: outsider.id, target_id: sender.id, created_at: at(2) });
      await store.moderation.addMute({ user_id: c.id, target_id: a.id, created_at: at(3) });
      await store.members.unhideAll(ch.cid);
      expect(await audience()).toEqual({ userIds: everyone, hidden: [], muters: [b.id, outsider.id].sort() });
    });

    it("unhideAll shows the channel again to those who hid it and names them", async () => {
      const ch = await addChannel(ctx.store);
      const [a, b, c] = [await addUser(ctx.store), await addUser(ctx.store), await addUser(ctx.store)];
      await ctx.store.members.insert(memberRow(ch.cid, a.id, { hidden: true }));
      await ctx.store.members.insert(memberRow(ch.cid, b.id));
      await ctx.store.members.insert(memberRow(ch.cid, c.id, { hidden: true }));
      expect((await ctx.store.members.unhideAll(ch.cid)).sort()).toEqual([a.id, c.id].sort());
      for (const u of [a, b, c]) expect((await ctx.store.members.get(ch.cid, u.id))?.hidden).toBe(false);
      expect(await ctx.store.members.unhideAll(ch.cid)).toEqual([]);
    });

    it("finds a user's memberships among given channels, and all their channel ids", async () => {
      const u = await addUser(ctx.store);
      const [x, y, z] = [
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
      ];
      await ctx.store.members.insert(memberRow(x.cid, u.id));
      await ctx.store.members.insert(memberRow(y.cid, u.id, { muted: true }));
      expect(await ctx.store.members.forUser(u.id, [])).toEqual([]);
      const found = await ctx.store.members.forUser(u.id, [y.cid, z.cid]);
      expect(found).toEqual([memberRow(y.cid, u.id, { muted: true })]);
      expect((await ctx.store.members.cidsForUser(u.id)).sort()).toEqual([x.cid, y.cid].sort());
      expect(await ctx.store.members.cidsForUser(fresh("nobody"))).toEqual([]);
    });
  });
}
