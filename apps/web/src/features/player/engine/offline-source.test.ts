import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resolvePlayableUrl, type PlayableUrlResolver } from './offline-source'
import { FakeAudioElement } from './testing/fake-audio'
import { VoiceEngine } from './voice-engine'

const AUDIO = { id: 'a', url: '/api/audios/a/file', title: 'Abundância', fieldTitle: 'Prosperidade', durationSeconds: 205 }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('offline source hook', () => {
  it('resolves to the network URL by default', async () => {
    expect(await resolvePlayableUrl(AUDIO)).toBe('/api/audios/a/file')
    const el = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el })
    await voice.loadAudio(AUDIO)
    expect(el.src).toBe('/api/audios/a/file')
    expect(voice.getSnapshot()).toMatchObject({
      status: 'loading',
      duration: 205,
      meta: { id: 'a', title: 'Abundância', fieldTitle: 'Prosperidade', durationSeconds: 205 },
    })
  })

  it('plays the object URL an offline resolver returns', async () => {
    const el = new FakeAudioElement()
    const resolveUrl: PlayableUrlResolver = async (audio) => `blob:https://app.test/${audio.id}`
    const voice = new VoiceEngine({ element: el, resolveUrl })
    await voice.loadAudio(AUDIO)
    expect(el.src).toBe('blob:https://app.test/a')
  })

  it('falls back to the network when the resolver fails', async () => {
    const el = new FakeAudioElement()
    const voice = new VoiceEngine({ element: el, resolveUrl: () => Promise.reject(new Error('IndexedDB indisponível')) })
    await voice.loadAudio(AUDIO)
    expect(el.src).toBe('/api/audios/a/file')
    expect(voice.getDiagnosticsLog().some((e) => e.level === 'warning')).toBe(true)
  })

  it('a slow resolution for an older audio does not override a newer one', async () => {
    const el = new FakeAudioElement()
    let releaseFirst: (url: string) => void = () => {}
    const resolveUrl: PlayableUrlResolver = (audio) =>
      audio.id === 'a' ? new Promise<string>((r) => (releaseFirst = r)) : audio.url
    const voice = new VoiceEngine({ element: el, resolveUrl })
    const first = voice.loadAudio(AUDIO)
    await voice.loadAudio({ ...AUDIO, id: 'b', url: '/api/audios/b/file', title: 'B' })
    releaseFirst('blob:https://app.test/a')
    await first
    expect(el.src).toBe('/api/audios/b/file')
    expect(voice.getSnapshot().meta?.id).toBe('b')
  })
})
