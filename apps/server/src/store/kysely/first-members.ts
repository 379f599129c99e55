import type { MemberWithUser } from "../store.js";
import type { Db } from "./executor.js";
import type { Operand } from "./per-channel.js";
import type { PreparedQueries } from "./prepared.js";
import { USER_COLUMNS, userOf } from "./user-columns.js";

/** A channel's first `limit` members by join order, each with their user's columns. */
export const firstMembers = (db: Db, cid: Operand<string>, limit: number) =>
  db
    .selectFrom("members")
    .innerJoin("users", "users.id", "members.user_id")
    .selectAll("members")
    .select(USER_COLUMNS)
    .where("members.cid", "=", cid)
    .orderBy("members.created_at", "asc")
    .orderBy("members.user_id", "asc")
    .limit(limit);

type FirstMemberRow = Awaited<ReturnType<ReturnType<typeof firstMembers>["execute"]>>[number];

export const memberWithUser = (r: FirstMemberRow): MemberWithUser => ({
  member: {
    cid: r.cid,
    user_id: r.user_id,
    role: r.role,
    created_at: r.created_at,
    hidden: r.hidden === 1,
    muted: r.muted === 1,
    last_read_at: r.last_read_at,
    last_read_message_id: r.last_read_message_id,
    last_read_seq: r.last_read_seq,
    notify_level: r.notify_level as MemberWithUser["member"]["notify_level"],
    muted_until: r.muted_until,
    starred: r.starred === 1,
  },
  user: userOf(r),
});

/** `MemberRepo.listWithUsers`. */
export const listWithUsers = async (db: Db, prepared: PreparedQueries, cid: string, limit: number) =>
  (
    await prepared.run(db, "members.listWithUsers", [cid, limit], (cid, limit) =>
      firstMembers(db, cid, limit),
    )
  ).map(memberWithUser);
