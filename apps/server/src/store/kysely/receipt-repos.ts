import type { ReceiptRepo } from "../receipt-store.js";
import type { Db } from "./executor.js";
import { USER_COLUMNS, userOf } from "./user-columns.js";

type ReaderQuery = { cid: string; seq: number; exclude: readonly string[] };

export function receiptRepo(db: Db): ReceiptRepo {
  // Members at or past `seq` whose receipts are on: no privacy row, or one that shares.
  const readersOf = (q: ReaderQuery) => {
    let query = db
      .selectFrom("members")
      .innerJoin("users", "users.id", "members.user_id")
      .leftJoin("privacy_settings", "privacy_settings.user_id", "members.user_id")
      .where("members.cid", "=", q.cid)
      .where("members.last_read_seq", ">=", q.seq)
      .where((eb) =>
        eb.or([
          eb("privacy_settings.share_read_receipts", "is", null),
          eb("privacy_settings.share_read_receipts", "=", 1),
        ]),
      );
    if (q.exclude.length > 0) query = query.where("members.user_id", "not in", [...q.exclude]);
    return query;
  };
  return {
    async sharing(userId) {
      const r = await db
        .selectFrom("privacy_settings")
        .select("share_read_receipts")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return r ? r.share_read_receipts === 1 : true;
    },
    async save(userId, share, now) {
      const value = share ? 1 : 0;
      await db
        .insertInto("privacy_settings")
        .values({ user_id: userId, share_read_receipts: value, updated_at: now })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ share_read_receipts: value, updated_at: now }))
        .execute();
    },
    async notSharing(userIds) {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("privacy_settings")
        .select("user_id")
        .where("user_id", "in", [...userIds])
        .where("share_read_receipts", "=", 0)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },
    async readers(q) {
      let query = readersOf(q)
        .select([...USER_COLUMNS, "members.last_read_at"])
        .orderBy("members.user_id")
        .limit(q.limit);
      if (q.after !== undefined) query = query.where("members.user_id", ">", q.after);
      const rows = await query.execute();
      return rows.map((r) => ({ user: userOf(r), last_read_at: r.last_read_at }));
    },
    async countReaders(q) {
      const r = await readersOf(q)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
