import { describe, expect, it } from "vitest";
import { accountRow, type ContractContext, fresh, sessionRow } from "../../../src/store/testing/fixtures.js";

export function accountsContract(ctx: ContractContext): void {
  describe("accounts", () => {
    it("inserts, reads back and patches an account", async () => {
      const { store } = ctx;
      const row = accountRow();
      await store.accounts.insert(row);
      expect(await store.accounts.get(row.id)).toEqual(row);
      await store.accounts.update(row.id, { display_name: "Ada King" });
      await store.accounts.update(row.id, { profile_picture: "https://img.example/ada.png" });
      expect(await store.accounts.get(row.id)).toEqual({
        ...row,
        display_name: "Ada King",
        profile_picture: "https://img.example/ada.png",
      });
      expect(await store.accounts.get(fresh("missing"))).toBeUndefined();
    });

    it("rejects a second account with the same id", async () => {
      const row = accountRow();
      await ctx.store.accounts.insert(row);
      await expect(ctx.store.accounts.insert({ ...row, display_name: "Other" })).rejects.toThrow();
      expect((await ctx.store.accounts.get(row.id))?.display_name).toBe(row.display_name);
    });

    it("counts accounts as a number", async () => {
      const before = await ctx.store.accounts.count();
      await ctx.store.accounts.insert(accountRow());
      await ctx.store.accounts.insert(accountRow());
      const after = await ctx.store.accounts.count();
      expect(typeof after).toBe("number");
      expect(after).toBe(before + 2);
    });
  });

  describe("sessions", () => {
    it("stores a session and finds it by token hash", async () => {
      const account = accountRow();
      await ctx.store.accounts.insert(account);
      const session = sessionRow(account.id);
      await ctx.store.sessions.insert(session);
      expect(await ctx.store.sessions.get(session.token_hash)).toEqual(session);
      expect(await ctx.store.sessions.get(fresh("nohash"))).toBeUndefined();
    });

    it("revokes a session once, answering the revoked row, then nothing", async () => {
      const account = accountRow();
      await ctx.store.accounts.insert(account);
      const session = sessionRow(account.id);
      await ctx.store.sessions.insert(session);
      const revokedAt = "2024-02-01T00:00:00.000Z";
      expect(await ctx.store.sessions.revoke(session.token_hash, revokedAt)).toEqual({
        ...session,
        revoked_at: revokedAt,
      });
      expect((await ctx.store.sessions.get(session.token_hash))?.revoked_at).toBe(revokedAt);
      expect(await ctx.store.sessions.revoke(session.token_hash, "2024-03-01T00:00:00.000Z")).toBeUndefined();
      expect((await ctx.store.sessions.get(session.token_hash))?.revoked_at).toBe(revokedAt);
      expect(await ctx.store.sessions.revoke(fresh("nohash"), revokedAt)).toBeUndefined();
    });

    it("refuses a session of an account that does not exist", async () => {
      await expect(ctx.store.sessions.insert(sessionRow(fresh("ghost")))).rejects.toThrow();
    });
  });

  describe("revoked tokens", () => {
    it("remembers a revoked jti, and adding it twice is harmless", async () => {
      const jti = fresh("jti");
      expect(await ctx.store.revokedTokens.has(jti)).toBe(false);
      await ctx.store.revokedTokens.add(jti, "2030-01-01T00:00:00.000Z");
      await ctx.store.revokedTokens.add(jti, "2030-01-01T00:00:00.000Z");
      expect(await ctx.store.revokedTokens.has(jti)).toBe(true);
      expect(await ctx.store.revokedTokens.has(fresh("jti"))).toBe(false);
    });
  });
}
