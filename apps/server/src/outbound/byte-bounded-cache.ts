/**
 * A least-recently-used cache bounded by the bytes its entries hold (each entry says its cost),
 * whose entries expire. For answers fetched from elsewhere, costly to fetch again and cheap to
 * forget.
 */
export class ByteBoundedCache<V> {
  readonly #entries = new Map<string, { value: V; cost: number; expiresAt: number }>();
  #bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.#bytes -= entry.cost;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs`; one costlier than the whole cache is not kept. */
  set(key: string, value: V, cost: number, ttlMs: number): void {
    this.delete(key);
    if (cost > this.maxBytes) return;
    this.#entries.set(key, { value, cost, expiresAt: this.now() + ttlMs });
    this.#bytes += cost;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.cost;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.cost;
  }
}
