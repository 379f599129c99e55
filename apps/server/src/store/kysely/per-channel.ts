import type { Expression, SelectQueryBuilder } from "kysely";
import type { Database } from "../schema.js";
import type { Db } from "./executor.js";
import type { PreparedQueries } from "./prepared.js";

/** What a channel's arm compares with: a bound value (SQLite), or a column of the channels' rows. */
export type Operand<T> = T | Expression<T>;

/** The per-channel values of a read, one list per name, each as long as the list of channels. */
export type Columns = Record<string, { type: "text" | "bigint"; values: readonly (string | number)[] }>;

export type Row<C extends Columns> = {
  [K in keyof C]: Operand<C[K]["type"] extends "text" ? string : number>;
};

// biome-ignore lint/suspicious/noExplicitAny: an arm reads any tables; its rows are typed by O
export type Arm<O> = SelectQueryBuilder<Database, any, O>;

/** `perChannel`'s signature, which each engine implements (DialectQueries). */
export type PerChannel = <C extends Columns, const P extends readonly number[], O>(
  db: Db,
  prepared: PreparedQueries,
  key: string,
  columns: C,
  params: P,
  arm: (row: Row<C>, ...params: P) => Arm<O>,
) => Promise<O[]>;

/**
 * Rows of `arm` run for each channel, in one statement: what would be one query per channel (a
 * channel list read its 30 channels' pages, members and unread counts in 90 statements before).
 * `columns` holds each channel's values; `arm` builds one channel's query from them. The
 * statement is the engine's own (sqlite/dialect-queries-sqlite.ts,
 * postgres/dialect-queries-postgres.ts).
 */
export const perChannel: PerChannel = (db, prepared, key, columns, params, arm) =>
  prepared.dialect.perChannel(db, prepared, key, columns, params, arm);
