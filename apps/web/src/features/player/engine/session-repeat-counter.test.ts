import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionManifest } from '@sintonia/contract'
import { sessionFallbackUrl } from './session-repeat-counter'
import { FakeAudioElement } from './testing/fake-audio'
import { VoiceEngine } from './voice-engine'

const KEY = '0123456789abcdef0123456789abcdef'
const OWN_URL = `https://app.test/api/sessions/${KEY}/audio`

/** A day of two audios: 'a' twice (2-15 s), then 'b' once (18-35 s). */
const DAY: SessionManifest = {
  key: KEY,
  url: OWN_URL,
  durationSeconds: 40,
  bytes: 40 * 8000,
  items: [
    { audioId: 'a', title: 'Abundância', repetitions: 2, start: 2, end: 15, repetitionStarts: [2, 9], repetitionEnds: [7, 15] },
    { audioId: 'b', title: 'Brilho', repetitions: 1, start: 18, end: 35, repetitionStarts: [18], repetitionEnds: [35] },
  ],
  music: null,
  musicLevel: 0,
  pauseSeconds: 2,
  endless: false,
  endsEarly: false,
  itemsLeft: 0,
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('sessionFallbackUrl', () => {
  const direct = { url: `https://app.test/api/files/sessions/${KEY}.mp3?expires=1&md5=x`, expiresAt: '2026-11-26T11:00:00.000Z' }

  it("falls back to the session's own address only from the signed one its manifest carried", () => {
    expect(sessionFallbackUrl({ ...DAY, direct }, direct.url)).toBe(OWN_URL)
    expect(sessionFallbackUrl({ ...DAY, direct }, OWN_URL)).toBeNull()
    expect(sessionFallbackUrl({ ...DAY, direct: null }, OWN_URL)).toBeNull()
    // A downloaded copy (blob:) has nothing to fall back to.
    expect(sessionFallbackUrl({ ...DAY, direct }, 'blob:https://app.test/1')).toBeNull()
  })
})

describe('SessionRepeatCounter through the engine', () => {
  function setup() {
    const el = new FakeAudioElement()
    const engine = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
    return { el, engine }
  }

  it('seekToItem: the first audio from 0, a later one a second before its voice, one outside the stream refused', () => {
    const { el, engine } = setup()
    engine.loadSession(OWN_URL, { manifest: DAY, firstIndex: 4 })
    el.loadMetadata(DAY.durationSeconds)
    expect(engine.seekToItem(5)).toBe(true)
    expect(el.currentTime).toBe(17)
    expect(engine.seekToItem(4)).toBe(true)
    expect(el.currentTime).toBe(0)
    expect(engine.seekToItem(3)).toBe(false)
    expect(engine.seekToItem(6)).toBe(false)
  })

  it('a plain file has no items to seek to', () => {
    const { el, engine } = setup()
    engine.setSource('https://app.test/api/audios/a/file', { id: 'a', title: 'Abundância' })
    el.loadMetadata(10)
    expect(engine.seekToItem(0)).toBe(false)
    expect(engine.currentSession).toBeNull()
  })

  it('a new session while one plays is published with its position at once (the coordinator keeps the music element silent)', async () => {
    const { el, engine } = setup()
    engine.loadSession(OWN_URL, { manifest: DAY, firstIndex: 0 })
    el.loadMetadata(DAY.durationSeconds)
    await engine.play()
    const seen: Array<{ session: unknown; isPlayingIntent: boolean }> = []
    engine.subscribe(() => seen.push(engine.getSnapshot()))
    const next: SessionManifest = { ...DAY, key: 'fedcba9876543210fedcba9876543210' }
    engine.loadSession(OWN_URL, { manifest: next, firstIndex: 0 }, 20)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((snapshot) => snapshot.session !== null)).toBe(true)
    expect(engine.getSnapshot()).toMatchObject({
      status: 'loading',
      isPlayingIntent: true,
      duration: 40,
      meta: { id: 'b' },
      session: { key: next.key, index: 1 },
    })
  })
})
