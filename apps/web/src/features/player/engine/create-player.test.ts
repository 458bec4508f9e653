import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createListenerPlayer } from './create-player'
import { FakeAudioElement } from './testing/fake-audio'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function memoryStorage() {
  const data = new Map<string, string>()
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('createListenerPlayer', () => {
  it('wires preferences, voice, music and the coordinator', async () => {
    const voiceElement = new FakeAudioElement()
    const musicElement = new FakeAudioElement()
    const storage = memoryStorage()
    storage.setItem('audio-preferences', JSON.stringify({ volume: 50, repeatCount: 2 }))
    const player = createListenerPlayer({
      voiceElement,
      musicElement,
      storage,
      document: null,
      random: () => 0,
      loadMusic: async () => ({ tracks: [{ id: 'm', title: 'Mar', url: '/media/music/m.mp3' }], volumePercentage: 30 }),
    })
    expect(voiceElement.volume).toBe(0.5)
    expect(player.voice.getSnapshot().repeatTarget).toBe(2)

    player.preferences.update({ volume: 80, repeatCount: 4 })
    expect(voiceElement.volume).toBeCloseTo(0.8)
    expect(player.voice.getSnapshot().repeatTarget).toBe(4)

    player.voice.setSource('/api/audios/a/file', { title: 'Abundância' })
    voiceElement.loadMetadata(60)
    await player.voice.play()
    await vi.advanceTimersByTimeAsync(0)
    expect(musicElement.paused).toBe(false)
    expect(musicElement.volume).toBeCloseTo(0.3)

    player.destroy()
    expect(vi.getTimerCount()).toBe(0)
    expect(voiceElement.src).toBe('')
    expect(musicElement.src).toBe('')
    expect(JSON.parse(storage.data.get('audio-preferences')!)).toMatchObject({ volume: 80, repeatCount: 4 })
  })

  it("keeps a setting changed just before the page is left: the page's leaving writes it", () => {
    const storage = memoryStorage()
    const player = createListenerPlayer({ voiceElement: new FakeAudioElement(), musicElement: new FakeAudioElement(), storage, document, loadMusic: async () => ({ tracks: [], volumePercentage: 30 }) })
    player.preferences.update({ repeatCount: 1, pauseBetweenRepeats: 0 })
    expect(storage.data.get('audio-preferences')).toBeUndefined()
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(storage.data.get('audio-preferences')!)).toMatchObject({ repeatCount: 1, pauseBetweenRepeats: 0 })
    player.destroy()
  })
})
