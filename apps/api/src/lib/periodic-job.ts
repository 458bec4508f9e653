/**
 * A job every API instance runs on a timer (the practice reminders, the renewal notices): a pass
 * at start and then every interval, never two passes at once in one process, a failed pass logged
 * and the next one tried, and stop() waiting for the pass in progress. Passes must be safe to run
 * on several instances at once: each job claims its work in the database.
 */
import type { ServiceLogger } from './service-logger.js'

export interface PeriodicJob<T> {
  /** Runs one pass now unless one is running (then resolves with null). */
  tick(): Promise<T | null>
  /** A pass every `intervalMs` on an unref'd timer (it never keeps the process alive). */
  start(): void
  /** Stops the timer and waits for the pass in progress. */
  stop(): Promise<void>
}

export function createPeriodicJob<T>(options: { run: () => Promise<T>; intervalMs: number; log: ServiceLogger; failure: string }): PeriodicJob<T> {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<T | null> | null = null
  let stopped = false

  function tick(): Promise<T | null> {
    if (stopped || running) return Promise.resolve(null)
    running = options
      .run()
      .catch((error: unknown) => {
        options.log.error({ err: error }, options.failure)
        return null
      })
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    tick,
    start() {
      if (stopped || timer) return
      timer = setInterval(() => void tick(), options.intervalMs)
      timer.unref()
      void tick()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
