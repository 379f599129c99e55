import type { SelectQueryBuilder } from "kysely";

/**
 * One statement for what would be one query per channel: each channel's query is an arm of a
 * UNION ALL, wrapped as a subquery so that its own ORDER BY and LIMIT hold (a channel list read
 * its 30 channels' members, pages and unread counts in 90 statements before; docs/performance.md,
 * P5). `arms` is not empty.
 */
export function unionOfArms<DB, TB extends keyof DB, O>(
  arms: readonly SelectQueryBuilder<DB, TB, O>[],
): SelectQueryBuilder<DB, TB, O> {
  const [first, ...rest] = arms as [SelectQueryBuilder<DB, TB, O>, ...SelectQueryBuilder<DB, TB, O>[]];
  return rest.reduce((all, arm) => all.unionAll(arm), first);
}
