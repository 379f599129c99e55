/** Keyboard navigation of the search results (↑ ↓ Enter Esc), as a pure function of the key. */

export type SearchKeyOutcome =
  | { type: "move"; index: number }
  | { type: "open"; index: number }
  | { type: "loadMore" }
  | { type: "clear" }
  | { type: "none" };

/**
 * What a key does, given the active row (-1: none), the number of rows and whether more pages
 * exist. ↓ past the last row loads the next page when there is one, else wraps to the first;
 * ↑ from the first (or none) wraps to the last; Enter opens the active row (the first when
 * none is active); Esc clears. (The search view closes on Esc, and ↑ on the first row goes back
 * to the field: use-result-keys.ts.)
 */
export function searchKeyOutcome(
  key: string,
  active: number,
  count: number,
  hasMore: boolean,
): SearchKeyOutcome {
  switch (key) {
    case "ArrowDown":
      if (count === 0) return { type: "none" };
      if (active >= count - 1) return hasMore ? { type: "loadMore" } : { type: "move", index: 0 };
      return { type: "move", index: Math.max(0, active + 1) };
    case "ArrowUp":
      if (count === 0) return { type: "none" };
      return { type: "move", index: active <= 0 ? count - 1 : Math.min(active, count) - 1 };
    case "Home":
      return count === 0 ? { type: "none" } : { type: "move", index: 0 };
    case "End":
      return count === 0 ? { type: "none" } : { type: "move", index: count - 1 };
    case "Enter":
      if (count === 0) return { type: "none" };
      return { type: "open", index: active >= 0 && active < count ? active : 0 };
    case "Escape":
      return { type: "clear" };
    default:
      return { type: "none" };
  }
}

/** The active row after the rows changed: kept when still there, else none. */
export function clampActive(active: number, count: number): number {
  return active < count ? active : -1;
}
