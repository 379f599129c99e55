import { sql } from "kysely";
import type { EventRepo, MessageRepo, MessageRow, MessageWithUser } from "../store.js";
import { type Db, visibleKinds } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";

const userCols = [
  "users.name as u_name",
  "users.image as u_image",
  "users.role as u_role",
  "users.created_at as u_created_at",
  "users.updated_at as u_updated_at",
  "users.last_active as u_last_active",
  "users.deleted_at as u_deleted_at",
] as const;

type JoinedRow = MessageRow & {
  u_name: string;
  u_image: string;
  u_role: string;
  u_created_at: string;
  u_updated_at: string;
  u_last_active: string | null;
  u_deleted_at: string | null;
};

function split(r: JoinedRow): MessageWithUser {
  const { u_name, u_image, u_role, u_created_at, u_updated_at, u_last_active, u_deleted_at, ...message } = r;
  return {
    message: { ...message, seq: Number(message.seq) },
    user: {
      id: r.user_id,
      name: u_name,
      image: u_image,
      role: u_role,
      created_at: u_created_at,
      updated_at: u_updated_at,
      last_active: u_last_active,
      deleted_at: u_deleted_at,
    },
  };
}

/** Messages shown in the channel: not thread-only replies. */
const inChannel = sql<boolean>`(messages.parent_id is null or messages.show_in_channel = 1)`;

export function messageRepo(db: Db, prepared: PreparedQueries): MessageRepo {
  const joined = () =>
    db
      .selectFrom("messages")
      .innerJoin("users", "users.id", "messages.user_id")
      .selectAll("messages")
      .select(userCols);
  return {
    async insert(row) {
      await prepared.run(db, "messages.insert", [row], (row) => db.insertInto("messages").values(row));
    },
    get: (id) =>
      prepared.first(db, "messages.get", [id], (id) =>
        db.selectFrom("messages").selectAll().where("id", "=", id),
      ),
    async getWithUser(id) {
      const r = await prepared.first(db, "messages.getWithUser", [id], (id) =>
        joined().where("messages.id", "=", id),
      );
      return r ? split(r) : undefined;
    },
    async update(id, patch) {
      await db.updateTable("messages").set(patch).where("id", "=", id).execute();
    },
    async addReply(parentId, at) {
      await db
        .updateTable("messages")
        .set((eb) => ({ reply_count: eb("reply_count", "+", 1), last_reply_at: at }))
        .where("id", "=", parentId)
        .execute();
    },
    async page(q) {
      let query = joined().where("messages.cid", "=", q.cid).where("messages.seq", ">", q.afterSeq);
      query = q.parentId ? query.where("messages.parent_id", "=", q.parentId) : query.where(inChannel);
      if (q.seqGt !== undefined) {
        const rows = await query
          .where("messages.seq", ">", q.seqGt)
          .orderBy("messages.seq", "asc")
          .limit(q.limit)
          .execute();
        return rows.map(split);
      }
      if (q.seqLt !== undefined) query = query.where("messages.seq", "<", q.seqLt);
      const rows = await query.orderBy("messages.seq", "desc").limit(q.limit).execute();
      return rows.reverse().map(split);
    },
    lastRegular: (cid, afterSeq) =>
      db
        .selectFrom("messages")
        .selectAll()
        .where("cid", "=", cid)
        .where("seq", ">", afterSeq)
        .where("type", "=", "regular")
        .where(sql<boolean>`(parent_id is null or show_in_channel = 1)`)
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirst(),
    async unreadForUser(userId, hide) {
      const rows = await db
        .selectFrom("members as m")
        .innerJoin("channels as c", "c.cid", "m.cid")
        .leftJoin("messages as msg", (j) =>
          j
            .onRef("msg.cid", "=", "m.cid")
            .onRef("msg.seq", ">", "m.last_read_seq")
            .onRef("msg.seq", ">", "c.truncated_seq")
            .onRef("msg.user_id", "!=", "m.user_id")
            .on("msg.type", "=", "regular")
            .on(sql<boolean>`(msg.parent_id is null or msg.show_in_channel = 1)`),
        )
        .select(["m.cid", "m.last_read_at", "m.muted"])
        .select((eb) => eb.fn.count<number>("msg.id").as("unread_count"))
        .where("m.user_id", "=", userId)
        .where("c.deleted_at", "is", null)
        .where(visibleKinds(hide, "c", "m"))
        .groupBy(["m.cid", "m.last_read_at", "m.muted"])
        .execute();
      return rows.map((r) => ({ ...r, unread_count: Number(r.unread_count) }));
    },
    async countUnreadByMember(cid, userIds, truncatedSeq, upToSeq) {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("members as m")
        .leftJoin("messages as msg", (j) =>
          j
            .onRef("msg.cid", "=", "m.cid")
            .onRef("msg.seq", ">", "m.last_read_seq")
            .on("msg.seq", ">", truncatedSeq)
            .on("msg.seq", "<=", upToSeq)
            .onRef("msg.user_id", "!=", "m.user_id")
            .on("msg.type", "=", "regular")
            .on(sql<boolean>`(msg.parent_id is null or msg.show_in_channel = 1)`),
        )
        .select("m.user_id")
        .select((eb) => eb.fn.count<number>("msg.id").as("n"))
        .where("m.cid", "=", cid)
        .where("m.user_id", "in", userIds)
        .groupBy("m.user_id")
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
    async countUnread(cid, userId, afterSeq) {
      const r = await db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("cid", "=", cid)
        .where("seq", ">", afterSeq)
        .where("user_id", "!=", userId)
        .where("type", "=", "regular")
        .where(sql<boolean>`(parent_id is null or show_in_channel = 1)`)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

export function eventRepo(db: Db, prepared: PreparedQueries): EventRepo {
  return {
    async insert(row) {
      await prepared.run(db, "events.insert", [row], (row) => db.insertInto("events").values(row));
    },
    async range(cid, afterSeq, upToSeq, limit) {
      const rows = await db
        .selectFrom("events")
        .selectAll()
        .where("cid", "=", cid)
        .where("seq", ">", afterSeq)
        .where("seq", "<=", upToSeq)
        .orderBy("seq", "asc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    },
    async minSeq(cid) {
      const r = await db
        .selectFrom("events")
        .select((eb) => eb.fn.min<number>("seq").as("s"))
        .where("cid", "=", cid)
        .executeTakeFirst();
      return r?.s == null ? undefined : Number(r.s);
    },
    async prune(before, keep) {
      const r = await db
        .deleteFrom("events")
        .where("created_at", "<", before)
        .where((eb) =>
          eb(
            "seq",
            "<=",
            eb
              .selectFrom("channels")
              .select((e2) => e2(e2.ref("channels.last_seq"), "-", keep).as("cutoff"))
              .whereRef("channels.cid", "=", "events.cid"),
          ),
        )
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
