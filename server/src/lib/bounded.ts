/**
 * A map that keeps at most `limit` of weight (by default, entries), dropping the least recently
 * used first: the one shape of every cache the server keeps in memory (verified tokens, QR codes,
 * images), so none can grow without end. A Map keeps insertion order; a hit moves to the end.
 */
export class Bounded<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key`; one heavier than the whole limit is not kept. */
  set(key: K, value: V): void {
    const weight = this.weigh(value);
    if (weight > this.limit) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= this.weigh(old);
    }
    this.entries.set(key, value);
    this.total += weight;
    for (const [oldest, dropped] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= this.weigh(dropped);
    }
  }

  get count(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }
}
