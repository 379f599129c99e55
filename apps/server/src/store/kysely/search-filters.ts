import { type Expression, type RawBuilder, sql } from "kysely";
import type { MessageSearchQuery } from "../store.js";
import type { DialectQueries } from "./dialect-queries.js";
import { type Db, visibleKinds } from "./executor.js";

type InByteOrder = DialectQueries["inByteOrder"];

/**
 * The filters of a message search as SQL over `m` (messages): each an `and …`, none when
 * unset. Times are ISO text compared byte by byte on both engines.
 */
export function searchFilterSql(q: MessageSearchQuery, inByteOrder: InByteOrder): RawBuilder<unknown> {
  const f = q.filters;
  if (!f) return sql``;
  const at = inByteOrder(sql.ref("m.created_at"));
  const text = (v: string) => inByteOrder(sql`${v}` as Expression<string>);
  const parts: RawBuilder<unknown>[] = [];
  if (f.userIds) parts.push(f.userIds.length ? sql`m.user_id in (${sql.join(f.userIds)})` : sql`1 = 0`);
  if (f.cids) parts.push(f.cids.length ? sql`m.cid in (${sql.join(f.cids)})` : sql`1 = 0`);
  if (f.since !== undefined) parts.push(sql`${at} >= ${text(f.since)}`);
  if (f.until !== undefined) parts.push(sql`${at} < ${text(f.until)}`);
  if (f.hasFile) parts.push(sql`m.attachments not in ('[]', 'null', '')`);
  if (f.hasLink) parts.push(sql`(lower(m.text) like '%http://%' or lower(m.text) like '%https://%')`);
  if (f.pinned) parts.push(sql`m.pinned_at is not null`);
  if (f.thread) parts.push(sql`(m.parent_id is not null or m.reply_count > 0)`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/** Older than the cursor, in the result order (created_at desc, then id desc in byte order). */
export function beforeCursorSql(q: MessageSearchQuery, inByteOrder: InByteOrder): RawBuilder<unknown> {
  if (!q.before) return sql``;
  const id = inByteOrder(sql.ref("m.id"));
  const at = inByteOrder(sql.ref("m.created_at"));
  return sql`and (${at} < ${inByteOrder(sql`${q.before.createdAt}` as Expression<string>)}
    or (m.created_at = ${q.before.createdAt} and ${id} < ${inByteOrder(sql`${q.before.id}` as Expression<string>)}))`;
}

/**
 * A search with filters and no words: plain SQL over `messages`, newest first, with the rules
 * of every message search (a regular message, in a live channel the user is a member of now,
 * after its truncation point, of a kind the user may see).
 */
export async function plainMessageSearch(
  db: Db,
  q: MessageSearchQuery,
  dialect: Pick<DialectQueries, "inByteOrder">,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select m.id from messages m
    join members mb on mb.cid = m.cid and mb.user_id = ${q.userId}
    join channels c on c.cid = m.cid
    where m.type = 'regular' and c.deleted_at is null and m.seq > c.truncated_seq
      and ${visibleKinds(q.hide, "c", "mb")}
      ${beforeCursorSql(q, dialect.inByteOrder)}
      ${searchFilterSql(q, dialect.inByteOrder)}
    order by m.created_at desc, ${dialect.inByteOrder(sql.ref("m.id"))} desc
    limit ${q.limit}`.execute(db);
  return rows.map((r) => r.id);
}
