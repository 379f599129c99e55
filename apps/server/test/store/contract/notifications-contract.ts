import { describe, expect, it } from "vitest";
import {
  addChannel,
  addUser,
  type ContractContext,
  fresh,
  memberRow,
} from "../../../src/store/testing/fixtures.js";

/** Notification settings, push devices, the outbox and the worker lease, alike on both engines. */
export function notificationsContract(ctx: ContractContext): void {
  describe("notifications", () => {
    const device = (userId: string, over: { endpoint?: string; created_at?: string } = {}) => ({
      id: fresh("sub"),
      user_id: userId,
      endpoint: over.endpoint ?? `https://push.example/${fresh("e")}`,
      p256dh: "p",
      auth: "a",
      user_agent: "ua",
      created_at: over.created_at ?? "2024-01-01T00:00:00.000Z",
    });

    it("keeps settings over the defaults, patch by patch", async () => {
      const u = await addUser(ctx.store);
      expect(await ctx.store.notifications.settings(u.id)).toBeUndefined();
      await ctx.store.notifications.saveSettings(u.id, { default_level: "all" }, "2024-01-01T00:00:00.000Z");
      const row = await ctx.store.notifications.saveSettings(
        u.id,
        { email_digest: false },
        "2024-01-02T00:00:00.000Z",
      );
      expect(row).toMatchObject({
        default_level: "all",
        email_digest: false,
        email_verified: false,
        email_delay_minutes: 15,
      });
      expect(await ctx.store.notifications.settings(u.id)).toEqual(row);
    });

    it("gives each push candidate its membership and settings, and one endpoint one row", async () => {
      const [a, b] = [await addUser(ctx.store), await addUser(ctx.store)];
      const ch = await addChannel(ctx.store);
      await ctx.store.members.insert(
        memberRow(ch.cid, a.id, {
          notify_level: "all",
          muted: true,
          muted_until: "2030-01-01T00:00:00.000Z",
        }),
      );
      await ctx.store.notifications.saveSettings(
        a.id,
        { dnd_until: "2031-01-01T00:00:00.000Z" },
        "2024-01-01T00:00:00.000Z",
      );
      const d = await ctx.store.notifications.saveSubscription(device(a.id));
      await ctx.store.notifications.saveSubscription(device(b.id));
      const [c, ...rest] = await ctx.store.notifications.candidates(ch.cid);
      expect(rest).toEqual([]);
      expect(c!.subscription).toEqual(d);
      expect(c!.member).toMatchObject({
        notify_level: "all",
        muted: true,
        muted_until: "2030-01-01T00:00:00.000Z",
      });
      expect(c!.settings).toMatchObject({ dnd_until: "2031-01-01T00:00:00.000Z" });
      const moved = await ctx.store.notifications.saveSubscription({ ...device(b.id), endpoint: d.endpoint });
      expect(moved).toMatchObject({ id: d.id, user_id: b.id });
      expect(await ctx.store.notifications.subscriptions(a.id)).toEqual([]);
    });

    it("stores a delivery once per message and device, and drops it with its device", async () => {
      const u = await addUser(ctx.store);
      const d = await ctx.store.notifications.saveSubscription(device(u.id));
      const m = fresh("m");
      const row = {
        message_id: m,
        subscription_id: d.id,
        payload: "{}",
        attempts: 0,
        next_at: "2024-01-01T00:00:00.000Z",
      };
      await ctx.store.notifications.addDeliveries([row]);
      await ctx.store.notifications.addDeliveries([{ ...row, payload: "again" }]);
      const due = (await ctx.store.notifications.dueDeliveries("2024-01-01T00:00:00.000Z", 1000)).filter(
        (x) => x.message_id === m,
      );
      expect(due).toEqual([{ ...row, subscription: d }]);
      await ctx.store.notifications.postponeDelivery(m, d.id, 1, "2024-01-02T00:00:00.000Z");
      const later = (await ctx.store.notifications.dueDeliveries("2024-01-01T12:00:00.000Z", 1000)).filter(
        (x) => x.message_id === m,
      );
      expect(later).toEqual([]);
      expect(await ctx.store.notifications.deleteSubscription(d.id)).toBe(true);
      const gone = (await ctx.store.notifications.dueDeliveries("2099-01-01T00:00:00.000Z", 1000)).filter(
        (x) => x.message_id === m,
      );
      expect(gone).toEqual([]);
    });

    it("lets one holder have a lease until it ends, then the next", async () => {
      const name = fresh("lease");
      const t = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s)).toISOString();
      expect(await ctx.store.notifications.claimLease(name, "a", t(0), t(15))).toBe(true);
      expect(await ctx.store.notifications.claimLease(name, "b", t(5), t(20))).toBe(false);
      expect(await ctx.store.notifications.claimLease(name, "a", t(10), t(25))).toBe(true);
      expect(await ctx.store.notifications.claimLease(name, "b", t(20), t(35))).toBe(false);
      expect(await ctx.store.notifications.claimLease(name, "b", t(25), t(40))).toBe(true);
      await ctx.store.notifications.releaseLease(name, "a");
      expect(await ctx.store.notifications.claimLease(name, "a", t(26), t(41))).toBe(false);
      await ctx.store.notifications.releaseLease(name, "b");
      expect(await ctx.store.notifications.claimLease(name, "a", t(27), t(42))).toBe(true);
    });

    it("finds the timed mutes that ended", async () => {
      const u = await addUser(ctx.store);
      const [ended, running, forever] = [
        await addChannel(ctx.store),
        await addChannel(ctx.store),
        await addChannel(ctx.store),
      ];
      await ctx.store.members.insert(
        memberRow(ended.cid, u.id, { muted: true, muted_until: "2024-01-01T00:00:00.000Z" }),
      );
      await ctx.store.members.insert(
        memberRow(running.cid, u.id, { muted: true, muted_until: "2099-01-01T00:00:00.000Z" }),
      );
      await ctx.store.members.insert(memberRow(forever.cid, u.id, { muted: true }));
      const found = (await ctx.store.notifications.expiredMutes("2024-06-01T00:00:00.000Z", 10_000)).filter(
        (m) => m.user_id === u.id,
      );
      expect(found).toEqual([{ cid: ended.cid, user_id: u.id }]);
    });
  });
}
