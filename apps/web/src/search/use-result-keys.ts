import { type KeyboardEvent, type RefObject, useEffect, useState } from "react";
import { clampActive, searchKeyOutcome } from "./search-keys";

interface Options {
  input: RefObject<HTMLInputElement | null>;
  list: RefObject<HTMLElement | null>;
  count: number;
  hasMore: boolean;
  /** Resets the active row (a new query, another tab). */
  resetKey: string;
  open: (index: number) => void;
  loadMore: () => Promise<void>;
}

export interface ResultKeys {
  /** The row that takes Tab (roving focus). */
  focusable: number;
  setActive: (index: number) => void;
  onInputKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onListKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const rowsOf = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>("[data-search-row]") ?? []),
];

/**
 * The results by keyboard: ↓ from the field goes to the results, ↑ ↓ Home End move between
 * them (↓ on the last loads the next page), ↑ on the first goes back to the field, Enter opens.
 * Enter in the field opens the first result.
 */
export function useResultKeys({
  input,
  list,
  count,
  hasMore,
  resetKey,
  open,
  loadMore,
}: Options): ResultKeys {
  const [active, setActive] = useState(-1);
  const row = clampActive(active, count);
  useEffect(() => {
    void resetKey;
    setActive(-1);
  }, [resetKey]);

  const focusRow = (index: number) => {
    setActive(index);
    rowsOf(list.current)[index]?.focus();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (count === 0 || (event.key !== "ArrowDown" && event.key !== "Enter")) return;
    event.preventDefault();
    if (event.key === "ArrowDown") focusRow(Math.max(row, 0));
    else open(Math.max(row, 0));
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Keys on a link inside a result are the link's.
    if (!target.matches("[data-search-row]")) return;
    const index = rowsOf(list.current).indexOf(target);
    if (index < 0) return;
    if (event.key === "ArrowUp" && index === 0) {
      event.preventDefault();
      input.current?.focus();
      return;
    }
    const outcome = searchKeyOutcome(event.key, index, count, hasMore);
    if (outcome.type === "none" || outcome.type === "clear") return;
    event.preventDefault();
    if (outcome.type === "move") focusRow(outcome.index);
    else if (outcome.type === "open") open(outcome.index);
    else void loadMore().then(() => requestAnimationFrame(() => focusRow(index + 1)));
  };

  return { focusable: Math.max(row, 0), setActive, onInputKeyDown, onListKeyDown };
}
