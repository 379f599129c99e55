import { describe, expect, it } from "vitest";
import {
  accountRow,
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  memberRow,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

export function transactionContract(ctx: ContractContext): void {
  describe("transactions", () => {
    it("commits every write and answers the callback's value", async () => {
      const ch = await addChannel(ctx.store);
      const account = accountRow();
      const result = await ctx.store.transaction(async (tx) => {
        await tx.accounts.insert(account);
        const seq = await tx.channels.nextSeq(ch.cid);
        await tx.events.insert({ cid: ch.cid, seq, type: "t", payload: "{}", created_at: at(1) });
        return { seq };
      });
      expect(result).toEqual({ seq: 1 });
      expect(await ctx.store.accounts.get(account.id)).toEqual(account);
      expect((await ctx.store.events.range(ch.cid, 0, 10, 10)).map((e) => e.seq)).toEqual([1]);
    });

    it("sees its own writes before commit", async () => {
      const ch = await addChannel(ctx.store);
      await ctx.store.transaction(async (tx) => {
        const u = await addUser(tx);
        await tx.members.insert(memberRow(ch.cid, u.id));
        expect(await tx.members.count(ch.cid)).toBe(1);
        expect(await tx.channels.nextSeq(ch.cid)).toBe(1);
        expect((await tx.channels.get(ch.cid))?.last_seq).toBe(1);
      });
    });

    it("a thrown error rolls back every write and is rethrown as is", async () => {
      const { store } = ctx;
      const ch = await addChannel(store, { name: "Before" });
      const author = await addUser(store, { name: "Author" });
      await store.members.insert(memberRow(ch.cid, author.id));
      await store.channels.nextSeq(ch.cid);
      const account = accountRow();
      const newUserId = fresh("u");
      const message = messageRow(ch.cid, author.id, 2);
      const boom = new Error("boom");
      await expect(
        store.transaction(async (tx) => {
          await tx.accounts.insert(account);
          await tx.users.upsert({ ...author, name: "Changed" });
          await tx.users.upsert({
            id: newUserId,
            name: "N",
            image: "",
            role: "user",
            created_at: at(0),
            updated_at: at(0),
          });
          await tx.revokedTokens.add(`jti-${newUserId}`, at(1));
          const seq = await tx.channels.nextSeq(ch.cid);
          await tx.messages.insert({ ...message, seq });
          await tx.events.insert({ cid: ch.cid, seq, type: "t", payload: "{}", created_at: at(1) });
          await tx.channels.update(ch.cid, { name: "After", last_message_at: at(2) });
          await tx.members.update(ch.cid, author.id, { last_read_seq: seq });
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await store.accounts.get(account.id)).toBeUndefined();
      expect((await store.users.get(author.id))?.name).toBe("Author");
      expect(await store.users.get(newUserId)).toBeUndefined();
      expect(await store.revokedTokens.has(`jti-${newUserId}`)).toBe(false);
      expect(await store.messages.get(message.id)).toBeUndefined();
      expect(await store.events.range(ch.cid, 0, 10, 10)).toEqual([]);
      expect(await store.channels.get(ch.cid)).toEqual({ ...ch, last_seq: 1 });
      expect((await store.members.get(ch.cid, author.id))?.last_read_seq).toBe(0);
    });

    it("a failing statement rolls back the writes before it", async () => {
      const ch = await addChannel(ctx.store);
      const account = accountRow();
      await expect(
        ctx.store.transaction(async (tx) => {
          await tx.accounts.insert(account);
          await tx.channels.nextSeq(ch.cid);
          await tx.channels.insert(ch);
        }),
      ).rejects.toThrow();
      expect(await ctx.store.accounts.get(account.id)).toBeUndefined();
      expect((await ctx.store.channels.get(ch.cid))?.last_seq).toBe(0);
    });
  });

  describe("health", () => {
    it("ping answers while the database is reachable", async () => {
      await expect(ctx.store.ping()).resolves.toBeUndefined();
      expect(["sqlite", "postgres"]).toContain(ctx.store.dialect);
    });
  });
}
