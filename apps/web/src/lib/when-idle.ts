/**
 * Work the first paint does not need (realtime, analytics, the toast outlet, the connectivity
 * monitor, the service worker) waits until the browser is idle, so it never lengthens the tasks
 * that make a page respond (docs/performance.md). Every job waits on one shared idle callback and
 * then runs in a task of its own, so jobs queued together never add up to one long task.
 */
interface Job {
  run: () => void
  cancelled: boolean
}

const queue: Job[] = []
let requested = false

function runNext(): void {
  const job = queue.shift()
  if (job && !job.cancelled) {
    try {
      job.run()
    } catch (error) {
      // One failing job must not keep the others from running.
      setTimeout(() => {
        throw error
      })
    }
  }
  if (queue.length > 0) setTimeout(runNext, 0)
  else requested = false
}

function request(timeoutMs: number): void {
  if (requested) return
  requested = true
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(runNext, { timeout: timeoutMs })
  else window.setTimeout(runNext, Math.min(timeoutMs, 1_000))
}

/** Runs `run` once the browser is idle — at the latest after about `timeoutMs` — unless cancelled. */
export function whenIdle(run: () => void, timeoutMs = 3_000): () => void {
  const job: Job = { run, cancelled: false }
  queue.push(job)
  request(timeoutMs)
  return () => {
    job.cancelled = true
  }
}
