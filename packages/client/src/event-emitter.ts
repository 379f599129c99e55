/** A tiny typed event emitter: `on(type | "all", handler)` returns `{ unsubscribe }`. */

export interface Subscription {
  unsubscribe(): void;
}

type AnyHandler = (event: never) => void;

export class EventEmitter<Events extends { type: string }> {
  readonly #handlers = new Map<string, Set<AnyHandler>>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = () => {}) {
    this.#onError = onError;
  }

  on<K extends Events["type"]>(type: K, handler: (event: Extract<Events, { type: K }>) => void): Subscription;
  on(type: "all", handler: (event: Events) => void): Subscription;
  on(type: string, handler: (event: never) => void): Subscription {
    let set = this.#handlers.get(type);
    if (!set) {
      set = new Set();
      this.#handlers.set(type, set);
    }
    // Wrap so the same function can be registered twice and removed independently.
    const entry: AnyHandler = (event) => handler(event);
    set.add(entry);
    return {
      unsubscribe: () => {
        set.delete(entry);
      },
    };
  }

  /** Calls the handlers of `event.type`, then the "all" handlers. A throwing handler never stops the others. */
  emit(event: Events): void {
    for (const key of [event.type, "all"]) {
      const set = this.#handlers.get(key);
      if (!set || set.size === 0) continue;
      for (const handler of [...set]) {
        try {
          (handler as (e: Events) => void)(event);
        } catch (error) {
          this.#onError(error);
        }
      }
    }
  }

  listenerCount(type?: string): number {
    if (type !== undefined) return this.#handlers.get(type)?.size ?? 0;
    let n = 0;
    for (const set of this.#handlers.values()) n += set.size;
    return n;
  }

  clear(): void {
    this.#handlers.clear();
  }
}

/** Listeners without payload, for `useSyncExternalStore`-style subscriptions. */
export class Listeners {
  readonly #set = new Set<() => void>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = () => {}) {
    this.#onError = onError;
  }

  subscribe = (listener: () => void): (() => void) => {
    const entry = () => listener();
    this.#set.add(entry);
    return () => {
      this.#set.delete(entry);
    };
  };

  notify(): void {
    for (const listener of [...this.#set]) {
      try {
        listener();
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  get size(): number {
    return this.#set.size;
  }
}
