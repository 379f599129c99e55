import { sql } from "kysely";

/**
 * The unread rule of `@parley/protocol` (`countsAsUnread`, `countsAsUnreadMention`,
 * `countsAsUnreadReply`) in SQL, once for both engines: every count the store makes is built
 * from these and a comparison of the author with the reader, and the unread model test
 * (test/reliability/unread) recounts by the same rule from the raw rows. `m` is the alias of
 * the messages table in the query.
 */
const column = (m: string, name: string) => sql.ref(`${m}.${name}`);

/** Regular: neither deleted nor a system message. What a mention or a thread reply needs. */
export const regular = (m: string) => sql<boolean>`${column(m, "type")} = 'regular'`;

/** Regular and shown in the channel (not a thread-only reply): what a channel's unread count counts. */
export const countable = (m: string) =>
  sql<boolean>`(${regular(m)} and (${column(m, "parent_id")} is null or ${column(m, "show_in_channel")} = 1))`;
