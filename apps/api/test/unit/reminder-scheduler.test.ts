/**
 * The reminder scheduler's timer (docs/decisions/018-reminder-scheduler.md): a pass at start and
 * then every interval, never two passes at once in one process, and stop() waits for the pass in
 * progress and ends the passes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createReminderScheduler, type ReminderRunResult } from '../../src/modules/practice/reminder-scheduler.js'

const empty: ReminderRunResult = { due: 0, skippedDone: 0, sent: [] }
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('the reminder scheduler', () => {
  it('runs a pass at start and one per interval, and none after stop', async () => {
    const run = vi.fn(async () => empty)
    const scheduler = createReminderScheduler({ run, intervalMs: 60_000, log })
    scheduler.start()
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(59_000)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(run).toHaveBeenCalledTimes(4)
    await scheduler.stop()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(run).toHaveBeenCalledTimes(4)
    expect(await scheduler.tick()).toBeNull()
  })

  it('skips a tick while a pass is still running, and stop() waits for that pass', async () => {
    let finish: (result: ReminderRunResult) => void = () => undefined
    const run = vi.fn(() => new Promise<ReminderRunResult>((resolve) => (finish = resolve)))
    const scheduler = createReminderScheduler({ run, intervalMs: 1_000, log })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(1)

    let stopped = false
    const stopping = scheduler.stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    finish(empty)
    await stopping
    expect(stopped).toBe(true)
  })

  it('logs a failed pass and keeps going', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('banco fora do ar')).mockResolvedValue(empty)
    const scheduler = createReminderScheduler({ run, intervalMs: 1_000, log })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledTimes(2)
    await scheduler.stop()
  })
})
