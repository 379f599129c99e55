import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../schema.js";
import { escapeClause, likePrefix } from "./executor.js";

/** Characters after which a word of a channel name starts ("team-alpha", "q3_review"). */
const WORD_STARTS = [" ", "-", "_"] as const;

/**
 * A condition: the channel's name starts with `text`, or one of its words does,
 * case-insensitively. `text` must already be trimmed, lower-cased and non-empty.
 */
export function channelNameMatches(eb: ExpressionBuilder<Database, "channels">, text: string) {
  const name = sql`lower(${eb.ref("channels.name")})`;
  return eb.or([
    sql<boolean>`${name} like ${likePrefix(text)} escape ${escapeClause}`,
    ...WORD_STARTS.map(
      (sep) => sql<boolean>`${name} like ${`%${likePrefix(sep + text)}`} escape ${escapeClause}`,
    ),
  ]);
}
