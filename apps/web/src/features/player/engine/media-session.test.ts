import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  connectMediaSession,
  isMediaSessionSupported,
  setMediaSessionHandlers,
  setMediaSessionMetadata,
  setMediaSessionPlaybackState,
  setMediaSessionPosition,
  type MediaSessionLike,
} from './media-session'
import { FakeAudioElement } from './testing/fake-audio'
import { VoiceEngine } from './voice-engine'

type Handler = MediaSessionActionHandler | null

function fakeSession() {
  const handlers = new Map<MediaSessionAction, Handler>()
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: vi.fn((action: MediaSessionAction, handler: Handler) => {
      handlers.set(action, handler)
    }),
    setPositionState: vi.fn(),
  } satisfies MediaSessionLike
  const createMetadata = (init: MediaMetadataInit) => ({ ...init }) as unknown as MediaMetadata
  return { session, handlers, createMetadata }
}

function call(handlers: Map<MediaSessionAction, Handler>, action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
  const handler = handlers.get(action)
  if (!handler) throw new Error(`no handler for ${action}`)
  handler({ action, ...details } as MediaSessionActionDetails)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('media session helpers', () => {
  it('sets title, artist = field title, album = product name', () => {
    const { session, createMetadata } = fakeSession()
    setMediaSessionMetadata({ title: 'Abundância', fieldTitle: 'Prosperidade', productName: 'Sintonia' }, { mediaSession: session, createMetadata })
    expect(session.metadata).toEqual({ title: 'Abundância', artist: 'Prosperidade', album: 'Sintonia' })
    setMediaSessionMetadata(null, { mediaSession: session, createMetadata })
    expect(session.metadata).toBeNull()
  })

  it('installs play/pause/previoustrack/nexttrack/seekto and removes them', () => {
    const { session, handlers } = fakeSession()
    const play = vi.fn()
    const pause = vi.fn()
    const next = vi.fn()
    const seekTo = vi.fn()
    const remove = setMediaSessionHandlers({ play, pause, next, previous: null, seekTo }, { mediaSession: session })
    call(handlers, 'play')
    call(handlers, 'pause')
    call(handlers, 'nexttrack')
    call(handlers, 'seekto', { seekTime: 42 })
    expect([play, pause, next].every((fn) => fn.mock.calls.length === 1)).toBe(true)
    expect(seekTo).toHaveBeenCalledWith(42)
    expect(handlers.get('previoustrack')).toBeNull()
    remove()
    expect([...handlers.values()].every((h) => h === null)).toBe(true)
    expect(handlers.size).toBe(5)
  })

  it('tolerates actions the browser does not support', () => {
    const { session } = fakeSession()
    session.setActionHandler.mockImplementation((action) => {
      if (action === 'seekto') throw new TypeError('not supported')
    })
    expect(() => setMediaSessionHandlers({ play() {}, pause() {}, seekTo() {} }, { mediaSession: session })).not.toThrow()
  })

  it('does nothing when navigator.mediaSession is absent', () => {
    expect(isMediaSessionSupported({ mediaSession: null })).toBe(false)
    expect(() => {
      setMediaSessionMetadata({ title: 'A', productName: 'Sintonia' }, { mediaSession: null })
      setMediaSessionHandlers({ play() {}, pause() {} }, { mediaSession: null })()
      setMediaSessionPlaybackState('playing', { mediaSession: null })
      setMediaSessionPosition(1, 2, { mediaSession: null })
    }).not.toThrow()
    // jsdom has no navigator.mediaSession: the defaults are guarded too.
    expect(isMediaSessionSupported()).toBe('mediaSession' in navigator)
    expect(() => setMediaSessionMetadata({ title: 'A', productName: 'Sintonia' })).not.toThrow()
  })

  it('sets the position only with a known duration, clamped', () => {
    const { session } = fakeSession()
    setMediaSessionPosition(5, 0, { mediaSession: session })
    expect(session.setPositionState).not.toHaveBeenCalled()
    setMediaSessionPosition(90, 60, { mediaSession: session })
    expect(session.setPositionState).toHaveBeenCalledWith({ duration: 60, position: 60, playbackRate: 1 })
  })
})

describe('connectMediaSession', () => {
  it('follows the voice engine and drives it from the lock screen', async () => {
    const { session, handlers, createMetadata } = fakeSession()
    const el = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el })
    const previous = vi.fn()
    const disconnect = connectMediaSession(voice, { productName: 'Sintonia', previous, mediaSession: session, createMetadata })
    expect(session.playbackState).toBe('none')

    voice.setSource('/api/audios/a/file', { title: 'Abundância', fieldTitle: 'Prosperidade' })
    expect(session.metadata).toEqual({ title: 'Abundância', artist: 'Prosperidade', album: 'Sintonia' })
    el.loadMetadata(120)

    call(handlers, 'play')
    await vi.advanceTimersByTimeAsync(0)
    expect(voice.getSnapshot().status).toBe('playing')
    expect(session.playbackState).toBe('playing')

    call(handlers, 'seekto', { seekTime: 30 })
    expect(el.currentTime).toBe(30)
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 120, position: 30, playbackRate: 1 })

    call(handlers, 'pause')
    expect(session.playbackState).toBe('paused')
    call(handlers, 'previoustrack')
    expect(previous).toHaveBeenCalledTimes(1)
    expect(handlers.get('nexttrack')).toBeNull()

    disconnect()
    expect(session.metadata).toBeNull()
    expect(session.playbackState).toBe('none')
    expect(handlers.get('play')).toBeNull()
    voice.destroy()
  })

  it("adds the audio's picture once it is ready, and never an older audio's picture to a newer one", async () => {
    const { session, createMetadata } = fakeSession()
    const voice = new VoiceEngine({ element: new FakeAudioElement() })
    const pictures = new Map<string, (images: MediaImage[]) => void>()
    const artworkFor = (audioId: string) => new Promise<MediaImage[]>((resolve) => pictures.set(audioId, resolve))
    const disconnect = connectMediaSession(voice, { productName: 'Sintonia', mediaSession: session, createMetadata, artworkFor })

    voice.setSource('/api/audios/a/file', { id: 'a', title: 'Abundância', fieldTitle: 'Prosperidade' })
    expect(session.metadata).toEqual({ title: 'Abundância', artist: 'Prosperidade', album: 'Sintonia' })
    voice.setSource('/api/audios/b/file', { id: 'b', title: 'Calma', fieldTitle: 'Paz' })
    pictures.get('a')!([{ src: '/a.png', sizes: '512x512', type: 'image/png' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(session.metadata).toEqual({ title: 'Calma', artist: 'Paz', album: 'Sintonia' })
    pictures.get('b')!([{ src: '/b.png', sizes: '512x512', type: 'image/png' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(session.metadata).toEqual({ title: 'Calma', artist: 'Paz', album: 'Sintonia', artwork: [{ src: '/b.png', sizes: '512x512', type: 'image/png' }] })
    disconnect()
    voice.destroy()
  })

  it('returns a no-op without Media Session support', () => {
    const voice = new VoiceEngine({ element: new FakeAudioElement() })
    const disconnect = connectMediaSession(voice, { productName: 'Sintonia', mediaSession: null })
    expect(() => disconnect()).not.toThrow()
    voice.destroy()
  })
})

describe('connectMediaSession with a rendered session', () => {
  it('names the audio the stream is at, and next/previous jump inside the stream', async () => {
    const { session, handlers, createMetadata } = fakeSession()
    const el = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
    const manifest = {
      key: 'd'.repeat(32),
      url: `/api/sessions/${'d'.repeat(32)}/audio`,
      durationSeconds: 40,
      bytes: 320_000,
      items: [
        { audioId: 'a', title: 'Abundância', repetitions: 1, start: 2, end: 15, repetitionStarts: [2], repetitionEnds: [15] },
        { audioId: 'b', title: 'Brilho', repetitions: 1, start: 18, end: 35, repetitionStarts: [18], repetitionEnds: [35] },
      ],
      music: null,
      musicLevel: 0,
      pauseSeconds: 0,
      endless: false,
      endsEarly: false,
      itemsLeft: 0,
    }
    voice.loadSession(manifest.url, { manifest, firstIndex: 0, contextTitle: 'Minha manhã' })
    el.loadMetadata(40)
    const disconnect = connectMediaSession(voice, {
      productName: 'Sintonia',
      next: () => voice.seekToItem(1),
      previous: () => voice.seekToItem(0),
      mediaSession: session,
      createMetadata,
    })
    expect(session.metadata).toEqual({ title: 'Abundância', artist: 'Minha manhã', album: 'Sintonia' })
    await voice.play()
    // The lock screen's "next": a jump inside the same stream, and its title follows.
    call(handlers, 'nexttrack')
    expect(el.currentTime).toBe(17)
    expect(session.metadata).toEqual({ title: 'Brilho', artist: 'Minha manhã', album: 'Sintonia' })
    // Playing on past the end of an audio changes the title too, without any handler.
    call(handlers, 'previoustrack')
    expect(session.metadata).toMatchObject({ title: 'Abundância' })
    el.advance(16)
    expect(session.metadata).toMatchObject({ title: 'Brilho' })
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 40, position: 16, playbackRate: 1 })
    disconnect()
    voice.destroy()
  })

  it('"sem parar": the lock screen shows the audio’s own length, and its seek stays inside the repetition playing', async () => {
    const { session, handlers, createMetadata } = fakeSession()
    const el = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el, baseUrl: 'https://app.test/', healthUrl: null })
    const starts = Array.from({ length: 225 }, (_, i) => 2 + i * 16)
    const manifest = {
      key: 'e'.repeat(32),
      url: `/api/sessions/${'e'.repeat(32)}/audio`,
      durationSeconds: 3607,
      bytes: 320_000,
      items: [{ audioId: 'a', title: 'Abundância', repetitions: 225, start: 2, end: 3602, repetitionStarts: starts, repetitionEnds: starts.map((s) => s + 16) }],
      music: null,
      musicLevel: 0,
      pauseSeconds: 0,
      endless: true,
      endsEarly: false,
      itemsLeft: 0,
    }
    voice.loadSession(manifest.url, { manifest, firstIndex: 0, contextTitle: 'Minha manhã' })
    el.loadMetadata(3607)
    const disconnect = connectMediaSession(voice, { productName: 'Sintonia', mediaSession: session, createMetadata })
    await voice.play()
    el.advance(41) // 7 s into the third repetition (it starts at 34 s)
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 16, position: 7, playbackRate: 1 })
    call(handlers, 'seekto', { seekTime: 12 })
    expect(el.currentTime).toBe(46)
    disconnect()
    voice.destroy()
  })
})
