import { sql } from "kysely";
import type { EventRepo, MessageRepo, MessageRow, MessageWithUser } from "../store.js";
import { type Db, visibleKinds } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";

/**
 * Messages with their authors, each author read once: joining `users` onto every row made a
 * page of 100 cost 60 % more to read than the messages alone (docs/performance.md, P5).
 * Like the inner join it replaces, a message whose author is missing is left out.
 */
async function withAuthors(
  db: Db,
  prepared: PreparedQueries,
  rows: MessageRow[],
): Promise<MessageWithUser[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = await prepared.run(db, "users.byIds", [ids], (ids) =>
    db.selectFrom("users").selectAll().where("id", "in", ids),
  );
  const byId = new Map(users.map((u) => [u.id, u]));
  const out: MessageWithUser[] = [];
  for (const message of rows) {
    const user = byId.get(message.user_id);
    if (user) out.push({ message: { ...message, seq: Number(message.seq) }, user });
  }
  return out;
}

/** Messages shown in the channel: not thread-only replies. */
const inChannel = sql<boolean>`(messages.parent_id is null or messages.show_in_channel = 1)`;

export function messageRepo(db: Db, prepared: PreparedQueries): MessageRepo {
  return {
    async insert(row) {
      await prepared.run(db, "messages.insert", [row], (row) => db.insertInto("messages").values(row));
    },
    get: (id) =>
      prepared.first(db, "messages.get", [id], (id) =>
        db.selectFrom("messages").selectAll().where("id", "=", id),
      ),
    async getWithUser(id) {
      const r = await prepared.first(db, "messages.get", [id], (id) =>
        db.selectFrom("messages").selectAll().where("id", "=", id),
      );
      return r ? (await withAuthors(db, prepared, [r]))[0] : undefined;
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
      let query = db
        .selectFrom("messages")
        .selectAll()
        .where("messages.cid", "=", q.cid)
        .where("messages.seq", ">", q.afterSeq);
      query = q.parentId ? query.where("messages.parent_id", "=", q.parentId) : query.where(inChannel);
      if (q.seqGt !== undefined) {
        const rows = await query
          .where("messages.seq", ">", q.seqGt)
          .orderBy("messages.seq", "asc")
          .limit(q.limit)
          .execute();
        return withAuthors(db, prepared, rows);
      }
      if (q.seqLt !== undefined) query = query.where("messages.seq", "<", q.seqLt);
      const rows = await query.orderBy("messages.seq", "desc").limit(q.limit).execute();
      return withAuthors(db, prepared, rows.reverse());
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
