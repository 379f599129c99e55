import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";
import type { MembershipKind } from "../store.js";
import { bit } from "./row-values.js";

export type Db = Kysely<Database>;

/** A LIKE pattern matching `text` literally at the start, with `\` as the escape character. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const escapeClause = sql.raw("'\\'");

/**
 * A condition leaving out memberships of the hidden kinds; `channel` and `member` are the
 * aliases of the channels and members tables in the query. Always true when nothing is hidden.
 */
export function visibleKinds(hide: readonly MembershipKind[] | undefined, channel: string, member: string) {
  if (!hide?.length) return sql<boolean>`1 = 1`;
  const kinds = hide.map(
    (k) =>
      sql`(${sql.ref(`${channel}.type`)} = ${k.type} and ${sql.ref(`${member}.role`)} = ${k.role} and ${sql.ref(`${channel}.is_direct`)} = ${bit(k.is_direct)})`,
  );
  return sql<boolean>`not (${sql.join(kinds, sql` or `)})`;
}
