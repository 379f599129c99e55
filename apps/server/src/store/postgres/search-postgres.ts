import { type Kysely, type Migration, sql } from "kysely";
import { type Db, visibleKinds } from "../kysely/executor.js";
import { searchFilterSql } from "../kysely/search-filters.js";
import { createSearchRepo, type MessageSearchFn } from "../kysely/search-repo.js";
import type { MessageSearchQuery, SearchRepo } from "../store.js";
import { postgresQueries } from "./dialect-queries-postgres.js";

/**
 * PostgreSQL full-text search: `message_search` holds one stored tsvector per regular message
 * under a GIN index, kept in the same transaction as the message by a trigger (a deleted
 * message's row goes, an edit rewrites it), so it is always current. Stored, the vector is never
 * recomputed at query time, which lets the planner walk `messages_created` newest-first for a
 * common word as cheaply as it reads the GIN index for a rare one. Words are read as SQLite's
 * `unicode61 remove_diacritics 2` reads them: `unaccent` + `lower`, every run of non
 * letters/digits separates, then the `simple` configuration (no stemming, no stop words).
 * Queries are folded by the same SQL function, so a term and a word always meet in the same
 * form. postgres-store.ts runs these migrations after the core ones, tracked in their own table
 * (`parley_pg_search_migration`).
 */
export const postgresSearchMigrations: Record<string, Migration> = {
  "0001_messages_search": {
    async up(db: Kysely<unknown>) {
      const ext = await unaccentSchema(db);
      const unaccent = `${quoteIdent(ext)}.unaccent`;
      // unaccent() is STABLE (it reads a dictionary by name); naming the dictionary makes the
      // call immutable in practice.
      await sql`create or replace function parley_search_fold(t text) returns text
        language sql immutable strict parallel safe
        as ${sql.lit(`select lower(${unaccent}('${unaccent}'::regdictionary, t))`)}`.execute(db);
      await sql`create or replace function parley_search_doc(t text) returns tsvector
        language sql immutable strict parallel safe
        as ${sql.lit(
          "select to_tsvector('simple'::regconfig, regexp_replace(parley_search_fold(t), '[^[:alnum:]]+', ' ', 'g'))",
        )}`.execute(db);
      // Replaced by `message_search` in 0002 (an expression index made the planner recompute
      // the vector of every row it walked in time order).
      await sql`create index messages_search on messages using gin (parley_search_doc(text))
        where type = 'regular'`.execute(db);
      await sql`create index messages_created on messages (created_at)`.execute(db);
    },
  },
  "0002_message_search_table": {
    async up(db: Kysely<unknown>) {
      await sql`drop index if exists messages_search`.execute(db);
      await sql`create table message_search (
        id text primary key references messages (id) on delete cascade,
        doc tsvector not null
      )`.execute(db);
      await sql`create index message_search_doc on message_search using gin (doc)`.execute(db);
      await sql`create or replace function parley_message_search_sync() returns trigger
        language plpgsql as ${sql.lit(`begin
          if new.type = 'regular' then
            insert into message_search (id, doc) values (new.id, parley_search_doc(new.text))
              on conflict (id) do update set doc = excluded.doc;
          else
            delete from message_search where id = new.id;
          end if;
          return null;
        end`)}`.execute(db);
      await sql`create trigger messages_search_sync after insert or update of text, type on messages
        for each row execute function parley_message_search_sync()`.execute(db);
      await sql`insert into message_search (id, doc)
        select id, parley_search_doc(text) from messages where type = 'regular'`.execute(db);
    },
  },
};

/**
 * Where `unaccent` lives, creating it when missing (it is trusted since PostgreSQL 13). It goes
 * into `public` when that exists, not into Parley's schema: an extension is installed once per
 * database, and dropping one schema must not take every other schema's search index with it.
 * Migrations run in a transaction, hence the savepoint around the attempt.
 */
async function unaccentSchema(db: Kysely<unknown>): Promise<string> {
  const find = async () => {
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
    return rows[0]?.schema;
  };
  const found = await find();
  if (found) return found;
  await sql`savepoint parley_unaccent`.execute(db);
  try {
    await sql`create extension if not exists unaccent with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint parley_unaccent`.execute(db);
    try {
      await sql`create extension if not exists unaccent`.execute(db);
    } catch (err) {
      throw new Error(`PostgreSQL: message search needs the unaccent extension: ${String(err)}`);
    }
  }
  const created = await find();
  if (!created) throw new Error("PostgreSQL: the unaccent extension is missing");
  return created;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function postgresSearchRepo(db: Db): SearchRepo {
  return createSearchRepo(db, postgresMessageSearch(db), postgresQueries);
}

/**
 * `a & b & (c <-> d) & e:*`: each term folded and split into words exactly as a message's text
 * is (`parley_search_doc`): an exact word's pieces joined by `&`, a phrase's by `<->` (next to
 * each other, in order), the prefix's last piece a prefix. Folding happens first, in SQL, and
 * leaves only letters, digits and single spaces, so no input is ever tsquery syntax: `unaccent`
 * turns some letters into punctuation (ʻ, U+02BB, into an apostrophe), which a term quoted
 * before folding let through. Null, matching nothing, when no word is left. One expression of
 * immutable functions, so the planner still sees the query's value and estimates it.
 */
function tsQuery(q: Pick<MessageSearchQuery, "exact" | "prefix" | "phrases">) {
  const words = (text: string) =>
    sql`nullif(trim(regexp_replace(parley_search_fold(${text}), '[^[:alnum:]]+', ' ', 'g')), '')`;
  const pieces = [
    ...q.exact.map((t) => sql`replace(${words(t)}, ' ', ' & ')`),
    ...(q.phrases ?? []).map((p) => sql`'(' || replace(${words(p.join(" "))}, ' ', ' <-> ') || ')'`),
    ...(q.prefix === undefined ? [] : [sql`replace(${words(q.prefix)}, ' ', ' & ') || ':*'`]),
  ];
  return sql`to_tsquery('simple', nullif(concat_ws(' & ', ${sql.join(pieces)}), ''))`;
}

/**
 * Matches the user may see now: a regular message, in a live channel they are a member of,
 * after its truncation point, that the filters let through; newest first, ties by id in byte order (as on SQLite).
 */
export function postgresMessageSearch(db: Db): MessageSearchFn {
  return async (q) => {
    const { rows } = await sql<{ id: string }>`
      select m.id from message_search s
      join messages m on m.id = s.id
      join members mb on mb.cid = m.cid and mb.user_id = ${q.userId}
      join channels c on c.cid = m.cid
      where s.doc @@ ${tsQuery(q)}
        and m.type = 'regular' and c.deleted_at is null and m.seq > c.truncated_seq
        and ${visibleKinds(q.hide, "c", "mb")}
        ${
          q.before
            ? sql`and (m.created_at, m.id collate "C") < (${q.before.createdAt}, ${q.before.id} collate "C")`
            : sql``
        }
        ${searchFilterSql(q, postgresQueries.inByteOrder)}
      order by m.created_at desc, m.id collate "C" desc
      limit ${q.limit}`.execute(db);
    return rows.map((r) => r.id);
  };
}
