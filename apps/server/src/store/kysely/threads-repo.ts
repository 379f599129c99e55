import type { ThreadInboxRow, ThreadRepo, ThreadsInboxQuery } from "../threads-store.js";
import { type Db, visibleKinds } from "./executor.js";
import { regular } from "./unread-rule.js";

/** The threads inbox's queries, one for both engines. */
export function threadRepo(db: Db): ThreadRepo {
  return {
    async inbox(q: ThreadsInboxQuery): Promise<ThreadInboxRow[]> {
      let query = db
        .selectFrom("thread_members as t")
        .innerJoin("members", (j) =>
          j.onRef("members.cid", "=", "t.cid").on("members.user_id", "=", q.userId),
        )
        .innerJoin("channels", "channels.cid", "t.cid")
        .innerJoin("messages as p", "p.id", "t.parent_id")
        .select(["t.parent_id", "t.cid", "t.last_read_seq", "p.last_reply_at"])
        .where("t.user_id", "=", q.userId)
        .where("channels.deleted_at", "is", null)
        .where("p.last_reply_at", "is not", null)
        .whereRef("p.seq", ">", "channels.truncated_seq")
        .where(visibleKinds(q.hide, "channels", "members"));
      const after = q.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("p.last_reply_at", "<", after.lastReplyAt),
            eb.and([eb("p.last_reply_at", "=", after.lastReplyAt), eb("p.id", "<", after.parentId)]),
          ]),
        );
      }
      const rows = await query
        .orderBy("p.last_reply_at", "desc")
        .orderBy("p.id", "desc")
        .limit(q.limit)
        .execute();
      return rows.map((r) => ({
        parent_id: r.parent_id,
        cid: r.cid,
        last_read_seq: Number(r.last_read_seq),
        last_reply_at: r.last_reply_at as string,
      }));
    },
    async unreadFor(userId, parentIds) {
      const out = new Map<string, number>();
      if (parentIds.length === 0) return out;
      const rows = await db
        .selectFrom("thread_members as t")
        .innerJoin("messages as r", (j) =>
          j
            .onRef("r.parent_id", "=", "t.parent_id")
            .onRef("r.seq", ">", "t.last_read_seq")
            .on("r.user_id", "!=", userId)
            .on(regular("r")),
        )
        .select("t.parent_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("t.user_id", "=", userId)
        .where("t.parent_id", "in", [...parentIds])
        .groupBy("t.parent_id")
        .execute();
      for (const r of rows) out.set(r.parent_id, Number(r.n));
      return out;
    },
    async participantsFor(parentIds) {
      const out = new Map<string, string[]>();
      if (parentIds.length === 0) return out;
      const rows = await db
        .selectFrom("thread_members")
        .select(["parent_id", "user_id"])
        .where("parent_id", "in", [...parentIds])
        .orderBy("user_id")
        .execute();
      for (const r of rows) out.set(r.parent_id, [...(out.get(r.parent_id) ?? []), r.user_id]);
      return out;
    },
  };
}
