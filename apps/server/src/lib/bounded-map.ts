/**
 * A Map that holds at most `max` entries: adding one more forgets the oldest added. For caches
 * whose entries are cheap to recompute, where an exact LRU order buys nothing.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
