import { type QueryCreator, sql } from "kysely";
import type { Database } from "../schema.js";
import type { Audience } from "../store.js";
import type { Db } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";

/** User ids joined by `string_agg(user_id, ',')`: null when there were none. */
export function splitIds(joined: string | null): string[] {
  return joined ? joined.split(",") : [];
}

/**
 * Who a new message by `senderId` reaches, as one row: every member, those who hid the channel,
 * and every user who muted the sender. Joined strings, not a row object per member: a send reads
 * every reader, and building 10,000 row objects took 4 times as long.
 * User ids never hold a comma.
 */
export const audienceQuery = (qc: QueryCreator<Database>, cid: string, senderId: string) =>
  qc
    .selectFrom("members")
    .select(sql<string | null>`string_agg(user_id, ',')`.as("ids"))
    .select(sql<string | null>`string_agg(user_id, ',') filter (where hidden = 1)`.as("hidden"))
    .select((eb) =>
      eb
        .selectFrom("user_mutes")
        .select(sql<string | null>`string_agg(user_id, ',')`.as("ids"))
        .where("target_id", "=", senderId)
        .as("muters"),
    )
    .where("cid", "=", cid);

export const toAudience = (row: {
  ids: string | null;
  hidden: string | null;
  muters: string | null;
}): Audience => ({
  userIds: splitIds(row.ids),
  hidden: splitIds(row.hidden),
  muters: splitIds(row.muters),
});

/** `members.audience`: the audience in a statement of its own. */
export async function readAudience(db: Db, prepared: PreparedQueries, cid: string, senderId: string) {
  const row = await prepared.only(db, "members.audience", [cid, senderId], (cid, senderId) =>
    audienceQuery(db, cid, senderId),
  );
  return toAudience(row);
}
