import { sql } from "kysely";
import { groupBy } from "../../lib/group-by.js";
import type { MessagesTable } from "../schema.js";
import type { EventRepo, MessageRepo, MessageWithUser, ReadPosition, UnreadQuery } from "../store.js";
import { userRepo } from "./account-repos.js";
import { type Db, visibleKinds } from "./executor.js";
import { insertEvent, insertMessage } from "./message-writes.js";
import { type Operand, perChannel } from "./per-channel.js";
import type { PreparedQueries } from "./prepared.js";
import { messageColumns, messageOf } from "./row-values.js";
import { countable } from "./unread-rule.js";

/**
 * Stored messages with their authors, each author read once: joining `users` onto every row made
 * a page of 100 cost 60 % more to read than the messages alone (docs/performance.md, P5).
 * Like the inner join it replaces, a message whose author is missing is left out.
 */
async function withAuthors(
  db: Db,
  prepared: PreparedQueries,
  rows: MessagesTable[],
): Promise<MessageWithUser[]> {
  if (rows.length === 0) return [];
  const users = await userRepo(db, prepared).getMany([...new Set(rows.map((r) => r.user_id))]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const out: MessageWithUser[] = [];
  for (const message of rows) {
    const user = byId.get(message.user_id);
    if (user) out.push({ message: messageOf(message), user });
  }
  return out;
}

/** Messages shown in the channel: not thread-only replies. */
const inChannel = sql<boolean>`(messages.parent_id is null or messages.show_in_channel = 1)`;

/** A channel's messages after seq `afterSeq`. */
const after = (db: Db, cid: Operand<string>, afterSeq: Operand<number>) =>
  db.selectFrom("messages").selectAll().where("messages.cid", "=", cid).where("messages.seq", ">", afterSeq);

/** … those shown in the channel. */
const shownAfter = (db: Db, cid: Operand<string>, afterSeq: Operand<number>) =>
  after(db, cid, afterSeq).where(inChannel);

const newestFirst = <Q extends ReturnType<typeof after>>(query: Q, limit: number) =>
  query.orderBy("messages.seq", "desc").limit(limit);

/** A channel's newest `limit` messages shown in it, newest first. */
const newestShown = (db: Db, cid: Operand<string>, afterSeq: Operand<number>, limit: number) =>
  newestFirst(shownAfter(db, cid, afterSeq), limit);

/** The messages an unread count counts after seq `after` (their authors' own left to the caller). */
const unreadAfter = (db: Db, cid: Operand<string>, after: Operand<number>) =>
  db.selectFrom("messages").where("cid", "=", cid).where("seq", ">", after).where(countable("messages"));

/** … and up to seq `upTo`. */
const unreadIn = (db: Db, cid: Operand<string>, after: Operand<number>, upTo: Operand<number>) =>
  unreadAfter(db, cid, after).where("seq", "<=", upTo);

/**
 * Up to this many seqs between the furthest-behind reader and the end, the unread counts of a
 * channel's readers come from one scan of that window; a longer backlog is counted per reader
 * in SQL, which reads no more rows than the readers' own backlogs (docs/performance.md, P5).
 */
export const ONE_SCAN_WINDOW = 1000;

/** Each reader's count from one scan of the window their unread messages are in (rows `countable` already). */
function countIn(
  window: readonly { seq: number; user_id: string }[],
  readers: readonly ReadPosition[],
): Map<string, number> {
  return new Map(
    readers.map((r) => {
      const after = r.last_read_seq;
      let n = 0;
      for (const m of window) if (m.seq > after && m.user_id !== r.user_id) n++;
      return [r.user_id, n];
    }),
  );
}

/** Each reader's count in SQL, one statement each. */
async function countUnreadEach(
  db: Db,
  prepared: PreparedQueries,
  { cid, readers, truncatedSeq, upToSeq }: UnreadQuery,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const r of readers) {
    const after = Math.max(truncatedSeq, r.last_read_seq);
    const row = await prepared.only(
      db,
      "messages.unreadOf",
      [cid, after, upToSeq, r.user_id],
      (cid, after, upTo, userId) =>
        unreadIn(db, cid, after, upTo)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "!=", userId),
    );
    counts.set(r.user_id, row.n);
  }
  return counts;
}

export function messageRepo(db: Db, prepared: PreparedQueries): MessageRepo {
  return {
    async insert(row) {
      await prepared.run(db, "messages.insert", [messageColumns(row)], (row) => insertMessage(db, row));
    },
    insertNew: (row, event, shown) =>
      prepared.dialect.insertNew(db, prepared, messageColumns(row), event, shown),
    async get(id) {
      const r = await prepared.first(db, "messages.get", [id], (id) =>
        db.selectFrom("messages").selectAll().where("id", "=", id),
      );
      return r && messageOf(r);
    },
    async getWithUser(id) {
      const r = await prepared.first(db, "messages.get", [id], (id) =>
        db.selectFrom("messages").selectAll().where("id", "=", id),
      );
      return r ? (await withAuthors(db, prepared, [r]))[0] : undefined;
    },
    async update(id, patch) {
      await db.updateTable("messages").set(messageColumns(patch)).where("id", "=", id).execute();
    },
    async addReply(parentId, at) {
      await db
        .updateTable("messages")
        .set((eb) => ({ reply_count: eb("reply_count", "+", 1), last_reply_at: at }))
        .where("id", "=", parentId)
        .execute();
    },
    async newestPages(channels, limit) {
      if (channels.length === 0 || limit === 0) return new Map();
      const rows = await perChannel(
        db,
        prepared,
        "messages.newestPages",
        {
          cid: { type: "text", values: channels.map((c) => c.cid) },
          after_seq: { type: "bigint", values: channels.map((c) => c.afterSeq) },
        },
        [limit],
        (c, limit) => newestShown(db, c.cid, c.after_seq, limit),
      );
      // Each arm reads newest first; a page answers oldest first.
      const pages = groupBy(await withAuthors(db, prepared, rows), (r) => r.message.cid);
      for (const page of pages.values()) page.sort((a, b) => a.message.seq - b.message.seq);
      return pages;
    },
    async page(q) {
      // One prepared query per shape: thread or channel, and which bound (docs/performance.md, P5).
      const bound = q.seqGt ?? q.seqLt;
      const direction = q.seqGt !== undefined ? "gt" : q.seqLt !== undefined ? "lt" : "newest";
      const key = `messages.page.${q.parentId ? "thread" : "channel"}.${direction}`;
      const args: (string | number)[] = [q.cid, q.afterSeq, q.limit];
      if (q.parentId) args.push(q.parentId);
      if (bound !== undefined) args.push(bound);
      const rows = await prepared.run(db, key, args, (...a) => {
        const [cid, afterSeq, limit, ...rest] = a as [string, number, number, ...(string | number)[]];
        const query = q.parentId
          ? after(db, cid, afterSeq).where("messages.parent_id", "=", rest.shift() as string)
          : shownAfter(db, cid, afterSeq);
        if (direction === "gt")
          return query
            .where("messages.seq", ">", rest[0] as number)
            .orderBy("messages.seq", "asc")
            .limit(limit);
        if (direction === "lt")
          return newestFirst(query.where("messages.seq", "<", rest[0] as number), limit);
        return newestFirst(query, limit);
      });
      return withAuthors(db, prepared, direction === "gt" ? rows : rows.reverse());
    },
    async lastRegular(cid, afterSeq) {
      const r = await db
        .selectFrom("messages")
        .selectAll()
        .where("cid", "=", cid)
        .where("seq", ">", afterSeq)
        .where(countable("messages"))
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirst();
      return r && messageOf(r);
    },
    async unreadForUser(userId, hide) {
      const build = (userId: string) =>
        db
          .selectFrom("members as m")
          .innerJoin("channels as c", "c.cid", "m.cid")
          .leftJoin("messages as msg", (j) =>
            j
              .onRef("msg.cid", "=", "m.cid")
              .onRef("msg.seq", ">", "m.last_read_seq")
              .onRef("msg.seq", ">", "c.truncated_seq")
              .onRef("msg.user_id", "!=", "m.user_id")
              .on(countable("msg")),
          )
          .select(["m.cid", "m.last_read_at", "m.muted"])
          // seq, not id: the count then reads the messages_countable index alone
          .select((eb) => eb.fn.count<number>("msg.seq").as("unread_count"))
          .where("m.user_id", "=", userId)
          .where("c.deleted_at", "is", null)
          .where(visibleKinds(hide, "c", "m"))
          .groupBy(["m.cid", "m.last_read_at", "m.muted"]);
      // With every kind of membership readable (the built-in policies) the query has one shape.
      const rows = !hide?.length
        ? await prepared.run(db, "messages.unreadForUser", [userId], build)
        : await build(userId).execute();
      return rows.map((r) => ({ ...r, muted: r.muted === 1 }));
    },
    async countUnreadByChannel(queries) {
      const counts = new Map<string, Map<string, number>>();
      const scans: { q: UnreadQuery; from: number }[] = [];
      for (const q of queries) {
        const from = Math.max(q.truncatedSeq, Math.min(...q.readers.map((r) => r.last_read_seq)));
        if (q.readers.length === 0 || from >= q.upToSeq) counts.set(q.cid, countIn([], q.readers));
        else if (q.upToSeq - from > ONE_SCAN_WINDOW)
          counts.set(q.cid, await countUnreadEach(db, prepared, q));
        else scans.push({ q, from });
      }
      if (scans.length === 0) return counts;
      const windows = groupBy(
        await perChannel(
          db,
          prepared,
          "messages.unreadWindows",
          {
            cid: { type: "text", values: scans.map((s) => s.q.cid) },
            from_seq: { type: "bigint", values: scans.map((s) => s.from) },
            up_to_seq: { type: "bigint", values: scans.map((s) => s.q.upToSeq) },
          },
          [],
          (w) => unreadIn(db, w.cid, w.from_seq, w.up_to_seq).select(["cid", "seq", "user_id"]),
        ),
        (m) => m.cid,
      );
      for (const { q } of scans) counts.set(q.cid, countIn(windows.get(q.cid) ?? [], q.readers));
      return counts;
    },
    async countUnread(cid, userId, afterSeq) {
      const r = await unreadAfter(db, cid, afterSeq)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "!=", userId)
        .executeTakeFirstOrThrow();
      return r.n;
    },
  };
}

export function eventRepo(db: Db, prepared: PreparedQueries): EventRepo {
  return {
    async insert(row) {
      await prepared.run(db, "events.insert", [row], (row) => insertEvent(db, row));
    },
    async range(cid, afterSeq, upToSeq, limit) {
      return prepared.run(
        db,
        "events.range",
        [cid, afterSeq, upToSeq, limit],
        (cid, afterSeq, upToSeq, limit) =>
          db
            .selectFrom("events")
            .selectAll()
            .where("cid", "=", cid)
            .where("seq", ">", afterSeq)
            .where("seq", "<=", upToSeq)
            .orderBy("seq", "asc")
            .limit(limit),
      );
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
