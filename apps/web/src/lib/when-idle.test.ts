import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

describe('whenIdle', () => {
  let idle: Array<() => void>
  beforeEach(() => {
    vi.useFakeTimers()
    idle = []
    window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof window.requestIdleCallback
  })
  afterEach(() => {
    vi.useRealTimers()
    // @ts-expect-error -- jsdom has none; the tests add it
    delete window.requestIdleCallback
  })

  it('waits for one idle callback, then runs each job in a task of its own, in order', () => {
    const ran: string[] = []
    whenIdle(() => ran.push('a'))
    whenIdle(() => ran.push('b'))
    whenIdle(() => ran.push('c'))
    expect(idle).toHaveLength(1)
    expect(ran).toEqual([])
    idle[0]!()
    expect(ran).toEqual(['a'])
    vi.advanceTimersToNextTimer()
    expect(ran).toEqual(['a', 'b'])
    vi.advanceTimersToNextTimer()
    expect(ran).toEqual(['a', 'b', 'c'])
  })

  it('skips a cancelled job, and asks for a new idle callback once the queue is empty', () => {
    const ran: string[] = []
    const cancel = whenIdle(() => ran.push('a'))
    whenIdle(() => ran.push('b'))
    cancel()
    idle[0]!()
    vi.advanceTimersToNextTimer()
    expect(ran).toEqual(['b'])
    whenIdle(() => ran.push('c'))
    expect(idle).toHaveLength(2)
    idle[1]!()
    expect(ran).toEqual(['b', 'c'])
  })

  it('keeps going when a job throws', () => {
    const ran: string[] = []
    whenIdle(() => {
      throw new Error('falhou')
    })
    whenIdle(() => ran.push('b'))
    idle[0]!()
    expect(() => vi.advanceTimersToNextTimer()).toThrow('falhou')
    vi.advanceTimersToNextTimer()
    expect(ran).toEqual(['b'])
  })
})
