import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FileRepeatCounter } from './file-repeat-counter'
import type { RepeatCounterHost } from './repeat-counter'
import { FakeAudioElement } from './testing/fake-audio'
import type { VoiceSettings, VoiceSnapshot, VoiceSourceMeta } from './voice-types'

/** A host holding a snapshot, recording what the counter asks of the engine. */
function fakeHost(settings: Partial<VoiceSettings> = {}) {
  let snapshot = { status: 'playing', completedRepeats: 0, repeatTarget: 0, isPlayingIntent: true, duration: 10, meta: null } as unknown as VoiceSnapshot
  const calls: string[] = []
  const host: RepeatCounterHost = {
    element: new FakeAudioElement(),
    getSnapshot: () => snapshot,
    setState: (patch) => {
      snapshot = { ...snapshot, ...patch }
    },
    log: () => {},
    emit: (event, value) => calls.push(`${event} ${typeof value === 'number' ? value : ''}`.trim()),
    settings: () => ({ volume: 70, repeatCount: 3, pauseBetweenRepeats: 2, autoPlay: false, ...settings }),
    nextFollows: () => false,
    rewind: () => calls.push('rewind'),
    resume: () => calls.push('resume'),
    moveTo: () => calls.push('moveTo'),
  }
  const start = (meta: VoiceSourceMeta | null) => {
    const counter = new FileRepeatCounter(host, meta)
    host.setState({ meta, ...counter.start() }) // as the engine sets a new source
    return counter
  }
  return { host, calls, start }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('FileRepeatCounter', () => {
  it("starts at the repetitions already heard, whole and below the source's own target", () => {
    const { host, start } = fakeHost()
    start({ title: 'A', repeatCount: 4, completedRepeats: 9 })
    expect(host.getSnapshot()).toMatchObject({ completedRepeats: 3, repeatTarget: 4 })
    start({ title: 'A', completedRepeats: 1.7 })
    expect(host.getSnapshot()).toMatchObject({ completedRepeats: 1, repeatTarget: 3 })
    start({ title: 'A', repeatCount: 2.5 }) // not a whole count: the preference applies
    expect(host.getSnapshot()).toMatchObject({ completedRepeats: 0, repeatTarget: 3 })
  })

  it("follows the preference's repeatCount unless the source has its own", () => {
    const { host, start } = fakeHost({ repeatCount: 5 })
    start({ title: 'A' }).settingsChanged()
    expect(host.getSnapshot().repeatTarget).toBe(5)
    start({ title: 'A', repeatCount: 2 }).settingsChanged()
    expect(host.getSnapshot().repeatTarget).toBe(2)
  })

  it('waits the pause between repeats before replaying; cancelWait drops that replay', () => {
    const { host, calls, start } = fakeHost()
    const counter = start({ id: 'a', title: 'A' })
    counter.ended()
    expect(host.getSnapshot()).toMatchObject({ status: 'transitioning', completedRepeats: 1 })
    expect(calls).toEqual(['repetitionHeard', 'repeatCompleted 1'])
    counter.cancelWait()
    vi.advanceTimersByTime(5_000)
    expect(calls).not.toContain('resume')
    counter.ended()
    vi.advanceTimersByTime(2_000)
    expect(calls.slice(-2)).toEqual(['rewind', 'resume'])
  })

  it('ignores the position: only natural ends count', () => {
    const { host, calls, start } = fakeHost()
    const counter = start({ id: 'a', title: 'A' })
    counter.follow()
    expect(counter.positionOf()).toBeNull()
    expect(host.getSnapshot().completedRepeats).toBe(0)
    expect(calls).toEqual([])
  })
})
