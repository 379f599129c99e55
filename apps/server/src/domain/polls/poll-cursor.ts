import type { PageAfter } from "../../store/store.js";
import { invalid } from "../errors.js";

export interface PageSort {
  field: string;
  direction: 1 | -1;
}

type SortValue = string | number | boolean;

/**
 * An opaque `next` cursor: the sort it was made for and the last row's sort value and id. A flag
 * (`is_closed`) is written as the number it sorts as, 0 or 1, which the next page compares with.
 */
export function encodeCursor(sort: PageSort, value: SortValue, id: string): string {
  const v = typeof value === "boolean" ? Number(value) : value;
  return Buffer.from(JSON.stringify({ f: sort.field, d: sort.direction, v, id })).toString("base64url");
}

export function decodeCursor(next: string | undefined, sort: PageSort): PageAfter | undefined {
  if (next === undefined) return undefined;
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(next, "base64url").toString("utf8"));
  } catch {
    throw invalid("next", "next is not a cursor this server gave out");
  }
  const r = (c ?? {}) as Record<string, unknown>;
  if (
    typeof r.id !== "string" ||
    (typeof r.v !== "string" && typeof r.v !== "number") ||
    typeof r.f !== "string"
  ) {
    throw invalid("next", "next is not a cursor this server gave out");
  }
  if (r.f !== sort.field || r.d !== sort.direction) {
    throw invalid("next", "next was made for another sort; send the same sort as the first page");
  }
  return { value: r.v, id: r.id };
}

/** Fetches one row more than asked to learn whether another page exists. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  sort: PageSort,
  key: (row: T) => { value: SortValue; id: string },
): { rows: T[]; next?: string } {
  if (rows.length <= limit) return { rows };
  const page = rows.slice(0, limit);
  const last = key(page[page.length - 1]!);
  return { rows: page, next: encodeCursor(sort, last.value, last.id) };
}
