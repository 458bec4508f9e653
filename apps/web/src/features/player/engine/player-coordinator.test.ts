import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BackgroundMusic } from './background-music'
import { createPlayerCoordinator, type PlayerCoordinator } from './player-coordinator'
import { FakeAudioElement } from './testing/fake-audio'
import { VoiceEngine } from './voice-engine'

const TRACKS = [
  { id: 'a', title: 'Aurora', url: '/media/music/a.mp3' },
  { id: 'b', title: 'Brisa', url: '/media/music/b.mp3' },
]

let coordinator: PlayerCoordinator | undefined

async function setup(options: { repeatCount?: number; pauseBetweenRepeats?: number } = {}) {
  const voiceEl = new FakeAudioElement()
  const musicEl = new FakeAudioElement()
  const voice = new VoiceEngine({ element: voiceEl, baseUrl: 'https://app.test/', ...options })
  const music = new BackgroundMusic({ element: musicEl, load: async () => ({ tracks: TRACKS, volumePercentage: 25 }), random: () => 0 })
  coordinator = createPlayerCoordinator({ voice, music, ownElements: [voiceEl, musicEl] })
  voice.setSource('https://app.test/api/audios/a/file', { title: 'Abundância' })
  voiceEl.loadMetadata(60)
  const video = new FakeAudioElement() // stands for a landing/demo <video>
  return { voice, voiceEl, music, musicEl, coordinator, video }
}

async function flush() {
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  coordinator?.destroy()
  coordinator = undefined
  vi.useRealTimers()
})

describe('player coordinator', () => {
  it('starts the music together with the voice, in the same call', async () => {
    const { voice, music, musicEl } = await setup()
    const playing = voice.play()
    expect(music.getSnapshot().isPlaying).toBe(true) // decided before play() resolved
    await playing
    await flush()
    expect(musicEl.paused).toBe(false)
  })

  it('pauses the music when the voice pauses and resumes it with the voice', async () => {
    const { voice, music, musicEl } = await setup()
    await voice.play()
    await flush()
    voice.pause()
    expect(musicEl.paused).toBe(true)
    expect(music.getSnapshot().isPlaying).toBe(false)
    await voice.play()
    expect(musicEl.paused).toBe(false)
  })

  it('keeps the music under the pause between repeats and stops it when the cycle ends', async () => {
    const { voice, voiceEl, musicEl } = await setup({ repeatCount: 2, pauseBetweenRepeats: 4 })
    await voice.play()
    await flush()
    voiceEl.finish()
    expect(voice.getSnapshot().status).toBe('transitioning')
    expect(musicEl.paused).toBe(false)
    await vi.advanceTimersByTimeAsync(4_000)
    voiceEl.finish()
    expect(voice.getSnapshot().status).toBe('ready')
    expect(musicEl.paused).toBe(true)
  })

  it('pauses the music while the voice is in error and resumes after the retry', async () => {
    const { voice, voiceEl, musicEl } = await setup()
    await voice.play()
    await flush()
    voiceEl.failWith(2)
    expect(musicEl.paused).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    voiceEl.loadMetadata(60)
    await flush()
    expect(voice.getSnapshot().status).toBe('playing')
    expect(musicEl.paused).toBe(false)
  })

  it('other media pauses both; the music resumes 200 ms after it stops if the voice is playing', async () => {
    const { voice, musicEl, video, coordinator } = await setup()
    coordinator.attachOtherMedia(video)
    await voice.play()
    await flush()

    await video.play()
    expect(coordinator.otherMediaPlaying).toBe(true)
    expect(voice.getSnapshot()).toMatchObject({ status: 'paused', isPlayingIntent: false })
    expect(musicEl.paused).toBe(true)

    // The listener starts the voice again while the video is still playing: music waits.
    await voice.play()
    await flush()
    expect(musicEl.paused).toBe(true)

    video.pause()
    await vi.advanceTimersByTimeAsync(199)
    expect(musicEl.paused).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(musicEl.paused).toBe(false)
  })

  it('does not resume the music after other media when the voice is not playing', async () => {
    const { voice, musicEl, video, coordinator } = await setup()
    coordinator.attachOtherMedia(video)
    await voice.play()
    await flush()
    await video.play()
    video.pause()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(musicEl.paused).toBe(true)
    expect(voice.getSnapshot().isPlayingIntent).toBe(false)
  })

  it('other media starting again within 200 ms cancels the resume', async () => {
    const { voice, musicEl, video, coordinator } = await setup()
    coordinator.attachOtherMedia(video)
    await video.play()
    await voice.play()
    video.pause()
    await vi.advanceTimersByTimeAsync(100)
    await video.play()
    await vi.advanceTimersByTimeAsync(500)
    expect(musicEl.paused).toBe(true)
  })

  it('a voice play during the resume delay waits for the delay', async () => {
    const { voice, musicEl, coordinator } = await setup()
    coordinator.otherMediaStarted('youtube')
    coordinator.otherMediaStopped('youtube')
    await voice.play()
    await flush()
    expect(musicEl.paused).toBe(true)
    await vi.advanceTimersByTimeAsync(200)
    expect(musicEl.paused).toBe(false)
  })

  it('watches every media element of the document, except its own', async () => {
    const { voice, voiceEl, musicEl, coordinator } = await setup()
    const stop = coordinator.watchDocument(document)
    await voice.play()
    await flush()
    voiceEl.fire('play') // own element: ignored
    expect(coordinator.otherMediaPlaying).toBe(false)

    const video = document.createElement('video')
    document.body.append(video)
    video.dispatchEvent(new Event('play'))
    expect(coordinator.otherMediaPlaying).toBe(true)
    expect(voice.getSnapshot().isPlayingIntent).toBe(false)
    expect(musicEl.paused).toBe(true)
    video.dispatchEvent(new Event('pause'))
    expect(coordinator.otherMediaPlaying).toBe(false)

    stop()
    video.dispatchEvent(new Event('play'))
    expect(coordinator.otherMediaPlaying).toBe(false)
    video.remove()
  })

  it('destroy stops following the voice', async () => {
    const { voice, musicEl, coordinator } = await setup()
    coordinator.destroy()
    await voice.play()
    await flush()
    expect(musicEl.paused).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})
