import type { SqliteStatement } from "kysely";

/**
 * SQLite (since a 2024 change, "better optimize queries that use parameters in the LIMIT clause";
 * better-sqlite3 12 bundles 3.53) reads the value bound to a `LIMIT ?` while planning, and marks
 * the statement to be planned again whenever that parameter is bound anew — which better-sqlite3
 * does on every run. A prepared `… order by seq desc limit ?` was therefore
 * compiled on every call: 17 µs against 6 µs with the limit written into its text. Kysely
 * binds every limit, so the SQLite store writes them back into the SQL text, one statement per
 * distinct limit.
 */

/**
 * Where a statement's `LIMIT ?` parameters are, found once per SQL text. `OFFSET ?` costs no
 * planning and stays bound: paging through offsets makes no new statements.
 */
export interface LimitSlots {
  /** The SQL text cut at each inlined parameter's `?` (one more part than slots). */
  readonly parts: readonly string[];
  /** The index, among the statement's parameters, of each inlined one. */
  readonly slots: readonly number[];
}

/** The statement's limit parameters, or undefined when it binds none. */
export function findLimitSlots(text: string): LimitSlots | undefined {
  if (!/\blimit \?/i.test(text)) return undefined;
  const parts: string[] = [];
  const slots: number[] = [];
  let param = 0;
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"' || c === "`") {
      quote = c;
      continue;
    }
    if (c !== "?") continue;
    if (/\blimit $/i.test(text.slice(Math.max(0, i - 7), i))) {
      parts.push(text.slice(start, i));
      slots.push(param);
      start = i + 1;
    }
    param++;
  }
  if (slots.length === 0) return undefined;
  parts.push(text.slice(start));
  return { parts, slots };
}

/**
 * The SQL text with the limits' values written in, and the parameters left to bind; undefined
 * when a value is not a whole number (the statement then runs with its parameters as they are).
 */
export function inlineLimits(
  limits: LimitSlots,
  parameters: readonly unknown[],
): { text: string; parameters: unknown[] } | undefined {
  let text = limits.parts[0] as string;
  for (let k = 0; k < limits.slots.length; k++) {
    const value = parameters[limits.slots[k] as number];
    if (!Number.isSafeInteger(value)) return undefined;
    text += String(value) + (limits.parts[k + 1] as string);
  }
  const inlined = new Set(limits.slots);
  return { text, parameters: parameters.filter((_, i) => !inlined.has(i)) };
}

/** A statement whose limits are written into its text on each run; `prepare` gives each text's. */
export class LimitsInlined implements SqliteStatement {
  readonly reader: boolean;

  constructor(
    private readonly limits: LimitSlots,
    private readonly bound: SqliteStatement,
    private readonly prepare: (text: string) => SqliteStatement,
  ) {
    this.reader = bound.reader;
  }

  all(parameters: readonly unknown[]): unknown[] {
    const [st, values] = this.pick(parameters);
    return st.all(values);
  }

  run(parameters: readonly unknown[]): ReturnType<SqliteStatement["run"]> {
    const [st, values] = this.pick(parameters);
    return st.run(values);
  }

  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    const [st, values] = this.pick(parameters);
    return st.iterate(values);
  }

  private pick(parameters: readonly unknown[]): [SqliteStatement, readonly unknown[]] {
    const inlined = inlineLimits(this.limits, parameters);
    return inlined ? [this.prepare(inlined.text), inlined.parameters] : [this.bound, parameters];
  }
}
