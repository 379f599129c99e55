import { describe, expect, it } from "vitest";
import type { UserRow } from "../../../src/store/store.js";
import { addUser, at, type ContractContext, fresh } from "../../../src/store/testing/fixtures.js";

const byId = (a: UserRow, b: UserRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function usersContract(ctx: ContractContext): void {
  describe("users", () => {
    it("upsert creates a user with no activity and answers the row", async () => {
      const id = fresh("u");
      const row = await ctx.store.users.upsert({
        id,
        name: "Grace",
        image: "https://img.example/g.png",
        role: "admin",
        created_at: at(1),
        updated_at: at(2),
      });
      const expected: UserRow = {
        id,
        name: "Grace",
        image: "https://img.example/g.png",
        role: "admin",
        created_at: at(1),
        updated_at: at(2),
        last_active: null,
        deleted_at: null,
        deactivated_at: null,
        status_emoji: null,
        status_text: null,
        status_expires_at: null,
        dnd_until: null,
      };
      expect(row).toEqual(expected);
      expect(await ctx.store.users.get(id)).toEqual(expected);
      expect(await ctx.store.users.get(fresh("nobody"))).toBeUndefined();
    });

    it("upsert of an existing user changes name, image and updated_at only", async () => {
      const first = await addUser(ctx.store, {
        name: "Old",
        role: "admin",
        created_at: at(1),
        updated_at: at(1),
      });
      await ctx.store.users.setLastActive(first.id, at(5));
      const second = await ctx.store.users.upsert({
        id: first.id,
        name: "New",
        image: "https://img.example/new.png",
        role: "user",
        created_at: at(9),
        updated_at: at(9),
      });
      const expected = {
        ...first,
        name: "New",
        image: "https://img.example/new.png",
        updated_at: at(9),
        last_active: at(5),
      };
      expect(second).toEqual(expected);
      expect(await ctx.store.users.get(first.id)).toEqual(expected);
    });

    it("getMany answers the users that exist, in any order", async () => {
      const a = await addUser(ctx.store);
      const b = await addUser(ctx.store);
      expect(await ctx.store.users.getMany([])).toEqual([]);
      const got = await ctx.store.users.getMany([b.id, fresh("nobody"), a.id]);
      expect(got.sort(byId)).toEqual([a, b].sort(byId));
    });

    it("setLastActive records the time", async () => {
      const u = await addUser(ctx.store);
      await ctx.store.users.setLastActive(u.id, at(42));
      expect((await ctx.store.users.get(u.id))?.last_active).toBe(at(42));
    });

    it("setStatus and setDndUntil record them, read back by get and by a joined user", async () => {
      const u = await addUser(ctx.store);
      const status = { status_emoji: "🌴", status_text: "On holiday", status_expires_at: at(60) };
      await ctx.store.users.setStatus(u.id, status);
      await ctx.store.users.setDndUntil(u.id, at(90));
      expect(await ctx.store.users.get(u.id)).toMatchObject({ ...status, dnd_until: at(90) });
      const access = await ctx.store.users.getWithAccess(u.id, undefined, at(0));
      expect(access?.user).toMatchObject({ ...status, dnd_until: at(90) });
      await ctx.store.users.setStatus(u.id, {
        status_emoji: null,
        status_text: null,
        status_expires_at: null,
      });
      await ctx.store.users.setDndUntil(u.id, null);
      expect(await ctx.store.users.get(u.id)).toMatchObject({ status_emoji: null, dnd_until: null });
    });

    it("getWithAccess reads the user with their app-wide ban in force and the token's revocation", async () => {
      const { store } = ctx;
      const [u, mod] = [await addUser(store), await addUser(store)];
      const jti = fresh("jti");
      const clear = { user: u, ban: undefined, revoked: false };
      expect(await store.users.getWithAccess(u.id, undefined, at(10))).toEqual(clear);
      expect(await store.users.getWithAccess(u.id, jti, at(10))).toEqual(clear);
      expect(await store.users.getWithAccess(fresh("nobody"), jti, at(10))).toBeUndefined();

      const ban = (scope: string, expires_at: string | null) =>
        store.moderation.putBan({
          user_id: u.id,
          scope,
          reason: "spam",
          banned_by_id: mod.id,
          created_at: at(1),
          expires_at,
          shadow: false,
        });
      // A channel's ban is not app-wide.
      await ban(`contract:${fresh("c")}`, null);
      expect(await store.users.getWithAccess(u.id, undefined, at(10))).toEqual(clear);
      await ban("*", at(50));
      const banned = { ...clear, ban: { reason: "spam", expires_at: at(50) } };
      expect(await store.users.getWithAccess(u.id, undefined, at(10))).toEqual(banned);
      expect(await store.users.getWithAccess(u.id, undefined, at(60))).toEqual(clear);

      await store.revokedTokens.add(jti, at(100));
      expect(await store.users.getWithAccess(u.id, jti, at(10))).toEqual({ ...banned, revoked: true });
      expect(await store.users.getWithAccess(u.id, fresh("jti"), at(60))).toEqual(clear);
      expect(await store.users.getWithAccess(u.id, undefined, at(60))).toEqual(clear);
    });
  });

  describe("users.search", () => {
    async function population() {
      const tok = fresh("q");
      const other = fresh("p");
      const users = {
        idMatch: await addUser(ctx.store, { id: `${tok}a`, name: "Alpha" }),
        namePrefix: await addUser(ctx.store, { id: `${other}b`, name: `${tok.toUpperCase()} Smith` }),
        wordPrefix: await addUser(ctx.store, { id: `${other}c`, name: `Zed ${tok}son` }),
        inside: await addUser(ctx.store, { id: `${other}d`, name: `Zed x${tok}` }),
        caller: await addUser(ctx.store, { id: `${other}e`, name: `${tok} caller` }),
      };
      return { tok, users };
    }

    it("matches an id prefix, a name prefix or a word prefix, ignoring case, sorted by id", async () => {
      const { tok, users } = await population();
      const expected = [users.idMatch, users.namePrefix, users.wordPrefix].sort(byId);
      const q = { excludeId: users.caller.id, limit: 50, offset: 0 };
      expect(await ctx.store.users.search({ ...q, text: tok })).toEqual(expected);
      expect(await ctx.store.users.search({ ...q, text: ` ${tok.toUpperCase()} ` })).toEqual(expected);
    });

    it("leaves out the caller and pages with limit and offset", async () => {
      const { tok, users } = await population();
      const all = [users.idMatch, users.namePrefix, users.wordPrefix, users.caller].sort(byId);
      const noIdMatch = all.filter((u) => u.id !== users.idMatch.id);
      const q = { text: tok, excludeId: users.idMatch.id };
      expect(await ctx.store.users.search({ ...q, limit: 50, offset: 0 })).toEqual(noIdMatch);
      expect(await ctx.store.users.search({ ...q, limit: 2, offset: 1 })).toEqual(noIdMatch.slice(1, 3));
      expect(await ctx.store.users.search({ ...q, limit: 2, offset: 3 })).toEqual([]);
    });

    it("treats % and _ in the text literally", async () => {
      const tok = fresh("w");
      const percent = await addUser(ctx.store, { name: `${tok}%x` });
      await addUser(ctx.store, { name: `${tok}zx` });
      const q = { excludeId: "nobody", limit: 50, offset: 0 };
      expect(await ctx.store.users.search({ ...q, text: `${tok}%` })).toEqual([percent]);
      expect(await ctx.store.users.search({ ...q, text: `${tok}_x` })).toEqual([]);
    });

    it("with empty text lists everyone but the caller, sorted by id", async () => {
      const a = await addUser(ctx.store);
      const b = await addUser(ctx.store);
      const got = await ctx.store.users.search({ text: "  ", excludeId: a.id, limit: 100_000, offset: 0 });
      expect(got.map((u) => u.id)).toContain(b.id);
      expect(got.map((u) => u.id)).not.toContain(a.id);
      expect(got.map((u) => u.id)).toEqual(got.map((u) => u.id).sort());
    });
  });
}
