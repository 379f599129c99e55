import { type Compilable, type CompiledQuery, NoResultError, type QueryNode, type QueryResult } from "kysely";
import { BoundedMap } from "../../lib/bounded-map.js";
import type { DialectQueries } from "./dialect-queries.js";
import type { Db } from "./executor.js";

/** An argument of a prepared query: a value, a list of values, or a flat row or patch of values. */
type Arg = unknown;

/** Where a compiled query's parameter comes from: argument `arg` (its field or item `at`). */
class Slot {
  constructor(
    readonly arg: number,
    readonly at?: string | number,
  ) {}
}

/** Runs a compiled query outside Kysely's executor, or answers undefined to leave it to it. */
export type DirectRunner = <R>(db: Db, query: CompiledQuery<R>) => Promise<QueryResult<R>> | undefined;

/** Shapes a process sees are few, but each length of a list is one: keep the newest. */
const TEMPLATES = 2000;
/**
 * Longer lists are built each time: their templates would be large and rarely reused. 100 is the
 * most channels a list answers, each an arm of its per-channel reads (per-channel.ts).
 */
const LONGEST_LIST = 100;

const isRow = (v: Arg): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Date) &&
  !(v instanceof Uint8Array);

/** Kysely leaves out `undefined` fields, so a row's defined fields are part of the query's shape. */
const definedFields = (row: Record<string, unknown>) =>
  Object.keys(row)
    .filter((k) => row[k] !== undefined)
    .sort();

/**
 * Queries of a fixed shape built and compiled once, then run with new values. Kysely builds and
 * compiles every query from scratch, which was a fifth of a send's CPU.
 * The query is built once with placeholders standing for the arguments, so `build` must use each
 * argument only as a value (never branch on it); a row's or patch's fields and a list's items are
 * values too, and the fields a row defines and a list's length are part of the cache key. One
 * instance per store: the SQL is the store's dialect's.
 */
export class PreparedQueries {
  private readonly templates = new BoundedMap<string, CompiledQuery>(TEMPLATES);

  /**
   * `dialect` holds the queries the store's engine writes its own way, for the repos to reach.
   * `direct`, when given, runs a query on `db` itself or answers undefined to leave it to
   * Kysely's executor (SQLite: at once while no transaction is open, sqlite-store.ts).
   */
  constructor(
    readonly dialect: DialectQueries,
    private readonly direct?: DirectRunner,
  ) {}

  /** The rows of the query `build` makes from `args`; `key` names the query (one per build). */
  async run<const A extends readonly Arg[], R>(
    db: Db,
    key: string,
    args: A,
    build: (...args: A) => Compilable<R>,
  ): Promise<R[]> {
    return (await this.execute(db, key, args, build)).rows;
  }

  /** The first row, or undefined. */
  async first<const A extends readonly Arg[], R>(
    db: Db,
    key: string,
    args: A,
    build: (...args: A) => Compilable<R>,
  ) {
    return (await this.execute(db, key, args, build)).rows[0];
  }

  /** The first row; throws Kysely's `NoResultError` when there is none, as `executeTakeFirstOrThrow`. */
  async only<const A extends readonly Arg[], R>(
    db: Db,
    key: string,
    args: A,
    build: (...args: A) => Compilable<R>,
  ) {
    const { rows, query } = await this.execute(db, key, args, build);
    if (rows.length === 0) throw new NoResultError(query as QueryNode);
    return rows[0] as R;
  }

  private async execute<const A extends readonly Arg[], R>(
    db: Db,
    key: string,
    args: A,
    build: (...args: A) => Compilable<R>,
  ) {
    const compiled = this.compile(key, args, build);
    const result = await (this.direct?.(db, compiled) ?? db.executeQuery<R>(compiled));
    return { rows: result.rows, query: compiled.query };
  }

  private compile<const A extends readonly Arg[], R>(
    key: string,
    args: A,
    build: (...args: A) => Compilable<R>,
  ): CompiledQuery<R> {
    if (args.some((a) => Array.isArray(a) && a.length > LONGEST_LIST)) return build(...args).compile();
    const cacheKey = `${key}|${args.map(shapeOf).join("|")}`;
    let template = this.templates.get(cacheKey);
    if (!template) {
      template = prepare(key, args, build);
      this.templates.set(cacheKey, template);
    }
    const parameters = template.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const arg = args[p.arg];
      return p.at === undefined ? arg : (arg as Record<string | number, unknown>)[p.at];
    });
    return { ...template, parameters } as CompiledQuery<R>;
  }
}

/**
 * A row's defined fields in its own order, unsorted: a row built in another order gets a template
 * of its own, the same one. Sorting them cost 1.4 µs a row against 0.3, and a send passes
 * several rows.
 */
function shapeOf(a: Arg): string {
  if (Array.isArray(a)) return `[${a.length}]`;
  if (!isRow(a)) return "";
  let shape = "";
  for (const k of Object.keys(a)) if (a[k] !== undefined) shape += `${k},`;
  return shape;
}

function prepare<const A extends readonly Arg[], R>(
  key: string,
  args: A,
  build: (...args: A) => Compilable<R>,
): CompiledQuery {
  const slots: Slot[] = [];
  const slot = (arg: number, at?: string | number) => {
    const s = new Slot(arg, at);
    slots.push(s);
    return s;
  };
  const placeholders = args.map((a, i) => {
    if (Array.isArray(a)) return a.map((_, j) => slot(i, j));
    return isRow(a) ? Object.fromEntries(definedFields(a).map((f) => [f, slot(i, f)])) : slot(i);
  }) as unknown as A;
  const compiled = build(...placeholders).compile();
  const used = new Set(compiled.parameters.filter((p) => p instanceof Slot));
  if (used.size !== slots.length)
    throw new Error(`prepared query ${key}: every argument must be a parameter of the query`);
  return compiled;
}
