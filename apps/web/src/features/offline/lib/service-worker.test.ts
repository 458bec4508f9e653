import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UPDATE_RELOAD_FALLBACK_MS, UPDATE_REQUEST_TTL_MS, registerServiceWorker, type WorkboxLike } from './service-worker'

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

/** A page where the listener taps 'Atualizar' on a waiting version (the page is then left alone). */
function tapUpdateOnAPage() {
  const { wb, emit } = fakeWorkbox()
  const onUpdateWaiting = vi.fn<(activate: () => void) => void>()
  registerServiceWorker({ onUpdateWaiting, reload: vi.fn(), createWorkbox: () => wb })()
  emit('waiting')
  onUpdateWaiting.mock.calls[0]![0]()
}

// These pages run on an older version: a worker controls them (the first install is
// service-worker-first-install.test.ts).
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } })
})
afterEach(() => {
  vi.useRealTimers()
  window.sessionStorage.clear()
  Reflect.deleteProperty(navigator, 'serviceWorker')
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

  it('the first install taking the page is not an update: no reload', () => {
    const { wb, emit } = fakeWorkbox()
    const reload = vi.fn()
    const stop = registerServiceWorker({ onUpdateWaiting: vi.fn(), reload, createWorkbox: () => wb })
    emit('controlling')
    expect(reload).not.toHaveBeenCalled()
    stop()
  })

  it('reloads anyway when the new version has not taken over shortly after the tap, and reloads only once', () => {
    vi.useFakeTimers()
    const { wb, emit } = fakeWorkbox()
    const onUpdateWaiting = vi.fn<(activate: () => void) => void>()
    const reload = vi.fn()
    const stop = registerServiceWorker({ onUpdateWaiting, reload, createWorkbox: () => wb })
    emit('waiting')
    onUpdateWaiting.mock.calls[0]![0]()
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledTimes(1)
    emit('controlling') // the old version went idle while the page was reloading
    expect(reload).toHaveBeenCalledTimes(1)
    stop()
  })

  it('after that reload, the page does not prompt again: it asks the waiting version itself and takes it without reloading', () => {
    vi.useFakeTimers()
    tapUpdateOnAPage()
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS)

    // The reloaded page.
    const { wb, emit } = fakeWorkbox()
    const prompt = vi.fn()
    const reload = vi.fn()
    const stop = registerServiceWorker({ onUpdateWaiting: prompt, reload, createWorkbox: () => wb })
    emit('waiting')
    expect(prompt).not.toHaveBeenCalled()
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1)
    emit('controlling')
    expect(reload).not.toHaveBeenCalled()
    stop()

    // The request is spent: the next version gets its own prompt.
    const next = fakeWorkbox()
    const nextPrompt = vi.fn()
    registerServiceWorker({ onUpdateWaiting: nextPrompt, createWorkbox: () => next.wb })()
    next.emit('waiting')
    expect(nextPrompt).toHaveBeenCalledTimes(1)
    expect(next.wb.messageSkipWaiting).not.toHaveBeenCalled()
  })

  it('an old request does not let a later version take over unasked', () => {
    vi.useFakeTimers()
    tapUpdateOnAPage()
    vi.advanceTimersByTime(UPDATE_REQUEST_TTL_MS)

    const { wb, emit } = fakeWorkbox()
    const prompt = vi.fn()
    registerServiceWorker({ onUpdateWaiting: prompt, createWorkbox: () => wb })()
    emit('waiting')
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()
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
