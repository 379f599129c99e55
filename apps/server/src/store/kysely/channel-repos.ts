import { sql } from "kysely";
import type { ChannelRepo, ChannelTypeRepo, MemberRepo } from "../store.js";
import { readAudience, splitIds } from "./audience.js";
import { nextSeqQuery, readStanding } from "./channel-standing.js";
import { type Db, visibleKinds } from "./executor.js";
import { listWithUsers } from "./first-members.js";
import { channelNameMatches } from "./name-match.js";
import type { PreparedQueries } from "./prepared.js";
import {
  bit,
  channelColumns,
  channelOf,
  channelTypeColumns,
  channelTypeOf,
  memberColumns,
  memberOf,
} from "./row-values.js";

export function channelTypeRepo(db: Db): ChannelTypeRepo {
  return {
    async get(name) {
      const r = await db.selectFrom("channel_types").selectAll().where("name", "=", name).executeTakeFirst();
      return r && channelTypeOf(r);
    },
    async names() {
      const rows = await db.selectFrom("channel_types").select("name").orderBy("name").execute();
      return rows.map((r) => r.name);
    },
    async put(row) {
      const columns = channelTypeColumns(row);
      await db
        .insertInto("channel_types")
        .values(columns)
        .onConflict((oc) => oc.column("name").doUpdateSet({ config: columns.config }))
        .execute();
    },
    async setPolicies(name, policies) {
      await db
        .updateTable("channel_types")
        .set(channelTypeColumns({ policies }))
        .where("name", "=", name)
        .execute();
    },
  };
}

export function channelRepo(db: Db, prepared: PreparedQueries): ChannelRepo {
  return {
    async insert(row) {
      await db.insertInto("channels").values(channelColumns(row)).execute();
    },
    async get(cid) {
      const r = await prepared.first(db, "channels.get", [cid], (cid) =>
        db.selectFrom("channels").selectAll().where("cid", "=", cid),
      );
      return r && channelOf(r);
    },
    withStanding: (cid, userId, now) => readStanding(db, prepared, cid, userId, now),
    nextSeqWithStanding: (cid, userId, now, activity) =>
      prepared.dialect.nextSeqWithStanding(db, prepared, cid, userId, now, activity),
    async update(cid, patch) {
      const r = await prepared.only(db, "channels.update", [cid, channelColumns(patch)], (cid, patch) =>
        db.updateTable("channels").set(patch).where("cid", "=", cid).returningAll(),
      );
      return channelOf(r);
    },
    // A no-op UPDATE: portable (SQLite has no FOR UPDATE) and it row-locks on PostgreSQL.
    async lock(cid) {
      const r = await db
        .updateTable("channels")
        .set((eb) => ({ last_seq: eb.ref("last_seq") }))
        .where("cid", "=", cid)
        .returningAll()
        .executeTakeFirst();
      return r && channelOf(r);
    },
    async lastSeqs(cids) {
      if (cids.length === 0) return [];
      return db.selectFrom("channels").select(["cid", "last_seq"]).where("cid", "in", cids).execute();
    },
    async nextSeq(cid) {
      const r = await prepared.only(db, "channels.nextSeq", [cid], (cid) =>
        nextSeqQuery(db, cid).returning("last_seq"),
      );
      return r.last_seq;
    },
    async listForUser(q) {
      let query = db
        .selectFrom("channels")
        .innerJoin("members", (j) =>
          j.onRef("members.cid", "=", "channels.cid").on("members.user_id", "=", q.userId),
        )
        .selectAll("channels")
        .where("channels.deleted_at", "is", null)
        .where(visibleKinds(q.hide, "channels", "members"));
      if (q.type) query = query.where("channels.type", "=", q.type);
      if (q.hidden !== undefined) query = query.where("members.hidden", "=", bit(q.hidden));
      if (q.muted !== undefined) query = query.where("members.muted", "=", bit(q.muted));
      const dir = q.sortDirection === -1 ? sql.raw("desc") : sql.raw("asc");
      const key =
        q.sortField === "last_message_at"
          ? sql`coalesce(channels.last_message_at, channels.created_at)`
          : sql.ref(`channels.${q.sortField}`);
      const rows = await query
        .orderBy(sql`${key} ${dir}`)
        .orderBy("channels.cid", "asc")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return rows.map(channelOf);
    },
    async listJoinable(q) {
      if (q.types.length === 0) return [];
      let query = db
        .selectFrom("channels")
        .selectAll()
        .where("type", "in", q.types)
        .where("is_direct", "=", 0)
        .where("deleted_at", "is", null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("members")
                .select("members.cid")
                .whereRef("members.cid", "=", "channels.cid")
                .where("members.user_id", "=", q.userId),
            ),
          ),
        );
      const text = q.text?.trim().toLowerCase();
      if (text) query = query.where((eb) => channelNameMatches(eb, text));
      const rows = await query
        .orderBy(sql`coalesce(channels.last_message_at, channels.created_at) desc`)
        .orderBy("channels.cid", "asc")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return rows.map(channelOf);
    },
  };
}

export function memberRepo(db: Db, prepared: PreparedQueries): MemberRepo {
  return {
    async insert(row) {
      await db.insertInto("members").values(memberColumns(row)).execute();
    },
    async get(cid, userId) {
      const r = await prepared.first(db, "members.get", [cid, userId], (cid, userId) =>
        db.selectFrom("members").selectAll().where("cid", "=", cid).where("user_id", "=", userId),
      );
      return r && memberOf(r);
    },
    async delete(cid, userId) {
      await db.deleteFrom("members").where("cid", "=", cid).where("user_id", "=", userId).execute();
    },
    async update(cid, userId, patch) {
      await prepared.run(db, "members.update", [cid, userId, memberColumns(patch)], (cid, userId, patch) =>
        db.updateTable("members").set(patch).where("cid", "=", cid).where("user_id", "=", userId),
      );
    },
    listWithUsers: (cid, limit) => listWithUsers(db, prepared, cid, limit),
    async listWithUsersIn(cids, limit) {
      if (cids.length === 0 || limit === 0) return new Map();
      return prepared.dialect.listWithUsersIn(db, prepared, cids, limit);
    },
    async userIds(cid) {
      // One joined string, as in `audience`.
      const row = await prepared.first(db, "members.userIds", [cid], (cid) =>
        db
          .selectFrom("members")
          .select(sql<string | null>`string_agg(user_id, ',')`.as("ids"))
          .where("cid", "=", cid),
      );
      return splitIds(row?.ids ?? null);
    },
    audience: (cid, senderId) => readAudience(db, prepared, cid, senderId),
    withRoles: (cid) =>
      db
        .selectFrom("members")
        .innerJoin("users", "users.id", "members.user_id")
        .select(["members.user_id", "members.role", "users.role as app_role"])
        .where("members.cid", "=", cid)
        .execute(),
    async count(cid) {
      const r = await db
        .selectFrom("members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("cid", "=", cid)
        .executeTakeFirstOrThrow();
      return r.n;
    },
    async unhideAll(cid) {
      const rows = await prepared.run(db, "members.unhideAll", [cid], (cid) =>
        db
          .updateTable("members")
          .set({ hidden: 0 })
          .where("cid", "=", cid)
          // A literal, so the planner takes the partial index members_hidden even in a generic plan.
          .where("hidden", "=", sql.lit(1))
          .returning("user_id"),
      );
      return rows.map((r) => r.user_id);
    },
    async forUser(userId, cids) {
      if (cids.length === 0) return [];
      const rows = await db
        .selectFrom("members")
        .selectAll()
        .where("user_id", "=", userId)
        .where("cid", "in", [...cids])
        .execute();
      return rows.map(memberOf);
    },
    async forUsers(cid, userIds) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom("members")
        .select("user_id")
        .where("cid", "=", cid)
        .where("user_id", "in", [...userIds])
        .execute();
      return rows.map((r) => r.user_id);
    },
    async cidsForUser(userId) {
      const rows = await prepared.run(db, "members.cidsForUser", [userId], (userId) =>
        db.selectFrom("members").select("cid").where("user_id", "=", userId),
      );
      return rows.map((r) => r.cid);
    },
  };
}
