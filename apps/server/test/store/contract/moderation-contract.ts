import { describe, expect, it } from "vitest";
import type { BanRow, FlagRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

export function moderationContract(ctx: ContractContext): void {
  describe("moderation", () => {
    it("flags a message once per user, lists, filters and reviews flags", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const [author, other, f1, f2] = [
        await addUser(store),
        await addUser(store),
        await addUser(store),
        await addUser(store),
      ];
      const [m1, m2] = [messageRow(ch.cid, author.id, 1), messageRow(ch.cid, other.id, 2)];
      for (const m of [m1, m2]) await store.messages.insert(m);
      const flag = (messageId: string, userId: string, sec: number): FlagRow => ({
        message_id: messageId,
        user_id: userId,
        cid: ch.cid,
        reason: "spam",
        created_at: at(sec),
        reviewed_by: null,
        reviewed_at: null,
        review_result: null,
      });
      const m = store.moderation;
      expect(await m.addFlag(flag(m1.id, f1.id, 1))).toBe(true);
      expect(await m.addFlag(flag(m1.id, f1.id, 2))).toBe(false);
      expect(await m.addFlag(flag(m1.id, f2.id, 3))).toBe(true);
      expect(await m.addFlag(flag(m2.id, f1.id, 4))).toBe(true);
      const q = { cid: ch.cid, direction: 1 as const, limit: 10, offset: 0 };
      expect(await m.flags(q)).toEqual([flag(m1.id, f1.id, 1), flag(m1.id, f2.id, 3), flag(m2.id, f1.id, 4)]);
      expect(await m.flags({ ...q, direction: -1, limit: 1, offset: 1 })).toEqual([flag(m1.id, f2.id, 3)]);
      expect(await m.flags({ ...q, authorId: other.id })).toEqual([flag(m2.id, f1.id, 4)]);
      expect(await m.flagsFor([])).toEqual([]);
      expect((await m.flagsFor([m1.id])).map((f) => f.user_id).sort()).toEqual([f1.id, f2.id].sort());
      expect(await m.reviewFlags([], f1.id, at(9), "removed")).toEqual([]);
      const reviewed = await m.reviewFlags([m1.id], author.id, at(9), "removed");
      expect(reviewed.map((f) => [f.reviewed_by, f.reviewed_at, f.review_result])).toEqual([
        [author.id, at(9), "removed"],
        [author.id, at(9), "removed"],
      ]);
      expect(await m.flags({ ...q, reviewed: false })).toEqual([flag(m2.id, f1.id, 4)]);
      expect((await m.flags({ ...q, reviewed: true })).map((f) => f.message_id)).toEqual([m1.id, m1.id]);
    });

    it("keeps one ban per user and scope, active until it expires", async () => {
      const { store } = ctx;
      const [u, mod] = [await addUser(store), await addUser(store)];
      const scope = `contract:${fresh("c")}`;
      const ban = (over: Partial<BanRow> = {}): BanRow => ({
        user_id: u.id,
        scope,
        reason: "rude",
        banned_by_id: mod.id,
        created_at: at(1),
        expires_at: at(100),
        shadow: false,
        ...over,
      });
      const m = store.moderation;
      await m.putBan(ban());
      await m.putBan(ban({ reason: "very rude", shadow: true, expires_at: null }));
      await m.putBan(ban({ scope: "*", expires_at: at(50), created_at: at(2) }));
      expect(await m.activeBans(u.id, [], at(10))).toEqual([]);
      const active = await m.activeBans(u.id, [scope, "*"], at(60));
      expect(active).toEqual([ban({ reason: "very rude", shadow: true, expires_at: null })]);
      expect(await m.bans(scope, at(60), 10, 0)).toEqual(active);
      expect((await m.bans(undefined, at(10), 1000, 0)).filter((b) => b.user_id === u.id)).toHaveLength(2);
      expect(await m.removeBan(u.id, scope)).toBe(true);
      expect(await m.removeBan(u.id, scope)).toBe(false);
      expect(await m.activeBans(u.id, [scope], at(60))).toEqual([]);
    });

    it("keeps user mutes both ways", async () => {
      const { store } = ctx;
      const [me, you, them] = [await addUser(store), await addUser(store), await addUser(store)];
      const m = store.moderation;
      const mute = { user_id: me.id, target_id: you.id, created_at: at(1) };
      await m.addMute(mute);
      await m.addMute({ ...mute, created_at: at(2) });
      await m.addMute({ user_id: them.id, target_id: you.id, created_at: at(3) });
      expect(await m.mutesOf(me.id)).toEqual([mute]);
      expect(await m.removeMute(me.id, you.id)).toBe(true);
      expect(await m.removeMute(me.id, you.id)).toBe(false);
      expect(await m.mutesOf(me.id)).toEqual([]);
    });

    it("sets user roles and finds users by role; stores a type's policies", async () => {
      const { store } = ctx;
      const role = fresh("role");
      const [a, b] = [await addUser(store), await addUser(store)];
      await store.users.setRole(a.id, role);
      expect((await store.users.get(a.id))?.role).toBe(role);
      expect(await store.users.idsWithRoles([role])).toEqual([a.id]);
      expect((await store.users.idsWithRoles([role, "user"])).includes(b.id)).toBe(true);
      expect(await store.users.idsWithRoles([])).toEqual([]);
      const type = fresh("type");
      await store.channelTypes.put({ name: type, config: {}, created_at: at(1), policies: null });
      const policies = [
        { name: "p", resources: ["*"], roles: ["*"], action: "allow", owner: false, priority: 5 } as const,
      ];
      await store.channelTypes.setPolicies(type, [...policies]);
      expect((await store.channelTypes.get(type))?.policies).toEqual(policies);
      await store.channelTypes.setPolicies(type, null);
      expect((await store.channelTypes.get(type))?.policies).toBeNull();
    });
  });
}
