import { sql } from "kysely";
import type {
  ChannelRow,
  ChannelSearchQuery,
  MessageSearchHit,
  MessageSearchQuery,
  SearchRepo,
} from "../store.js";
import type { DialectQueries } from "./dialect-queries.js";
import { type Db, visibleKinds } from "./executor.js";
import { channelNameMatches } from "./name-match.js";
import { channelOf, messageOf } from "./row-values.js";
import { plainMessageSearch } from "./search-filters.js";

/** An engine's full-text message search (at least one word): the ids of one page, in result order. */
export type MessageSearchFn = (q: MessageSearchQuery) => Promise<string[]>;

/**
 * The search repo: channel search is plain SQL both engines share, in byte order on both;
 * message search is the engine's own full-text index, passed in by the adapter
 * (sqlite/search-sqlite.ts, postgres/search-postgres.ts), which finds the ids; the rows are
 * loaded here. A search with filters and no words is plain SQL, the same on both engines.
 */
export function createSearchRepo(db: Db, findMessages: MessageSearchFn, dialect: DialectQueries): SearchRepo {
  return {
    messages: async (q) =>
      loadHits(db, await (hasWords(q) ? findMessages(q) : plainMessageSearch(db, q, dialect))),
    channels: (q) => searchChannels(db, q, dialect),
  };
}

const hasWords = (q: MessageSearchQuery) =>
  q.exact.length > 0 || (q.phrases?.length ?? 0) > 0 || q.prefix !== undefined;

async function loadHits(db: Db, ids: string[]): Promise<MessageSearchHit[]> {
  if (ids.length === 0) return [];
  // Re-checked here: a message deleted since the index lookup is not shown.
  const messages = await db
    .selectFrom("messages")
    .selectAll()
    .where("id", "in", ids)
    .where("type", "=", "regular")
    .execute();
  const rows = messages.map(messageOf);
  const userIds = [...new Set(rows.flatMap((m) => [m.user_id, ...m.mentioned_users]))];
  const cids = [...new Set(rows.map((m) => m.cid))];
  const [users, channels] = await Promise.all([
    db.selectFrom("users").selectAll().where("id", "in", userIds).execute(),
    db.selectFrom("channels").selectAll().where("cid", "in", cids).execute(),
  ]);
  const byId = new Map(rows.map((m) => [m.id, m]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const channelByCid = new Map(channels.map((c) => [c.cid, channelOf(c)]));
  const hits: MessageSearchHit[] = [];
  for (const id of ids) {
    const message = byId.get(id);
    const user = message && userById.get(message.user_id);
    const channel = message && channelByCid.get(message.cid);
    if (!message || !user || !channel) continue;
    const mentioned = message.mentioned_users.flatMap((u) => userById.get(u) ?? []);
    hits.push({ message, user, channel, mentioned });
  }
  return hits;
}

async function searchChannels(db: Db, q: ChannelSearchQuery, dialect: DialectQueries): Promise<ChannelRow[]> {
  let query = db
    .selectFrom("channels")
    .innerJoin("members", (j) =>
      j.onRef("members.cid", "=", "channels.cid").on("members.user_id", "=", q.userId),
    )
    .selectAll("channels")
    .where("channels.deleted_at", "is", null)
    .where(visibleKinds(q.hide, "channels", "members"));
  const text = q.text.trim().toLowerCase();
  if (text) query = query.where((eb) => channelNameMatches(eb, text));
  const rows = await query
    .orderBy(dialect.inByteOrder(sql`lower(${sql.ref("channels.name")})`))
    .orderBy(dialect.inByteOrder(sql.ref("channels.cid")))
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return rows.map(channelOf);
}
