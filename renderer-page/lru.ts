// A bound on what a page keeps: values by key, least recently used out first. A Map iterates in the order its
// keys were set, so moving a key to the end on each use leaves the least recently used first.

export class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value under `key`, made when there is none (and the least recently used then dropped beyond `max`);
   *  either way the most recently used now. */
  remember(key: string, make: () => V): V {
    const found = this.entries.get(key);
    this.entries.delete(key);
    const value = found ?? make();
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** Drops `key` if it still holds `value`: a load that failed is tried again, and one remembered since stays. */
  forget(key: string, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}
