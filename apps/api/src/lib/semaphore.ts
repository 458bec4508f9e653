/**
 * At most `limit` pieces of work at a time; the others wait their turn, first come first served.
 * `active` and `waiting` are read by tests to observe the queue without timing anything.
 */
export class Semaphore {
  private running = 0
  private readonly queue: (() => void)[] = []

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`limite inválido: ${limit}`)
  }

  /** Pieces of work running now. */
  get active(): number {
    return this.running
  }

  /** Pieces of work waiting for a turn. */
  get waiting(): number {
    return this.queue.length
  }

  /** Runs `work` once a turn is free, and frees the turn when it settles (fulfilled or not). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve))
    else this.running++
    try {
      return await work()
    } finally {
      // The turn passes straight to the next in line (running stays the same), or is freed.
      const next = this.queue.shift()
      if (next) next()
      else this.running--
    }
  }
}
