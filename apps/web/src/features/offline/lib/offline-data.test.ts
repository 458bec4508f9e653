import 'fake-indexeddb/auto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { listCachedAudios, putCachedAudio } from './audio-cache-db'
import { downloadStore } from './audio-downloader'
import { keepBackgroundMusic, readKeptMusic } from './music-cache'
import { clearOfflineData, prepareOfflineListening, resetPrepareOfflineForTests } from './offline-data'
import { OFFLINE_API_CACHE } from '../sw-shared'
import { makeRecord, useNodeBlob } from '../testing/helpers'

const request = { id: 'aud-1', title: 'Prosperidade', fieldId: 'campo-1', url: '/api/audios/aud-1/file', duration: '1:00' }
const music = { volumePercentage: 25, tracks: [{ id: 'm1', title: 'Ondas', url: '/api/background-music/m1/file' }] }

function fakeCaches(names: string[]) {
  const store = new Set(names)
  return {
    names: store,
    caches: {
      delete: vi.fn(async (name: string) => store.delete(name)),
    } as unknown as CacheStorage,
  }
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  resetPrepareOfflineForTests()
  await clearOfflineData({ caches: null })
})

describe('prepareOfflineListening (the last part of a download)', () => {
  it('reports its parts as they are kept, to the end, and does not wait for the answer about persistent storage', async () => {
    // Firefox asks the person: the download's bar must not wait for their answer.
    const persist = vi.fn(() => new Promise<boolean>(() => {}))
    const fetch = vi.fn(async (url: string | URL | Request) => (String(url).endsWith('/file') ? new Response('x') : new Response('{}')))
    const seen: number[] = []
    await prepareOfflineListening(request, { persist, load: async () => music, fetch, onProgress: (fraction) => seen.push(fraction) })
    expect(persist).toHaveBeenCalledTimes(1)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.at(-1)).toBe(1)
  })

  it('asks for persistent storage, keeps the music once per page load and reads what an offline start needs', async () => {
    const persist = vi.fn(async () => true)
    const load = vi.fn(async () => music)
    const fetch = vi.fn(async (url: string | URL | Request) => (String(url).endsWith('/file') ? new Response('x') : new Response('{}')))
    await prepareOfflineListening(request, { persist, load, fetch })
    await prepareOfflineListening({ ...request, id: 'aud-2' }, { persist, load, fetch })

    // Asked after each download; the default (requestPersistentStorage) reaches the browser once per page load.
    expect(persist).toHaveBeenCalledTimes(2)
    expect(load).toHaveBeenCalledTimes(1)
    expect((await readKeptMusic())?.tracks.map((t) => t.id)).toEqual(['m1'])
    const reads = fetch.mock.calls.map((c) => String(c[0]))
    expect(reads).toEqual(
      expect.arrayContaining(['/api/audios/aud-1', '/api/audios/aud-2', '/api/account/me', '/api/subscription/check']),
    )
    expect(fetch).toHaveBeenCalledWith('/api/audios/aud-1', { credentials: 'include', headers: { accept: 'application/json' } })
  })

  it('keeps, for an offline start, the field list, the field and its audios, the audio and its transcript, the sign-in and the subscription', async () => {
    const kept = new Map<string, string>()
    const storage = { open: vi.fn(async () => ({ put: vi.fn(async (path: string, response: Response) => void kept.set(path, await response.text())) })) }
    const fetch = vi.fn(async (url: string | URL | Request) => new Response(JSON.stringify({ path: String(url) })))
    const field = { ...request, fieldId: '1d7c5b8e-2f4a-4b6c-9d0e-1a2b3c4d5e6f' }
    await prepareOfflineListening(field, { persist: async () => true, load: async () => music, fetch, keep: { caches: storage as unknown as CacheStorage, controlled: false } })
    expect(storage.open).toHaveBeenCalledWith(OFFLINE_API_CACHE)
    expect([...kept.keys()].sort()).toEqual(
      [
        '/api/account/me',
        '/api/audios/aud-1',
        '/api/audios/aud-1/transcript',
        '/api/fields',
        `/api/fields/${field.fieldId}`,
        `/api/fields/${field.fieldId}/audios`,
        '/api/subscription/check',
      ].sort(),
    )
    expect(JSON.parse(kept.get('/api/fields')!)).toEqual({ path: '/api/fields' })

    // With a service worker in control, it keeps them itself as they pass.
    kept.clear()
    await prepareOfflineListening(field, { persist: async () => true, load: async () => music, fetch, keep: { caches: storage as unknown as CacheStorage, controlled: true } })
    expect(kept.size).toBe(0)
  })

  it('tries the music again with the next download when it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(music)
    const fetch = vi.fn(async () => new Response('x'))
    await prepareOfflineListening(request, { persist: async () => false, load, fetch })
    await prepareOfflineListening(request, { persist: async () => false, load, fetch })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('never rejects', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(
      prepareOfflineListening(request, { persist: async () => Promise.reject(new Error('x')), load: async () => Promise.reject(new Error('y')), fetch }),
    ).resolves.toBeUndefined()
  })
})

describe('clearOfflineData (the sign-in ended)', () => {
  it('empties DriveAudioCache/audios, the kept music and the API answers kept by the service worker', async () => {
    await putCachedAudio(makeRecord('a', 10, 1))
    await putCachedAudio(makeRecord('b', 10, 2))
    await keepBackgroundMusic({ load: async () => music, fetch: async () => new Response('x') })
    downloadStore.clear()
    const { caches, names } = fakeCaches([OFFLINE_API_CACHE, 'workbox-precache-v2-http://localhost/'])

    await clearOfflineData({ caches })

    expect(await listCachedAudios()).toEqual([])
    expect(await readKeptMusic()).toBeNull()
    expect([...names]).toEqual(['workbox-precache-v2-http://localhost/'])
  })

  it('still clears the rest when one part fails, then reports the failure', async () => {
    await putCachedAudio(makeRecord('a', 10, 1))
    const caches = { delete: vi.fn(async () => Promise.reject(new Error('cache bloqueado'))) } as unknown as CacheStorage
    await expect(clearOfflineData({ caches })).rejects.toThrow('cache bloqueado')
    expect(await listCachedAudios()).toEqual([])
  })
})
