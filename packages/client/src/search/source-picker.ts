import type { SearchController, SearchControllerState } from "./search-controller.js";
import type { SearchSourceType } from "./types.js";

/** The order sources are tried in for a new query: messages first. */
export const SEARCH_SOURCE_ORDER: readonly SearchSourceType[] = ["messages", "channels", "users"];

/** Filters (`from:`, `in:`, `before:` …) and quoted phrases: they apply to messages only. */
const MESSAGE_SYNTAX = /(^|\s)(from|in|before|after|on|has|is):|"/i;

export function hasMessageSyntax(query: string): boolean {
  return MESSAGE_SYNTAX.test(query);
}

/**
 * Opens a search on the source with results, messages first: each query starts on messages,
 * and a source that answers the query with nothing hands over to the next one (channels, then
 * people), unless the query uses message syntax. When none has results it comes back to
 * messages. Once the user picks a source it stays. It only drives the controller's own
 * calls, so the controller's rules hold as they are: one active source, the debounce, paging.
 */
export class SearchSourcePicker {
  #query = "";
  #tried = new Set<SearchSourceType>();
  #chosen = false;
  readonly #unsubscribe: () => void;

  constructor(private readonly controller: SearchController) {
    this.#unsubscribe = controller.subscribe((state) => this.#changed(state));
  }

  /** Whether the user picked the source (no more automatic hand-over). */
  get chosen(): boolean {
    return this.#chosen;
  }

  /** A new query from the box. The first source is made active before it, so it is debounced. */
  search(query: string): void {
    const first = SEARCH_SOURCE_ORDER[0];
    if (!this.#chosen && first && query.trim() !== this.#query) this.controller.activateSource(first);
    this.controller.search(query);
  }

  /** The user picks a source: it becomes active and stays for the following queries. */
  choose(type: SearchSourceType): void {
    this.#chosen = true;
    this.controller.activateSource(type);
  }

  /** Back to automatic: the query is cleared and the next one starts on messages again. */
  clear(): void {
    this.#chosen = false;
    this.#query = "";
    this.#tried.clear();
    this.controller.clear();
  }

  dispose(): void {
    this.#unsubscribe();
  }

  #changed(state: SearchControllerState): void {
    const query = state.searchQuery.trim();
    if (query !== this.#query) {
      this.#query = query;
      this.#tried.clear();
    }
    if (this.#chosen || !query || hasMessageSyntax(query)) return;
    const [active] = this.controller.activeSources;
    if (!active) return;
    const source = state.sources[active];
    if (source.searchQuery !== query || source.isLoading || source.lastQueryError) return;
    if (source.items.length > 0) return;
    this.#tried.add(active);
    const next = SEARCH_SOURCE_ORDER.find((t) => !this.#tried.has(t)) ?? SEARCH_SOURCE_ORDER[0];
    if (next && next !== active) queueMicrotask(() => this.#handOver(next, query));
  }

  /** Activated outside the listener, so the controller never emits from inside its own emit. */
  #handOver(next: SearchSourceType, query: string): void {
    if (this.#chosen || this.#query !== query) return;
    this.controller.activateSource(next);
  }
}
