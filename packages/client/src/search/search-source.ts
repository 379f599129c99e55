import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from "@parley/protocol";
import { type Debounced, debounce } from "./debounce.js";
import type { Listener, SearchSourceState, SearchSourceType, Unsubscribe } from "./types.js";

/** One page as a source's query function returns it. */
export interface SourcePage<T> {
  items: T[];
  /** Offset paging: how many rows the server returned, before any local filtering. */
  read?: number;
  /** Cursor paging: the next page's cursor, absent on the last page. */
  next?: string;
}

export type SourceQuery<T> = (
  query: string,
  page: { limit: number; offset: number; next: string | undefined },
) => Promise<SourcePage<T>>;

export interface SearchSourceOptions {
  pageSize?: number;
  debounceMs?: number;
}

const initialState = <T>(isActive: boolean): SearchSourceState<T> => ({
  hasNext: true,
  isActive,
  isLoading: false,
  items: [],
  lastQueryError: undefined,
  next: undefined,
  offset: 0,
  searchQuery: "",
});

/**
 * One search source (spec §4, §9): debounced queries, paging, and the rules for when a query
 * runs. A query is skipped when the source is inactive, the query is empty, or — for the next
 * page of the same query — one is already loading or there are no more pages. A new query is
 * never skipped for those two: it resets paging and supersedes a query still in flight, whose
 * answer is then dropped.
 */
export class SearchSource<T> {
  readonly pageSize: number;
  #state: SearchSourceState<T>;
  #listeners = new Set<Listener<SearchSourceState<T>>>();
  #run = 0;
  readonly #debounced: Debounced<[string]>;

  constructor(
    readonly type: SearchSourceType,
    private readonly paging: "offset" | "cursor",
    private readonly query: SourceQuery<T>,
    options: SearchSourceOptions = {},
  ) {
    this.pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
    this.#state = initialState(false);
    this.#debounced = debounce(
      (q: string) => void this.executeQuery(q),
      options.debounceMs ?? SEARCH_DEBOUNCE_MS,
    );
  }

  get state(): SearchSourceState<T> {
    return this.#state;
  }

  get isActive(): boolean {
    return this.#state.isActive;
  }

  /** Calls `listener` with every new state; returns the unsubscribe function. */
  subscribe(listener: Listener<SearchSourceState<T>>): Unsubscribe {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A new query, run after the debounce delay (only the last of a burst of calls runs). */
  search(query: string): void {
    this.#debounced(query);
  }

  /** The next page of the current query, now (skipped while a new query waits to run). */
  loadMore(): Promise<void> {
    if (this.#debounced.pending) return Promise.resolve();
    return this.executeQuery();
  }

  /** Runs a new query (`query` given) or the next page of the current one, now. */
  async executeQuery(query?: string): Promise<void> {
    const isNew = query !== undefined;
    const text = (query ?? this.#state.searchQuery).trim();
    const s = this.#state;
    if (!s.isActive) return;
    if (!text) {
      if (isNew) this.#startOver("");
      return;
    }
    if (!isNew && (s.isLoading || !s.hasNext)) return;
    const run = ++this.#run;
    if (isNew) this.#set({ ...initialState<T>(true), isLoading: true, searchQuery: text });
    else this.#set({ ...s, isLoading: true, lastQueryError: undefined });
    const { offset, next } = this.#state;
    try {
      const page = await this.query(text, { limit: this.pageSize, offset, next });
      if (run !== this.#run) return;
      const current = this.#state;
      const read = page.read ?? page.items.length;
      this.#set({
        ...current,
        isLoading: false,
        items: [...current.items, ...page.items],
        ...(this.paging === "offset"
          ? { offset: current.offset + read, hasNext: read === this.pageSize }
          : { next: page.next, hasNext: page.next !== undefined }),
      });
    } catch (error) {
      if (run !== this.#run) return;
      this.#set({ ...this.#state, isLoading: false, lastQueryError: asError(error) });
    }
  }

  /** Called by the controller, which enforces which sources may be active. */
  setActive(isActive: boolean): void {
    if (!isActive) this.#debounced.cancel();
    if (this.#state.isActive !== isActive) this.#set({ ...this.#state, isActive });
  }

  /** Cancels a debounced query that has not run yet. */
  cancelPending(): void {
    this.#debounced.cancel();
  }

  /** Back to the initial state (keeps `isActive`); a query in flight is dropped. */
  reset(): void {
    this.#startOver("");
  }

  #startOver(searchQuery: string): void {
    this.#debounced.cancel();
    this.#run++;
    this.#set({ ...initialState<T>(this.#state.isActive), searchQuery });
  }

  #set(next: SearchSourceState<T>): void {
    this.#state = next;
    for (const listener of [...this.#listeners]) {
      try {
        listener(next);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
