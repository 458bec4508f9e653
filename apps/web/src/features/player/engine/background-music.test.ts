import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BackgroundMusic, type BackgroundMusicConfig, type BackgroundMusicTrack } from './background-music'
import { FakeAudioElement } from './testing/fake-audio'

const TRACKS: BackgroundMusicTrack[] = [
  { id: 'a', title: 'Aurora', url: '/media/music/a.mp3' },
  { id: 'b', title: 'Brisa', url: '/media/music/b.mp3' },
  { id: 'c', title: 'Calma', url: '/media/music/c.mp3' },
  { id: 'd', title: 'Delta', url: '/media/music/d.mp3' },
]

function setup(config: BackgroundMusicConfig | Error = { tracks: TRACKS, volumePercentage: 25 }, random = 0.6) {
  const el = new FakeAudioElement()
  const load = vi.fn(() => (config instanceof Error ? Promise.reject(config) : Promise.resolve(config)))
  const music = new BackgroundMusic({ element: el, load, random: () => random })
  return { el, load, music }
}

async function flush() {
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('BackgroundMusic', () => {
  it('starts with the product defaults', () => {
    const { music } = setup()
    expect(music.getSnapshot()).toEqual({
      isPlaying: false,
      currentMusic: null,
      volume: 0.25,
      isLoading: false,
      hasError: false,
      usingFallback: false,
    })
  })

  it('initialises once and starts at a random index', async () => {
    const { music, el, load } = setup(undefined, 0.6) // floor(0.6 × 4) = 2
    await Promise.all([music.init(), music.init()])
    music.play()
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(music.getSnapshot().currentMusic?.id).toBe('c')
    expect(el.src).toBe('/media/music/c.mp3')
    expect(music.getSnapshot().isLoading).toBe(true)
    el.loadMetadata(120)
    expect(music.getSnapshot()).toMatchObject({ isLoading: false, isPlaying: true })
    expect(el.paused).toBe(false)
  })

  it.each([
    [0, 'a'],
    [0.25, 'b'],
    [0.9999, 'd'],
    [1, 'd'],
  ])('random %f picks track %s', async (random, id) => {
    const { music } = setup(undefined, random)
    await music.init()
    expect(music.getSnapshot().currentMusic?.id).toBe(id)
  })

  it('advances cyclically when a track ends and resumes if it was playing', async () => {
    const { music, el } = setup(undefined, 0.6)
    music.play()
    await flush()
    el.loadMetadata(100)
    expect(el.paused).toBe(false)
    el.finish()
    await flush()
    expect(music.getSnapshot().currentMusic?.id).toBe('d')
    expect(el.paused).toBe(false)
    el.loadMetadata(100)
    el.finish()
    await flush()
    expect(music.getSnapshot().currentMusic?.id).toBe('a') // wrapped around
    expect(music.getSnapshot().isPlaying).toBe(true)
  })

  it('advances without playing when it was paused', async () => {
    const { music, el } = setup(undefined, 0)
    await music.init()
    el.fire('ended')
    expect(music.getSnapshot().currentMusic?.id).toBe('b')
    expect(el.playCalls).toBe(0)
  })

  it('skips a track that errors', async () => {
    const { music, el } = setup(undefined, 0.25)
    music.play()
    await flush()
    el.failWith(4)
    await flush()
    expect(music.getSnapshot().currentMusic?.id).toBe('c')
    expect(el.paused).toBe(false)
    expect(music.getSnapshot().hasError).toBe(false)
  })

  it('falls back to /background.mp3 when every track fails, and reports an error when that fails too', async () => {
    const { music, el } = setup({ tracks: TRACKS.slice(0, 2), volumePercentage: 25 }, 0)
    music.play()
    await flush()
    el.failWith(2)
    el.failWith(2)
    expect(music.getSnapshot()).toMatchObject({
      currentMusic: { title: 'Música de Fundo', url: '/background.mp3' },
      usingFallback: true,
      hasError: false,
    })
    el.failWith(4)
    expect(music.getSnapshot()).toMatchObject({ hasError: true, isLoading: false })
    expect(el.src).toBe('')
  })

  it('uses the fallback silently when there is no active music', async () => {
    const { music, el } = setup({ tracks: [] })
    music.play()
    await flush()
    expect(music.getSnapshot()).toMatchObject({
      currentMusic: { id: 'fallback', title: 'Música de Fundo', url: '/background.mp3' },
      usingFallback: true,
      hasError: false,
      isPlaying: true,
    })
    expect(el.src).toBe('/background.mp3')
    expect(el.paused).toBe(false)
  })

  it('uses the fallback silently when the list fails to load', async () => {
    const { music } = setup(new Error('HTTP 500'))
    await music.init()
    expect(music.getSnapshot()).toMatchObject({ currentMusic: { title: 'Música de Fundo' }, usingFallback: true, volume: 0.25 })
  })

  it('ignores tracks without a URL', async () => {
    const { music } = setup({ tracks: [{ id: 'x', title: 'Sem arquivo', url: ' ' }] })
    await music.init()
    expect(music.getSnapshot().usingFallback).toBe(true)
  })

  it('scales the track volume by the volume setting', async () => {
    const { music, el } = setup({ tracks: [{ ...TRACKS[0]!, volume: 0.5 }, TRACKS[1]!], volumePercentage: 40 }, 0)
    await music.init()
    expect(el.volume).toBeCloseTo(0.2)
    expect(music.getSnapshot().volume).toBeCloseTo(0.2)
    music.setVolumePercentage(80)
    expect(el.volume).toBeCloseTo(0.4)
    el.fire('ended') // next track has no own volume: 1 × 80 %
    expect(el.volume).toBeCloseTo(0.8)
    music.setVolumePercentage(150)
    expect(el.volume).toBe(1)
  })

  it('defaults the volume setting to 25 %', async () => {
    const { music, el } = setup({ tracks: TRACKS, volumePercentage: null })
    await music.init()
    expect(el.volume).toBe(0.25)
  })

  it('play before the list arrives starts once it is loaded; pause stops', async () => {
    let resolve: (config: BackgroundMusicConfig) => void = () => {}
    const el = new FakeAudioElement()
    const music = new BackgroundMusic({ element: el, load: () => new Promise((r) => (resolve = r)), random: () => 0 })
    music.play()
    expect(music.getSnapshot()).toMatchObject({ isPlaying: true, isLoading: true })
    expect(el.playCalls).toBe(0)
    resolve({ tracks: TRACKS })
    await flush()
    expect(el.paused).toBe(false)
    music.pause()
    expect(el.paused).toBe(true)
    expect(music.getSnapshot().isPlaying).toBe(false)
  })

  it('a blocked play leaves it quietly stopped', async () => {
    const { music, el } = setup()
    await music.init()
    el.playBehaviour = 'reject-not-allowed'
    music.play()
    await flush()
    expect(music.getSnapshot()).toMatchObject({ isPlaying: false, hasError: false })
  })

  it('refresh reloads the list, picks again and keeps playing', async () => {
    const el = new FakeAudioElement()
    const lists: BackgroundMusicConfig[] = [{ tracks: TRACKS.slice(0, 2) }, { tracks: TRACKS.slice(2) }]
    const load = vi.fn(async () => lists.shift() ?? { tracks: [] })
    const music = new BackgroundMusic({ element: el, load, random: () => 0 })
    music.play()
    await flush()
    expect(music.getSnapshot().currentMusic?.id).toBe('a')
    await music.refresh()
    expect(load).toHaveBeenCalledTimes(2)
    expect(music.getSnapshot().currentMusic?.id).toBe('c')
    expect(el.paused).toBe(false)
  })

  it('destroy releases the element and ignores late answers', async () => {
    let resolve: (config: BackgroundMusicConfig) => void = () => {}
    const el = new FakeAudioElement()
    const music = new BackgroundMusic({ element: el, load: () => new Promise((r) => (resolve = r)) })
    music.play()
    music.destroy()
    resolve({ tracks: TRACKS })
    await flush()
    expect(el.src).toBe('')
    expect(el.playCalls).toBe(0)
    el.fire('ended')
    expect(music.getSnapshot().currentMusic).toBeNull()
  })
})
