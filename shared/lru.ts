/**
 * A map that keeps the `capacity` entries used last: what a cache of decoded screens, encoded screenshots or rendered
 * frames needs to stay bounded while the same few entries are asked for again and again.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The entry, now the most recently used. */
  get(key: K): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  /** The entry, left where it is in the order of use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.trim(this.capacity);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Keeps at most `n` entries, the ones used last. */
  trim(n: number): void {
    while (this.entries.size > n) this.entries.delete(this.entries.keys().next().value as K);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The value for `key`, made by `make` when there is none; a made promise that fails is forgotten, so the next call
   * makes it again. Calls while it is being made share it.
   */
  remember(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const made = make();
    this.set(key, made);
    if (made instanceof Promise) made.catch(() => this.entries.get(key) === made && this.entries.delete(key));
    return made;
  }
}
