/**
 * A small in-process cache of read results that many requests share (the catalogue every
 * subscriber opens). Entries are dropped by `invalidate()` — called when a change is announced
 * (domain events, docs/realtime.md) — and in any case after `ttlMs`, which bounds how long a change
 * made behind the API's back (a manual SQL fix) can go unseen.
 *
 * A read that started before an invalidation is not stored: it may have seen the data the change
 * replaced.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>()
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `keep` says whether a loaded value may be kept (an answer that will change soon is not). */
  async getOrLoad(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key)
    if (hit && hit.expiresAt > this.now()) return hit.value
    const generation = this.generation
    const value = await load()
    if (generation === this.generation && keep(value)) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
      this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs })
    }
    return value
  }

  invalidate(): void {
    this.generation++
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
