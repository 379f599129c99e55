import type { SearchSource, SearchSourceOptions } from "./search-source.js";
import { channelSource, messageSource, userSource } from "./sources.js";
import type {
  Listener,
  SearchClient,
  SearchItems,
  SearchSourceState,
  SearchSourceType,
  Unsubscribe,
} from "./types.js";

export const SEARCH_SOURCE_TYPES: readonly SearchSourceType[] = ["users", "channels", "messages"];

export interface SearchControllerOptions extends SearchSourceOptions {
  client: SearchClient;
  /** Only one source active at a time (the default); false lets several be active together. */
  keepSingleActiveSource?: boolean;
  /** Active at start; default: `users` alone, or every source when several may be active. */
  activeSources?: readonly SearchSourceType[];
}

/** The controller's snapshot: immutable, replaced whenever anything in it changes. */
export interface SearchControllerState {
  searchQuery: string;
  sources: { readonly [K in SearchSourceType]: SearchSourceState<SearchItems[K]> };
}

type Sources = { readonly [K in SearchSourceType]: SearchSource<SearchItems[K]> };

/**
 * The search controller of spec §4/§9: three sources (users, channels, messages), one active
 * at a time by default, and the last active source can never be deactivated. Framework-free:
 * `subscribe` + `getSnapshot` fit React's `useSyncExternalStore`.
 */
export class SearchController {
  readonly sources: Sources;
  readonly keepSingleActiveSource: boolean;
  #state: SearchControllerState;
  #listeners = new Set<Listener<SearchControllerState>>();

  constructor(options: SearchControllerOptions) {
    const { client } = options;
    this.keepSingleActiveSource = options.keepSingleActiveSource ?? true;
    this.sources = {
      users: userSource(client, options),
      channels: channelSource(client, options),
      messages: messageSource(client, options),
    };
    const initial = options.activeSources ?? (this.keepSingleActiveSource ? ["users"] : SEARCH_SOURCE_TYPES);
    const active = this.keepSingleActiveSource ? initial.slice(0, 1) : initial;
    for (const type of active) this.sources[type].setActive(true);
    if (active.length === 0) this.sources.users.setActive(true);
    this.#state = { searchQuery: "", sources: this.#sourceStates() };
    for (const type of SEARCH_SOURCE_TYPES) this.sources[type].subscribe(() => this.#changed());
  }

  getSnapshot = (): SearchControllerState => this.#state;

  subscribe = (listener: Listener<SearchControllerState>): Unsubscribe => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  get searchQuery(): string {
    return this.#state.searchQuery;
  }

  get activeSources(): SearchSourceType[] {
    return SEARCH_SOURCE_TYPES.filter((t) => this.sources[t].isActive);
  }

  /**
   * Makes `type` active (alone, unless several may be active). A source that becomes active
   * catches up with the current query at once, without waiting for the debounce.
   */
  activateSource(type: SearchSourceType): void {
    const source = this.sources[type];
    if (source.isActive) return;
    if (this.keepSingleActiveSource) {
      for (const other of SEARCH_SOURCE_TYPES) if (other !== type) this.sources[other].setActive(false);
    }
    source.setActive(true);
    const q = this.#state.searchQuery;
    if (q.trim() && source.state.searchQuery !== q.trim()) void source.executeQuery(q);
  }

  /** Deactivates `type`, unless it is the last active source (then nothing happens). */
  deactivateSource(type: SearchSourceType): void {
    const source = this.sources[type];
    if (!source.isActive || this.activeSources.length <= 1) return;
    source.setActive(false);
  }

  /** A new query for every active source, after the debounce delay. */
  search(query: string): void {
    this.#setQuery(query);
    for (const type of this.activeSources) this.sources[type].search(query);
  }

  /** The next page of `type`'s results (default: every active source), now. */
  async loadMore(type?: SearchSourceType): Promise<void> {
    const types = type ? [type] : this.activeSources;
    await Promise.all(types.map((t) => this.sources[t].loadMore()));
  }

  /** Empties the query and every source's results; which sources are active stays. */
  clear(): void {
    this.#setQuery("");
    for (const type of SEARCH_SOURCE_TYPES) this.sources[type].reset();
  }

  #setQuery(searchQuery: string): void {
    if (searchQuery === this.#state.searchQuery) return;
    this.#state = { ...this.#state, searchQuery };
    this.#emit();
  }

  #sourceStates(): SearchControllerState["sources"] {
    return {
      users: this.sources.users.state,
      channels: this.sources.channels.state,
      messages: this.sources.messages.state,
    };
  }

  #changed(): void {
    this.#state = { ...this.#state, sources: this.#sourceStates() };
    this.#emit();
  }

  #emit(): void {
    const state = this.#state;
    for (const listener of [...this.#listeners]) {
      try {
        listener(state);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
