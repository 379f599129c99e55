import type { PushSubscriptionsTable } from "../schema.js";
import type { NotificationRepo } from "../store.js";
import type { Db } from "./executor.js";
import { memberOf, notificationSettingsColumns, notificationSettingsOf } from "./row-values.js";

const DEFAULT_SETTINGS = {
  default_level: "mentions",
  dnd_until: null,
  email: null,
  email_verified: false,
  email_token_hash: null,
  email_token_expires_at: null,
  email_digest: true,
  email_delay_minutes: 15,
  emailed_through: null,
} as const;

/** A subscription's own columns, out of a row joined with others. */
const subscriptionOf = (r: PushSubscriptionsTable): PushSubscriptionsTable => ({
  id: r.id,
  user_id: r.user_id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  user_agent: r.user_agent,
  created_at: r.created_at,
});

export function notificationRepo(db: Db): NotificationRepo {
  const settings = async (userId: string) => {
    const r = await db
      .selectFrom("notification_settings")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return r && notificationSettingsOf(r);
  };
  return {
    settings,
    async saveSettings(userId, patch, now) {
      // Only the patched columns are written over a stored row: a digest round advancing
      // `emailed_through` meanwhile keeps its write.
      const changed = notificationSettingsColumns({ ...patch, updated_at: now });
      await db
        .insertInto("notification_settings")
        .values(
          notificationSettingsColumns({ ...DEFAULT_SETTINGS, ...patch, user_id: userId, updated_at: now }),
        )
        .onConflict((oc) => oc.column("user_id").doUpdateSet(changed))
        .execute();
      const row = await settings(userId);
      if (!row) throw new Error("notification settings vanished while being saved");
      return row;
    },
    async byEmailToken(tokenHash) {
      const r = await db
        .selectFrom("notification_settings")
        .selectAll()
        .where("email_token_hash", "=", tokenHash)
        .executeTakeFirst();
      return r && notificationSettingsOf(r);
    },
    subscriptions: (userId) =>
      db
        .selectFrom("push_subscriptions")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
    async saveSubscription(row) {
      const { id: _id, created_at: _at, endpoint: _e, ...keys } = row;
      return db
        .insertInto("push_subscriptions")
        .values(row)
        .onConflict((oc) => oc.column("endpoint").doUpdateSet(keys))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async deleteSubscription(id, userId) {
      let q = db.deleteFrom("push_subscriptions").where("id", "=", id);
      if (userId !== undefined) q = q.where("user_id", "=", userId);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async candidates(cid) {
      const rows = await db
        .selectFrom("push_subscriptions as s")
        .innerJoin("members as m", (j) => j.onRef("m.user_id", "=", "s.user_id").on("m.cid", "=", cid))
        .leftJoin("notification_settings as n", "n.user_id", "s.user_id")
        .selectAll("s")
        .select([
          "m.cid",
          "m.role",
          "m.created_at as m_created_at",
          "m.hidden",
          "m.muted",
          "m.muted_until",
          "m.starred",
          "m.notify_level",
          "m.last_read_at",
          "m.last_read_message_id",
          "m.last_read_seq",
          "n.user_id as n_user_id",
          "n.default_level",
          "n.dnd_until",
        ])
        .orderBy("s.user_id")
        .orderBy("s.id")
        .execute();
      return rows.map((r) => ({
        subscription: subscriptionOf(r),
        member: memberOf({
          cid: r.cid,
          user_id: r.user_id,
          role: r.role,
          created_at: r.m_created_at,
          hidden: r.hidden,
          muted: r.muted,
          muted_until: r.muted_until,
          starred: r.starred,
          notify_level: r.notify_level,
          last_read_at: r.last_read_at,
          last_read_message_id: r.last_read_message_id,
          last_read_seq: r.last_read_seq,
        }),
        settings:
          r.n_user_id === null
            ? undefined
            : {
                ...DEFAULT_SETTINGS,
                user_id: r.user_id,
                default_level: (r.default_level ?? "mentions") as "mentions",
                dnd_until: r.dnd_until,
                updated_at: "",
              },
      }));
    },
    queued: (limit) =>
      db
        .selectFrom("notify_queue")
        .selectAll()
        .orderBy("created_at")
        .orderBy("message_id")
        .limit(limit)
        .execute(),
    async dequeue(messageIds) {
      if (messageIds.length === 0) return;
      await db.deleteFrom("notify_queue").where("message_id", "in", messageIds).execute();
    },
    async addDeliveries(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto("push_deliveries")
        .values([...rows])
        .onConflict((oc) => oc.columns(["message_id", "subscription_id"]).doNothing())
        .execute();
    },
    async dueDeliveries(now, limit) {
      const rows = await db
        .selectFrom("push_deliveries as d")
        .innerJoin("push_subscriptions as s", "s.id", "d.subscription_id")
        .selectAll("d")
        .select(["s.user_id", "s.endpoint", "s.p256dh", "s.auth", "s.user_agent", "s.created_at"])
        .where("d.next_at", "<=", now)
        .orderBy("d.next_at")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        message_id: r.message_id,
        subscription_id: r.subscription_id,
        payload: r.payload,
        attempts: r.attempts,
        next_at: r.next_at,
        subscription: subscriptionOf({ ...r, id: r.subscription_id }),
      }));
    },
    async deleteDelivery(messageId, subscriptionId) {
      await db
        .deleteFrom("push_deliveries")
        .where("message_id", "=", messageId)
        .where("subscription_id", "=", subscriptionId)
        .execute();
    },
    async postponeDelivery(messageId, subscriptionId, attempts, nextAt) {
      await db
        .updateTable("push_deliveries")
        .set({ attempts, next_at: nextAt })
        .where("message_id", "=", messageId)
        .where("subscription_id", "=", subscriptionId)
        .execute();
    },
    async claimLease(name, holder, now, until) {
      await db
        .insertInto("worker_leases")
        .values({ name, holder, expires_at: until })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ holder, expires_at: until })
            .where((eb) =>
              eb.or([eb("worker_leases.holder", "=", holder), eb("worker_leases.expires_at", "<=", now)]),
            ),
        )
        .execute();
      const r = await db
        .selectFrom("worker_leases")
        .select("holder")
        .where("name", "=", name)
        .executeTakeFirst();
      return r?.holder === holder;
    },
    async releaseLease(name, holder) {
      await db.deleteFrom("worker_leases").where("name", "=", name).where("holder", "=", holder).execute();
    },
    expiredMutes: (now, limit) =>
      db
        .selectFrom("members")
        .select(["cid", "user_id"])
        .where("muted", "=", 1)
        .where("muted_until", "is not", null)
        .where("muted_until", "<=", now)
        .limit(limit)
        .execute(),
  };
}
