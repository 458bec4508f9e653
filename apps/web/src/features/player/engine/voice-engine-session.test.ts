import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionManifest } from '@sintonia/contract'
import { BackgroundMusic } from './background-music'
import { createPlayerCoordinator } from './player-coordinator'
import { FakeAudioElement } from './testing/fake-audio'
import { isCycleComplete, VoiceEngine, type RepetitionHeard } from './voice-engine'

const URL = 'https://app.test/api/sessions/0123456789abcdef0123456789abcdef/audio'

/** Three repetitions of a 10 s voice with 3 s pauses, 2 s of lead-in: ends at 12, 25 and 38 s. */
const ONE: SessionManifest = {
  key: '0123456789abcdef0123456789abcdef',
  url: URL,
  durationSeconds: 43,
  bytes: 43 * 8000,
  items: [{ audioId: 'a', title: 'Abundância', repetitions: 3, start: 2, end: 38, repetitionStarts: [2, 15, 28], repetitionEnds: [12, 25, 38] }],
  music: { id: 'm', title: 'Brisa suave' },
  musicLevel: 25,
  pauseSeconds: 3,
  endless: false,
  endsEarly: false,
  itemsLeft: 0,
}

/** A day of two audios: 'a' twice, then 'b' once. */
const DAY: SessionManifest = {
  ...ONE,
  key: 'fedcba9876543210fedcba9876543210',
  durationSeconds: 40,
  items: [
    { audioId: 'a', title: 'Abundância', repetitions: 2, start: 2, end: 15, repetitionStarts: [2, 9], repetitionEnds: [7, 15] },
    { audioId: 'b', title: 'Brilho', repetitions: 1, start: 18, end: 35, repetitionStarts: [18], repetitionEnds: [35] },
  ],
}

function setup(manifest = ONE, firstIndex = 0, heardBefore?: number[]) {
  const el = new FakeAudioElement()
  const engine = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
  const heard: RepetitionHeard[] = []
  const cycles: number[] = []
  engine.on('repetitionHeard', (event) => heard.push(event))
  engine.on('cycleCompleted', (n) => cycles.push(n))
  engine.loadSession(manifest.url, { manifest, firstIndex, contextTitle: 'Prosperidade', ...(heardBefore ? { heardBefore } : {}) })
  el.loadMetadata(manifest.durationSeconds)
  return { el, engine, heard, cycles }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-26T10:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('VoiceEngine – a rendered session', () => {
  it('plays one stream: the audio, its counter and target come from the manifest', () => {
    const { engine } = setup()
    const snapshot = engine.getSnapshot()
    expect(snapshot.status).toBe('ready')
    expect(snapshot.duration).toBe(43)
    expect(snapshot.meta).toMatchObject({ id: 'a', title: 'Abundância', fieldTitle: 'Prosperidade' })
    expect(snapshot.completedRepeats).toBe(0)
    expect(snapshot.repeatTarget).toBe(3)
    expect(snapshot.session).toEqual({ key: ONE.key, index: 0, inPause: false, musicTitle: 'Brisa suave' })
  })

  it('counts each repetition when playback passes its end, and says when it is a pause', async () => {
    const { el, engine, heard } = setup()
    await engine.play()
    el.advance(11.9)
    expect(engine.getSnapshot().completedRepeats).toBe(0)
    el.advance(0.2)
    expect(engine.getSnapshot().completedRepeats).toBe(1)
    expect(engine.getSnapshot().session?.inPause).toBe(true)
    expect(heard).toEqual([{ index: 0, audioId: 'a', completed: 1, target: 3, at: expect.any(Date) }])
    el.advance(3)
    expect(engine.getSnapshot().session?.inPause).toBe(false)
    expect(engine.getSnapshot().status).toBe('playing')
  })

  it('catches up once the page wakes after a locked screen: every repetition once, in order, dated when it ended', async () => {
    const { el, engine, heard, cycles } = setup()
    await engine.play()
    el.advance(1)
    el.playWhileAsleep(42)
    vi.setSystemTime(new Date('2026-11-26T10:00:42Z'))
    el.finish()
    el.fire('timeupdate')
    expect(heard.map((h) => h.completed)).toEqual([1, 2, 3])
    // Heard at 12, 25 and 38 s of a stream that started at 10:00:00 (the page slept through them).
    expect(heard.map((h) => h.at.toISOString())).toEqual(['2026-11-26T10:00:11.000Z', '2026-11-26T10:00:24.000Z', '2026-11-26T10:00:37.000Z'])
    expect(cycles).toEqual([3])
    const snapshot = engine.getSnapshot()
    expect(snapshot.completedRepeats).toBe(3)
    expect(isCycleComplete(snapshot)).toBe(true)
  })

  it('a jump is not listening: what a seek skips is not counted; heard again after a seek back, it counts again', async () => {
    const { el, engine, heard } = setup()
    await engine.play()
    engine.seek(30)
    el.advance(1)
    expect(heard).toEqual([])
    expect(engine.getSnapshot().completedRepeats).toBe(2) // the counter shows where playback is
    el.advance(8)
    expect(heard.map((h) => h.completed)).toEqual([3])
    el.currentTime = 10 // the lock screen's seek bar
    el.advance(3)
    expect(heard.map((h) => h.completed)).toEqual([3, 1])
  })

  it('a day: the current audio follows the position, counters start at what was heard before', async () => {
    const { el, engine, heard } = setup(DAY, 2, [1, 0])
    await engine.play()
    expect(engine.getSnapshot()).toMatchObject({ completedRepeats: 1, repeatTarget: 3, session: { index: 2 } })
    el.advance(7.5)
    expect(engine.getSnapshot().completedRepeats).toBe(2)
    el.advance(8)
    // In the breath between the two audios the page already shows the next one.
    expect(engine.getSnapshot()).toMatchObject({ meta: { id: 'b', title: 'Brilho' }, session: { index: 3, inPause: true } })
    el.advance(3)
    expect(engine.getSnapshot()).toMatchObject({ meta: { id: 'b', title: 'Brilho' }, session: { index: 3 }, completedRepeats: 0, repeatTarget: 1 })
    el.finish()
    expect(heard.map((h) => [h.index, h.audioId, h.completed, h.target])).toEqual([
      [2, 'a', 2, 3],
      [2, 'a', 3, 3],
      [3, 'b', 1, 1],
    ])
  })

  it('moves to an audio of the stream by seeking; an audio outside it is for the page', async () => {
    const { el, engine } = setup(DAY, 2)
    await engine.play()
    expect(engine.seekToItem(3)).toBe(true)
    expect(el.currentTime).toBe(17)
    expect(engine.getSnapshot().session?.index).toBe(3)
    expect(engine.seekToItem(1)).toBe(false)
    // 'Reiniciar': back to the start of the audio playing.
    el.advance(5)
    engine.reset()
    expect(el.currentTime).toBe(17)
  })

  it('plays again from the beginning after the end', async () => {
    const { el, engine } = setup()
    await engine.play()
    el.finish()
    await engine.play()
    expect(el.currentTime).toBe(0)
    expect(engine.getSnapshot().completedRepeats).toBe(0)
  })

  it('leaves the separate music element silent: the music is in the stream', async () => {
    const el = new FakeAudioElement()
    const musicEl = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
    const music = new BackgroundMusic({ element: musicEl, load: async () => ({ tracks: [{ id: 'm', title: 'Brisa', url: '/m.mp3' }], volumePercentage: 25 }) })
    const coordinator = createPlayerCoordinator({ voice, music, ownElements: [el, musicEl] })
    voice.loadSession(URL, { manifest: ONE, firstIndex: 0 })
    el.loadMetadata(43)
    await voice.play()
    await vi.advanceTimersByTimeAsync(0)
    expect(musicEl.playCalls).toBe(0)
    // Back to a single audio played by page code: the music element plays under it again.
    voice.setSource('https://app.test/api/audios/a/file', { id: 'a', title: 'Abundância' })
    el.loadMetadata(10)
    await vi.advanceTimersByTimeAsync(0)
    expect(musicEl.playCalls).toBeGreaterThan(0)
    coordinator.destroy()
  })

  it("falls back to the session's own address when the signed one it carried stops answering, and resumes where it was", async () => {
    const direct = { url: 'https://app.test/api/files/sessions/0123456789abcdef0123456789abcdef.mp3?expires=1&md5=x', expiresAt: '2026-11-26T11:00:00.000Z' }
    const manifest: SessionManifest = { ...ONE, direct }
    const el = new FakeAudioElement()
    const engine = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
    engine.loadSession(direct.url, { manifest, firstIndex: 0 })
    el.loadMetadata(manifest.durationSeconds)
    await engine.play()
    el.advance(20)
    const loadsBefore = el.loadCalls
    // A long pause later the address has expired: the next range is refused (a network error).
    el.failWith(2)
    expect(engine.getSnapshot().src).toBe(URL)
    expect(el.src).toBe(URL)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(el.loadCalls).toBe(loadsBefore + 1)
    el.loadMetadata(manifest.durationSeconds)
    expect(el.currentTime).toBe(20)
  })

  it("keeps retrying the session's own address as before when that is what failed", async () => {
    const { el, engine } = setup({ ...ONE, direct: null })
    await engine.play()
    el.failWith(2)
    expect(engine.getSnapshot().src).toBe(URL)
    expect(el.src).toBe(URL)
  })
})
