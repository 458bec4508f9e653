import 'fake-indexeddb/auto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearKeptMusic, keepBackgroundMusic, readKeptMusic, withOfflineMusic, type MusicConfig } from './music-cache'
import { useNodeBlob } from '../testing/helpers'

const config: MusicConfig = {
  volumePercentage: 30,
  tracks: [
    { id: 'm1', title: 'Ondas', url: '/api/background-music/m1/file' },
    { id: 'm2', title: 'Floresta', url: '/api/background-music/m2/file' },
  ],
}

function fileFetch() {
  return vi.fn(async (url: string | URL | Request) => new Response(new Uint8Array(String(url).length), { headers: { 'content-type': 'audio/mpeg' } }))
}

let urls = 0
const objectUrls = () => ({ createObjectURL: vi.fn(() => `blob:musica-${(urls += 1)}`), revokeObjectURL: vi.fn() })

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearKeptMusic()
})

describe('keepBackgroundMusic', () => {
  it('copies every active track with the volume, in the server order', async () => {
    const fetch = fileFetch()
    expect(await keepBackgroundMusic({ load: async () => config, fetch, now: () => 7 })).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(fetch).toHaveBeenCalledWith('/api/background-music/m1/file', { credentials: 'same-origin' })
    const kept = await readKeptMusic()
    expect(kept?.volumePercentage).toBe(30)
    expect(kept?.tracks.map((t) => [t.id, t.title, t.cachedAt, t.blob.size])).toEqual([
      ['m1', 'Ondas', 7, config.tracks[0]!.url.length],
      ['m2', 'Floresta', 7, config.tracks[1]!.url.length],
    ])
  })

  it('downloads only new or changed files and drops tracks no longer active', async () => {
    await keepBackgroundMusic({ load: async () => config, fetch: fileFetch() })
    const fetch = fileFetch()
    const next: MusicConfig = {
      volumePercentage: null,
      tracks: [
        { id: 'm2', title: 'Floresta (nova)', url: '/api/background-music/m2/file' },
        { id: 'm3', title: 'Chuva', url: '/api/background-music/m3/file' },
      ],
    }
    expect(await keepBackgroundMusic({ load: async () => next, fetch })).toBe(true)
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/background-music/m3/file'])
    const kept = await readKeptMusic()
    expect(kept?.tracks.map((t) => [t.id, t.title])).toEqual([
      ['m2', 'Floresta (nova)'],
      ['m3', 'Chuva'],
    ])
    expect(kept?.volumePercentage).toBeNull()
  })

  it('reports false when the list or a file cannot be read, keeping what it got', async () => {
    expect(await keepBackgroundMusic({ load: async () => Promise.reject(new Error('offline')) })).toBe(false)
    expect(await readKeptMusic()).toBeNull()
    const fetch = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('m1') ? new Response('x') : new Response('', { status: 500 }),
    )
    expect(await keepBackgroundMusic({ load: async () => config, fetch })).toBe(false)
    expect((await readKeptMusic())?.tracks.map((t) => t.id)).toEqual(['m1'])
  })
})

describe('withOfflineMusic', () => {
  it('offline: the kept tracks, played from object URLs, with the kept volume', async () => {
    await keepBackgroundMusic({ load: async () => config, fetch: fileFetch() })
    const load = vi.fn(async () => config)
    const urlApi = objectUrls()
    const loader = withOfflineMusic(load, { isOnline: () => false, ...urlApi })
    const result = await loader()
    expect(load).not.toHaveBeenCalled()
    expect(result.volumePercentage).toBe(30)
    expect(result.tracks.map((t) => [t.id, t.url.startsWith('blob:musica-')])).toEqual([
      ['m1', true],
      ['m2', true],
    ])
    loader.dispose()
    expect(urlApi.revokeObjectURL).toHaveBeenCalledTimes(2)
  })

  it('online: the live list, each track with a copy of the same file played from the copy', async () => {
    await keepBackgroundMusic({ load: async () => ({ ...config, tracks: [config.tracks[0]!] }), fetch: fileFetch() })
    const urlApi = objectUrls()
    const loader = withOfflineMusic(async () => config, { isOnline: () => true, ...urlApi })
    const result = await loader()
    expect(result.tracks[0]!.url).toMatch(/^blob:musica-/)
    expect(result.tracks[1]!.url).toBe('/api/background-music/m2/file')
    // A new list replaces the previous object URLs.
    await loader()
    expect(urlApi.revokeObjectURL).toHaveBeenCalledTimes(1)
  })

  it('online but the server fails: falls back to the kept tracks', async () => {
    await keepBackgroundMusic({ load: async () => config, fetch: fileFetch() })
    const loader = withOfflineMusic(async () => Promise.reject(new Error('503')), { isOnline: () => true, ...objectUrls() })
    expect((await loader()).tracks).toHaveLength(2)
  })

  it('nothing kept and no network: rejects, so the engine plays its local fallback track', async () => {
    const loader = withOfflineMusic(async () => config, { isOnline: () => false, ...objectUrls() })
    await expect(loader()).rejects.toThrow('Música de fundo indisponível sem conexão')
  })
})
