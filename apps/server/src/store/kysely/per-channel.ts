import { type Expression, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "../schema.js";
import { type Db, statementsRoundTrip } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";

/** What a channel's arm compares with: a bound value (SQLite), or a column of the channels' rows. */
export type Operand<T> = T | Expression<T>;

/** The per-channel values of a read, one list per name, each as long as the list of channels. */
type Columns = Record<string, { type: "text" | "bigint"; values: readonly (string | number)[] }>;

type Row<C extends Columns> = { [K in keyof C]: Operand<C[K]["type"] extends "text" ? string : number> };

// biome-ignore lint/suspicious/noExplicitAny: an arm reads any tables; its rows are typed by O
type Arm<O> = SelectQueryBuilder<Database, any, O>;

/**
 * Rows of `arm` run for each channel, in one statement: what would be one query per channel (a
 * channel list read its 30 channels' pages, members and unread counts in 90 statements before).
 * `columns` holds each channel's values; `arm` builds one channel's query from them.
 *
 * On PostgreSQL the arm is a LATERAL subquery over the values unnested into rows, so the
 * statement is planned once, whatever the number of channels (a UNION of 30 arms took 3.6 ms to
 * plan, this 0.9). Elsewhere (SQLite, which has no LATERAL) it is a UNION ALL with one arm per
 * channel, each wrapped as a subquery so that its own ORDER BY and LIMIT hold, prepared once per
 * number of channels.
 */
export async function perChannel<C extends Columns, const P extends readonly number[], O>(
  db: Db,
  prepared: PreparedQueries,
  key: string,
  columns: C,
  params: P,
  arm: (row: Row<C>, ...params: P) => Arm<O>,
): Promise<O[]> {
  const names = Object.keys(columns) as (keyof C & string)[];
  const lists = names.map((n) => columns[n]?.values ?? []);
  if (statementsRoundTrip(db)) {
    const unnested = names.map(
      (n, i) => sql`unnest(${sql.val(lists[i])}::${sql.raw(columns[n]?.type ?? "text")}[]) as ${sql.id(n)}`,
    );
    const refs = Object.fromEntries(names.map((n) => [n, sql.ref(`w.${n}`)])) as unknown as Row<C>;
    const query = db
      .selectFrom(sql`(select ${sql.join(unnested)})`.as("w"))
      // OFFSET 0 keeps each channel's arm a subquery run with that channel's values (an index
      // scan), where an arm without a LIMIT could be flattened into a join whose plan hangs on
      // how many rows the planner guesses a channel has.
      .innerJoinLateral(
        arm(refs, ...params)
          .offset(0)
          .as("p"),
        (join) => join.onTrue(),
      )
      .selectAll("p");
    return (await query.execute()) as O[];
  }
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
