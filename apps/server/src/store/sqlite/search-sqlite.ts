import { type Kysely, type Migration, Migrator, sql } from "kysely";
import { type Db, visibleKinds } from "../kysely/executor.js";
import { searchFilterSql } from "../kysely/search-filters.js";
import { createSearchRepo, type MessageSearchFn } from "../kysely/search-repo.js";
import type { Database } from "../schema.js";
import type { MessageSearchQuery, SearchRepo } from "../store.js";
import { sqliteQueries } from "./dialect-queries-sqlite.js";

/**
 * SQLite full-text search: an external-content FTS5 table over `messages.text` (the index
 * stores no copy of the text), kept current by triggers and the group commit, so a message is
 * findable the moment its transaction commits and gone the moment it is deleted. Only `regular`
 * messages are indexed. The tokenizer folds case and diacritics (`unicode61 remove_diacritics
 * 2`); the domain folds queries and highlights the same way (domain/search/search-text.ts).
 *
 * In a group commit a new message is indexed with the rest of its batch, not on its own: the
 * batch opens with `DEFER_INDEXING` (a marker row, rid 0, in `messages_fts_pending`), each insert
 * then only notes its rowid there, and `INDEX_PENDING` indexes every noted message in one
 * statement just before the COMMIT (group-commit.ts). FTS5 writes its pending terms out as a
 * segment of their own at every savepoint, and the group commit gives each transaction one, so
 * indexing at the insert wrote a segment per message. An edit or delete of
 * a message still waiting leaves the index alone: INDEX_PENDING reads its text and type as they
 * are by then. Writes outside a batch (no marker) index at once, as before.
 *
 * The index is keyed by `messages.rowid`. A table rebuild that renumbers rowids (`VACUUM`, or a
 * migration that copies `messages` into a new table) must be followed by
 * `INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')` and the regular-only backfill below.
 */
export const sqliteSearchMigrations: Record<string, Migration> = {
  "0001_messages_fts": {
    async up(db: Kysely<unknown>) {
      await sql`create virtual table messages_fts using fts5(
        text, content = 'messages', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      )`.execute(db);
      await sql`create trigger messages_fts_insert after insert on messages
        when new.type = 'regular' begin
          insert into messages_fts (rowid, text) values (new.rowid, new.text);
        end`.execute(db);
      await sql`create trigger messages_fts_delete after delete on messages
        when old.type = 'regular' begin
          insert into messages_fts (messages_fts, rowid, text) values ('delete', old.rowid, old.text);
        end`.execute(db);
      await sql`create trigger messages_fts_update after update of text, type on messages begin
          insert into messages_fts (messages_fts, rowid, text)
            select 'delete', old.rowid, old.text where old.type = 'regular';
          insert into messages_fts (rowid, text) select new.rowid, new.text where new.type = 'regular';
        end`.execute(db);
      await sql`insert into messages_fts (rowid, text)
        select rowid, text from messages where type = 'regular'`.execute(db);
      // Maps a time range to the rowids written in it (see `findMessages`).
      await sql`create index messages_created on messages (created_at)`.execute(db);
    },
  },
  "0002_index_at_commit": {
    async up(db: Kysely<unknown>) {
      await sql`create table messages_fts_pending (rid integer primary key)`.execute(db);
      await sql`drop trigger messages_fts_insert`.execute(db);
      await sql`drop trigger messages_fts_delete`.execute(db);
      await sql`drop trigger messages_fts_update`.execute(db);
      await sql`create trigger messages_fts_insert after insert on messages
        when new.type = 'regular' begin
          insert into messages_fts (rowid, text) select new.rowid, new.text
            where not exists (select 1 from messages_fts_pending where rid = 0);
          insert into messages_fts_pending (rid) select new.rowid
            where exists (select 1 from messages_fts_pending where rid = 0);
        end`.execute(db);
      // Indexed already: out of the index. Still pending: forgotten, never indexed.
      await sql`create trigger messages_fts_delete after delete on messages
        when old.type = 'regular' begin
          insert into messages_fts (messages_fts, rowid, text) select 'delete', old.rowid, old.text
            where not exists (select 1 from messages_fts_pending where rid = old.rowid);
          delete from messages_fts_pending where rid = old.rowid;
        end`.execute(db);
      await sql`create trigger messages_fts_update after update of text, type on messages
        when not exists (select 1 from messages_fts_pending where rid = old.rowid) begin
          insert into messages_fts (messages_fts, rowid, text)
            select 'delete', old.rowid, old.text where old.type = 'regular';
          insert into messages_fts (rowid, text) select new.rowid, new.text where new.type = 'regular';
        end`.execute(db);
    },
  },
};

/** Starts deferring the index's inserts to `INDEX_PENDING`, in the caller's transaction. */
export const DEFER_INDEXING = "insert into messages_fts_pending (rid) values (0)";

/**
 * Indexes the messages inserted since `DEFER_INDEXING` and stops deferring: run in the same
 * transaction before its COMMIT. `in (select …)`: a join would let SQLite walk `messages`.
 */
export const INDEX_PENDING = [
  `insert into messages_fts (rowid, text)
    select rowid, text from messages
    where rowid in (select rid from messages_fts_pending where rid > 0) and type = 'regular'`,
  "delete from messages_fts_pending",
] as const;

/** Runs the search migrations, tracked apart from the core ones (they exist only on SQLite). */
export async function migrateSqliteSearch(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => sqliteSearchMigrations },
    migrationTableName: "parley_sqlite_search_migration",
    migrationLockTableName: "parley_sqlite_search_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

export function sqliteSearchRepo(db: Db): SearchRepo {
  return createSearchRepo(db, sqliteMessageSearch(db), sqliteQueries);
}

/** Past this many messages newer than the page's oldest result, sorting every match is cheaper. */
export const WIDE_WINDOW = 20_000;

interface Key {
  id: string;
  created_at: string;
}

interface Candidate extends Key {
  rid: number;
}

/**
 * Newest first, exactly, without sorting every match of a common word. FTS5 walks a doclist
 * newest-rowid-first cheaply, but seeking to a rowid is a linear scan, so the plan only ever
 * reads the index from the top:
 * 1. walk the index newest-rowid-first until 2 × `limit` visible matches are found (fewer:
 *    that is all of them, sort and done). Rowids grow with insertion, so these are nearly the
 *    newest; the `limit`-th newest of them, K, bounds the answer from below (there are already
 *    `limit` results at or above it), and a few late arrivals with old times among the
 *    candidates cannot drag K down;
 * 2. every message written at or after K's time has a rowid ≥ `lo`, the smallest rowid of that
 *    time range (`messages_created` index, named: left alone, SQLite answers `min(rowid)` by
 *    walking the table from rowid 1). When `lo` is not below the last rowid step 1 read, step 1
 *    saw every possible result: its top `limit` is the page;
 * 3. otherwise (rows arrived out of time order) sort the matches from the top down to `lo`;
 *    and when that window is wide (the results are old), sort every match instead — at once,
 *    without step 2, when K's own rowid is already that far below the newest.
 */
export function sqliteMessageSearch(db: Db, wideWindow = WIDE_WINDOW): MessageSearchFn {
  return async (q) => {
    const match = fts5Query(q);
    const candidates = (await newestByRowid(db, q, match, 2 * q.limit)).sort(byKeyDesc);
    const floor = candidates[q.limit - 1];
    if (candidates.length < 2 * q.limit || !floor) return ids(candidates.slice(0, q.limit));
    const { rows: newest } = await sql<{
      top: number | null;
    }>`select max(rowid) as top from messages`.execute(db);
    const top = newest[0]?.top ?? null;
    // Written in time order, more than `wideWindow` messages came after the floor: step 2 would
    // count up to its cap (~1 ms on 1M messages) only to sort every match. Sparse matches (a rare
    // word, or channels the user seldom sees) are sorted at once.
    if (top === null || top - floor.rid > wideWindow) return ids(await sorted(db, q, match));
    const { rows } = await sql<{ n: number; lo: number | null }>`select count(*) as n, min(r) as lo
      from (select rowid as r from messages indexed by messages_created
        where created_at >= ${floor.created_at} limit ${wideWindow + 1})`.execute(db);
    const { n, lo } = rows[0] ?? { n: 0, lo: null };
    const lowest = Math.min(...candidates.map((c) => c.rid));
    if (lo === null || Number(n) > wideWindow) return ids(await sorted(db, q, match));
    if (lo >= lowest) return ids(candidates.slice(0, q.limit));
    return ids(await sorted(db, q, match, { lo, rows: top - lo + 1, atLeast: floor }));
  };
}

const ids = (rows: Key[]) => rows.map((r) => r.id);

function byKeyDesc(a: Key, b: Key): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Every user word quoted as an FTS5 string, so no input is ever query syntax; a phrase is one
 * string of its words (FTS5 matches them in order, next to each other); the prefix is a prefix.
 * Terms hold only letters, digits and marks (search-text.ts), `"` is doubled anyway.
 */
export function fts5Query(q: Pick<MessageSearchQuery, "exact" | "prefix" | "phrases">): string {
  const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;
  return [
    ...q.exact.map(quote),
    ...(q.phrases ?? []).map((p) => quote(p.join(" "))),
    ...(q.prefix === undefined ? [] : [`${quote(q.prefix)}*`]),
  ].join(" ");
}

/** Matches the user may see now: a regular message, in a live channel they are a member of, after
 * the channel's truncation point, older than the cursor, that the filters let through. */
function visibleTo(q: MessageSearchQuery) {
  return sql`m.type = 'regular' and c.deleted_at is null and m.seq > c.truncated_seq
    and ${visibleKinds(q.hide, "c", "mb")}
    ${q.before ? sql`and (m.created_at, m.id) < (${q.before.createdAt}, ${q.before.id})` : sql``}
    ${searchFilterSql(q, sqliteQueries.inByteOrder)}`;
}

/** The first `limit` visible matches in index (insertion) order, newest first. CROSS JOIN fixes
 * the join order: the index drives. */
async function newestByRowid(
  db: Db,
  q: MessageSearchQuery,
  match: string,
  limit: number,
): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select m.id, m.created_at, f.rowid as rid from messages_fts f
    cross join messages m on m.rowid = f.rowid
    cross join members mb on mb.cid = m.cid and mb.user_id = ${q.userId}
    cross join channels c on c.cid = m.cid
    where messages_fts match ${match} and ${visibleTo(q)}
    order by f.rowid desc
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * One page of visible matches sorted by (created_at, id) descending. With `window`, only the
 * newest `rows` index entries are read (materialized, newest first) down to rowid `lo`, and
 * only keys from `atLeast` up.
 */
async function sorted(
  db: Db,
  q: MessageSearchQuery,
  match: string,
  window?: { lo: number; rows: number; atLeast: Key },
): Promise<Key[]> {
  const source = window
    ? sql`(select rowid as r from messages_fts where messages_fts match ${match}
        order by rowid desc limit ${window.rows}) f`
    : sql`(select rowid as r from messages_fts where messages_fts match ${match}) f`;
  const { rows } = await sql<Key>`
    select m.id, m.created_at from ${source}
    cross join messages m on m.rowid = f.r
    cross join members mb on mb.cid = m.cid and mb.user_id = ${q.userId}
    cross join channels c on c.cid = m.cid
    where ${visibleTo(q)}
      ${window ? sql`and f.r >= ${window.lo}` : sql``}
      ${window ? sql`and (m.created_at, m.id) >= (${window.atLeast.created_at}, ${window.atLeast.id})` : sql``}
    order by m.created_at desc, m.id desc
    limit ${q.limit}`.execute(db);
  return rows;
}
