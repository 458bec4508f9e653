import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageAudioElements, resetPageAudioForTests, unlockPageAudio } from './page-audio'

// jsdom has no URL.createObjectURL: each test lends one and gives the original back.
const originalCreateObjectURL = URL.createObjectURL

describe('unlockPageAudio', () => {
  afterEach(() => {
    resetPageAudioForTests()
    URL.createObjectURL = originalCreateObjectURL
    vi.restoreAllMocks()
  })

  it("plays its silence from a blob: address the app's security policy allows, never a data: one, and leaves a player's source alone", () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const made: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => (made.push(blob), `blob:http://localhost/silencio-${made.length}`))
    const { voice, music } = pageAudioElements()!
    music.src = '/api/media/musica.mp3'

    unlockPageAudio()
    expect(voice.getAttribute('src')).toBe('blob:http://localhost/silencio-1')
    expect(music.getAttribute('src')).toBe('/api/media/musica.mp3')
    expect(made.map((blob) => [blob.type, blob.size])).toEqual([['audio/wav', 124]])
    expect(play).toHaveBeenCalledTimes(1)

    // Unlocked again: the same blob, made once.
    unlockPageAudio()
    expect(voice.getAttribute('src')).toBe('blob:http://localhost/silencio-1')
    expect(made).toHaveLength(1)
    expect(play).toHaveBeenCalledTimes(2)
    expect([voice, music].some((element) => element.src.startsWith('data:'))).toBe(false)
  })
})
