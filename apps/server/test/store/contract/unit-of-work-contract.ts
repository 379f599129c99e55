import { beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../../src/domain/events.js";
import { type ContractContext, fresh } from "../../../src/store/testing/fixtures.js";

/** The change pipeline: what a transaction emits is published after its COMMIT, or never. */
export function unitOfWorkContract(ctx: ContractContext): void {
  describe("units of work", () => {
    const published: Envelope[] = [];
    beforeAll(() => {
      ctx.store.publishTo({ publish: (e) => void published.push(e) });
    });
    /** A distinct envelope per name, to find among what other tests publish. */
    const envelope = (cid: string): Envelope => ({ kind: "access", cid, userIds: [] });
    const seen = (tag: string) =>
      published
        .filter((e) => e.kind === "access" && e.cid.startsWith(tag))
        .map((e) => (e as { cid: string }).cid);

    it("publishes what a transaction emitted, in order, after its commit and before its answer", async () => {
      const tag = fresh("uow");
      const answered = await ctx.store.transaction(async (tx) => {
        tx.emit(envelope(`${tag}-1`));
        tx.emit(envelope(`${tag}-2`));
        await tx.users.get(fresh("nobody"));
        expect(seen(tag)).toEqual([]);
        return "done";
      });
      expect(answered).toBe("done");
      expect(seen(tag)).toEqual([`${tag}-1`, `${tag}-2`]);
    });

    it("publishes nothing of a transaction that throws", async () => {
      const tag = fresh("uow");
      const boom = new Error("boom");
      await expect(
        ctx.store.transaction(async (tx) => {
          tx.emit(envelope(`${tag}-1`));
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(seen(tag)).toEqual([]);
    });

    it("in one group commit, drops only what the failed transaction emitted", async () => {
      const tag = fresh("uow");
      const key = fresh("key");
      const boom = new Error("boom");
      const outcomes = await Promise.allSettled(
        [1, 2, 3].map((n) =>
          ctx.store.transaction(async (tx) => {
            tx.emit(envelope(`${tag}-${n}`));
            await tx.users.get(fresh("nobody"));
            if (n === 2) throw boom;
            return n;
          }, key),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(seen(tag)).toEqual([`${tag}-1`, `${tag}-3`]);
    });
  });
}
