import { describe, expect, it, vi } from 'vitest'
import { Emitter, SnapshotStore } from './store'

class Counter extends SnapshotStore<{ n: number; label: string }> {
  constructor() {
    super({ n: 0, label: 'a' })
  }
  set(patch: Partial<{ n: number; label: string }>) {
    this.setState(patch)
  }
}

describe('SnapshotStore', () => {
  it('replaces the snapshot only on real changes and notifies subscribers', () => {
    const store = new Counter()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    const first = store.getSnapshot()
    store.set({ n: 0 })
    expect(store.getSnapshot()).toBe(first)
    expect(listener).not.toHaveBeenCalled()
    store.set({ n: 1 })
    expect(store.getSnapshot()).not.toBe(first)
    expect(store.getSnapshot()).toEqual({ n: 1, label: 'a' })
    expect(Object.isFrozen(store.getSnapshot())).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.set({ n: 2 })
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('Emitter', () => {
  it('isolates a throwing listener from the others', () => {
    const emitter = new Emitter<{ ping: number }>()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const good = vi.fn()
    emitter.on('ping', () => {
      throw new Error('boom')
    })
    const off = emitter.on('ping', good)
    emitter.emit('ping', 1)
    expect(good).toHaveBeenCalledWith(1)
    expect(error).toHaveBeenCalled()
    off()
    emitter.emit('ping', 2)
    expect(good).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })
})
