import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker, type WorkboxLike } from './service-worker'

function fakeWorkbox() {
  const listeners: Record<string, (() => void)[]> = {}
  const wb = {
    addEventListener: vi.fn((type: string, listener: () => void) => {
      ;(listeners[type] ??= []).push(listener)
    }),
    register: vi.fn(async () => ({})),
    update: vi.fn(async () => ({})),
    messageSkipWaiting: vi.fn(),
  }
  const emit = (type: string) => listeners[type]?.forEach((l) => l())
  return { wb: wb satisfies WorkboxLike, emit }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('registerServiceWorker', () => {
  it('registers and reports a waiting version; activating it skips waiting and reloads once it controls', () => {
    const { wb, emit } = fakeWorkbox()
    const onUpdateWaiting = vi.fn<(activate: () => void) => void>()
    const reload = vi.fn()
    const stop = registerServiceWorker({ onUpdateWaiting, reload, createWorkbox: () => wb })
    expect(wb.register).toHaveBeenCalledTimes(1)
    expect(onUpdateWaiting).not.toHaveBeenCalled()

    emit('waiting')
    expect(onUpdateWaiting).toHaveBeenCalledTimes(1)
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled() // nothing changes until the listener asks

    const activate = onUpdateWaiting.mock.calls[0]![0]
    activate()
    activate() // a double click asks only once
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled()
    emit('controlling')
    expect(reload).toHaveBeenCalledTimes(1)
    stop()
  })

  it('asks for a new version periodically while the app is open', () => {
    vi.useFakeTimers()
    const { wb } = fakeWorkbox()
    const stop = registerServiceWorker({ onUpdateWaiting: vi.fn(), createWorkbox: () => wb, updateIntervalMs: 1000 })
    vi.advanceTimersByTime(3500)
    expect(wb.update).toHaveBeenCalledTimes(3)
    stop()
    vi.advanceTimersByTime(5000)
    expect(wb.update).toHaveBeenCalledTimes(3)
  })

  it('a failed registration is not an error of the page', async () => {
    const { wb } = fakeWorkbox()
    wb.register.mockRejectedValueOnce(new Error('SecurityError'))
    const stop = registerServiceWorker({ onUpdateWaiting: vi.fn(), createWorkbox: () => wb })
    await Promise.resolve()
    stop()
  })
})
