import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionManifest, SessionRequest } from '@sintonia/contract'
import { createListenerPlayer, type ListenerPlayer } from '../engine/create-player'
import type { PlayableSession, PlayerQueueItem } from '../engine/session-request'
import { FakeAudioElement } from '../engine/testing/fake-audio'
import { SETTINGS_SETTLE_MS, usePlayerSession } from './use-player-session'

const QUEUE: PlayerQueueItem[] = [
  { id: 'a', title: 'Abundância', url: '/api/audios/a/file' },
  { id: 'b', title: 'Brilho', url: '/api/audios/b/file' },
]

/** The stream the server would render for a request: each asked audio 10 s per repetition, in order. */
function manifestFor(request: SessionRequest, key: string): SessionManifest {
  let at = 0
  const items = request.items.map((item) => {
    const title = QUEUE.find((q) => q.id === item.audioId)!.title
    const starts = Array.from({ length: item.repetitions }, (_, i) => at + i * 10)
    const entry = { audioId: item.audioId, title, repetitions: item.repetitions, start: at, end: at + item.repetitions * 10, repetitionStarts: starts, repetitionEnds: starts.map((s) => s + 10) }
    at += item.repetitions * 10 + 2
    return entry
  })
  return { key, url: `/api/sessions/${key}/audio`, durationSeconds: at, bytes: at * 8000, items, music: null, musicLevel: 25, pauseSeconds: 0, endless: false, endsEarly: false, itemsLeft: 0 }
}

/** Sessions answered only when the test says so, in the order they were asked. */
function deferredSessions() {
  const pending: Array<{ request: SessionRequest; answer: () => void }> = []
  let made = 0
  const resolve = (request: SessionRequest) =>
    new Promise<PlayableSession | null>((done) => {
      const key = (++made).toString(16).padStart(32, '0')
      const manifest = manifestFor(request, key)
      pending.push({ request, answer: () => done({ manifest, url: manifest.url }) })
    })
  return { pending, resolve }
}

let player: ListenerPlayer | null = null
afterEach(() => {
  player?.destroy()
  player = null
  vi.useRealTimers()
})

describe('usePlayerSession', () => {
  it('starts a session that arrives after the listener pressed "Próximo" at the audio they chose', async () => {
    vi.useFakeTimers()
    const sessions = deferredSessions()
    const voiceElement = new FakeAudioElement()
    player = createListenerPlayer({ voiceElement, musicElement: new FakeAudioElement(), storage: null, document: null, resolveSession: sessions.resolve, loadMusic: async () => ({ tracks: [], volumePercentage: 25 }) })
    // One repetition each: the playlist's audios follow in one stream.
    player.preferences.update({ repeatCount: 1 })
    const onIndexChange = vi.fn()
    const { result } = renderHook(() => usePlayerSession(player!, { queue: QUEUE, index: 0, continuous: true, contextTitle: 'Minhas manhãs', onIndexChange }))

    // The playlist's first session arrives and loads.
    await act(async () => sessions.pending[0]!.answer())
    expect(player.voice.currentSession?.manifest.items.map((item) => item.audioId)).toEqual(['a', 'b'])
    // A setting changes: a new session is asked for from where the listener is (audio 1)…
    act(() => void player!.preferences.update({ repeatCount: 2 }))
    act(() => void vi.advanceTimersByTime(SETTINGS_SETTLE_MS))
    expect(sessions.pending).toHaveLength(2)
    // …and before it arrives the listener presses "Próximo": the stream still playing seeks there.
    act(() => result.current.goTo(1))
    expect(onIndexChange).toHaveBeenLastCalledWith(1, 'chosen')
    // The new session arrives, asked for at audio 1: it starts at audio 2, where the listener is.
    await act(async () => sessions.pending[1]!.answer())
    expect(player.voice.currentSession?.manifest.key).toBe('2'.padStart(32, '0'))
    voiceElement.loadMetadata(player.voice.currentSession!.manifest.durationSeconds)
    expect(result.current.index).toBe(1)
    expect(player.voice.getSnapshot().session?.index).toBe(1)
    expect(onIndexChange).not.toHaveBeenCalledWith(0, 'followed')
  })

  it('asks for one new session once the settings have settled, not one per change', async () => {
    vi.useFakeTimers()
    const sessions = deferredSessions()
    player = createListenerPlayer({ voiceElement: new FakeAudioElement(), musicElement: new FakeAudioElement(), storage: null, document: null, resolveSession: sessions.resolve, loadMusic: async () => ({ tracks: [], volumePercentage: 25 }) })
    renderHook(() => usePlayerSession(player!, { queue: QUEUE, index: 0, continuous: false, contextTitle: 'Campo', onIndexChange: vi.fn() }))
    await act(async () => sessions.pending[0]!.answer())
    expect(sessions.pending).toHaveLength(1)

    // "3" in Repetições, "3" in the pause, the music's level dragged through three steps.
    act(() => void player!.preferences.update({ repeatCount: 3 }))
    act(() => void vi.advanceTimersByTime(SETTINGS_SETTLE_MS - 100))
    act(() => void player!.preferences.update({ pauseBetweenRepeats: 3 }))
    for (const level of [30, 35, 40]) {
      act(() => void vi.advanceTimersByTime(50))
      act(() => void player!.preferences.update({ musicVolume: level }))
    }
    act(() => void vi.advanceTimersByTime(SETTINGS_SETTLE_MS - 1))
    expect(sessions.pending).toHaveLength(1)
    act(() => void vi.advanceTimersByTime(1))
    expect(sessions.pending).toHaveLength(2)
    expect(sessions.pending[1]!.request).toMatchObject({ items: [{ audioId: 'a', repetitions: 3 }], pauseSeconds: 3, musicLevel: 40 })
  })
})
