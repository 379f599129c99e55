import type { ExpressionBuilder } from "kysely";
import type { Database } from "../schema.js";
import type { ModerationRepo } from "../store.js";
import type { Db } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";
import { banColumns, banOf } from "./row-values.js";

/** A ban in force at `now`: one without an end, or one that ends later. */
export const banInForce = (now: string) => (eb: ExpressionBuilder<Database, "bans">) =>
  eb.or([eb("bans.expires_at", "is", null), eb("bans.expires_at", ">", now)]);

export function moderationRepo(db: Db, prepared: PreparedQueries): ModerationRepo {
  return {
    async addFlag(row) {
      const r = await db
        .insertInto("flags")
        .values(row)
        .onConflict((oc) => oc.columns(["message_id", "user_id"]).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    flags(q) {
      let query = db
        .selectFrom("flags")
        .innerJoin("messages", "messages.id", "flags.message_id")
        .selectAll("flags");
      if (q.reviewed !== undefined)
        query = query.where("flags.reviewed_at", q.reviewed ? "is not" : "is", null);
      if (q.cid) query = query.where("flags.cid", "=", q.cid);
      if (q.authorId) query = query.where("messages.user_id", "=", q.authorId);
      return query
        .orderBy("flags.created_at", q.direction === 1 ? "asc" : "desc")
        .orderBy("flags.message_id")
        .orderBy("flags.user_id")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
    },
    async flagsFor(messageIds) {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom("flags")
        .selectAll()
        .where("message_id", "in", [...messageIds])
        .execute();
    },
    async reviewFlags(messageIds, reviewer, at, result) {
      if (messageIds.length === 0) return [];
      return db
        .updateTable("flags")
        .set({ reviewed_by: reviewer, reviewed_at: at, review_result: result })
        .where("message_id", "in", [...messageIds])
        .returningAll()
        .execute();
    },
    async putBan(ban) {
      const row = banColumns(ban);
      await db
        .insertInto("bans")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["user_id", "scope"]).doUpdateSet({
            reason: row.reason,
            banned_by_id: row.banned_by_id,
            created_at: row.created_at,
            expires_at: row.expires_at,
            shadow: row.shadow,
          }),
        )
        .execute();
    },
    async removeBan(userId, scope) {
      const r = await db
        .deleteFrom("bans")
        .where("user_id", "=", userId)
        .where("scope", "=", scope)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async activeBans(userId, scopes, now) {
      if (scopes.length === 0) return [];
      const rows = await prepared.run(
        db,
        "moderation.activeBans",
        [userId, [...scopes], now],
        (userId, scopes, now) =>
          db
            .selectFrom("bans")
            .selectAll()
            .where("user_id", "=", userId)
            .where("scope", "in", scopes)
            .where(banInForce(now)),
      );
      return rows.map(banOf);
    },
    async bans(scope, now, limit, offset) {
      let q = db.selectFrom("bans").selectAll().where(banInForce(now));
      if (scope) q = q.where("scope", "=", scope);
      const rows = await q
        .orderBy("created_at", "desc")
        .orderBy("user_id")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(banOf);
    },
    async addMute(row) {
      await db
        .insertInto("user_mutes")
        .values(row)
        .onConflict((oc) => oc.columns(["user_id", "target_id"]).doNothing())
        .execute();
    },
    async removeMute(userId, targetId) {
      const r = await db
        .deleteFrom("user_mutes")
        .where("user_id", "=", userId)
        .where("target_id", "=", targetId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    mutesOf: (userId) =>
      prepared.run(db, "moderation.mutesOf", [userId], (userId) =>
        db.selectFrom("user_mutes").selectAll().where("user_id", "=", userId),
      ),
  };
}
