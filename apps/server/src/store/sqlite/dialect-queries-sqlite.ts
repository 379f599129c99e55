import { readAudience } from "../kysely/audience.js";
import { nextSeqQuery, readStanding } from "../kysely/channel-standing.js";
import type { DialectQueries } from "../kysely/dialect-queries.js";
import type { Db } from "../kysely/executor.js";
import { listWithUsers } from "../kysely/first-members.js";
import { insertEvent, insertMessage, queueForNotify, readBySender } from "../kysely/message-writes.js";
import type { Arm, Columns, Row } from "../kysely/per-channel.js";
import type { PreparedQueries } from "../kysely/prepared.js";
import type { MemberWithUser } from "../store.js";

/**
 * SQLite has no LATERAL: a UNION ALL with one arm per channel, each wrapped as a subquery so
 * that its own ORDER BY and LIMIT hold, prepared once per number of channels.
 */
function perChannel<C extends Columns, const P extends readonly number[], O>(
  db: Db,
  prepared: PreparedQueries,
  key: string,
  columns: C,
  params: P,
  arm: (row: Row<C>, ...params: P) => Arm<O>,
): Promise<O[]> {
  const names = Object.keys(columns) as (keyof C & string)[];
  const lists = names.map((n) => columns[n]?.values ?? []);
  // The parameters first, then one list per column: every argument is a value of the template.
  return prepared.run(db, key, [...params, ...lists], (...args) => {
    const shared = args.slice(0, params.length) as unknown as P;
    const values = args.slice(params.length) as (readonly unknown[])[];
    const arms = (values[0] ?? []).map((_, i) =>
      db
        .selectFrom(
          arm(Object.fromEntries(names.map((n, j) => [n, values[j]?.[i]])) as Row<C>, ...shared).as("p"),
        )
        .selectAll(),
    );
    const [first, ...rest] = arms as [Arm<O>, ...Arm<O>[]];
    return rest.reduce((all, a) => all.unionAll(a), first);
  }) as Promise<O[]>;
}

/**
 * SQLite runs no INSERT, UPDATE or DELETE inside a WITH, so a write and the read after it are
 * statements of their own; in the process they cost no round trip.
 */
export const sqliteQueries: DialectQueries = {
  perChannel,
  async insertNew(db, prepared, row, event, shown) {
    await prepared.run(db, "messages.insert", [row], (row) => insertMessage(db, row));
    await prepared.run(db, "events.insert", [event], (event) => insertEvent(db, event));
    const { cid, user_id, seq, created_at, id } = row;
    await prepared.run(db, "notifyQueue.insert", [{ id, cid, created_at }], (m) => queueForNotify(db, m));
    if (!shown) return undefined;
    await prepared.run(db, "messages.readBySender", [{ cid, user_id, seq, created_at, id }], (m) =>
      readBySender(db, m),
    );
    return readAudience(db, prepared, cid, user_id);
  },
  async nextSeqWithStanding(db, prepared, cid, userId, now, activity) {
    const allocated = activity
      ? await prepared.first(db, "channels.nextSeqForMessage.cid", [cid, now], (cid, now) =>
          nextSeqQuery(db, cid, now).returning("cid"),
        )
      : await prepared.first(db, "channels.nextSeq.cid", [cid], (cid) =>
          nextSeqQuery(db, cid).returning("cid"),
        );
    return allocated && readStanding(db, prepared, cid, userId, now);
  },
  async listWithUsersIn(db, prepared, cids, limit) {
    // In the process, a channel's members cost no more read alone, and a long list of them
    // less, than as an arm of a UNION (bench/store/channel-list.ts).
    const lists = new Map<string, MemberWithUser[]>();
    for (const cid of cids) {
      const members = await listWithUsers(db, prepared, cid, limit);
      if (members.length > 0) lists.set(cid, members);
    }
    return lists;
  },
  // SQLite's default collation, BINARY, already compares bytes.
  inByteOrder: (text) => text,
};
