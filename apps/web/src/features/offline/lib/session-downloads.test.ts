import 'fake-indexeddb/auto'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionManifest, SessionRequest } from '@sintonia/contract'
import { clearCachedAudios, deleteCachedAudio, putCachedAudio } from './audio-cache-db'
import { downloadAudio } from './audio-downloader'
import { getCacheStats } from './cache-stats'
import { getKeptSession } from './session-cache'
import { configureSessionDownloads, createOfflineSessionResolver, type PlayableSession } from './session-downloads'
import { makeRecord, useNodeBlob } from '../testing/helpers'

const AUDIO = '6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b'
const request = (repetitions: number): SessionRequest => ({ items: [{ audioId: AUDIO, repetitions }], pauseSeconds: 2, music: 'auto', endAtSeconds: null })
const manifest: SessionManifest = {
  key: 'c'.repeat(32),
  url: `/api/sessions/${'c'.repeat(32)}/audio`,
  durationSeconds: 60,
  bytes: 480,
  items: [{ audioId: AUDIO, title: 'Calma', repetitions: 3, start: 2, end: 50, repetitionStarts: [2, 18, 34], repetitionEnds: [16, 32, 48] }],
  music: null,
  musicLevel: 0,
  pauseSeconds: 2,
  endless: false,
  endsEarly: false,
  itemsLeft: 0,
}

let settings = request(3)
const describeOnServer = vi.fn(async (): Promise<PlayableSession | null> => ({ manifest, url: manifest.url }))

function fakeFetch(): typeof fetch {
  return vi.fn(async (url: string) => {
    const size = url === manifest.url ? manifest.bytes : 100
    return new Response(new Uint8Array(size), { headers: { 'content-length': String(size), 'content-type': 'audio/mpeg' } })
  }) as unknown as typeof fetch
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  settings = request(3)
  configureSessionDownloads({ requestFor: () => settings, describe: describeOnServer })
})
afterEach(() => {
  configureSessionDownloads(null)
  vi.clearAllMocks()
})

describe('downloads keep the session of the listener’s settings', () => {
  it('"Baixar" keeps the voice copy and the session; the bar covers both; the space counts both', async () => {
    const seen: number[] = []
    const done = await downloadAudio(
      { id: AUDIO, title: 'Calma', fieldId: 'campo', url: `/api/audios/${AUDIO}/file`, duration: '0:16' },
      { fetch: fakeFetch(), onProgress: (p) => seen.push(p.progress) },
    )
    expect(done.status).toBe('completed')
    expect(describeOnServer).toHaveBeenCalledWith(request(3))
    const kept = await getKeptSession(AUDIO)
    expect(kept?.manifest.key).toBe(manifest.key)
    expect(kept?.size).toBe(480)
    // Never backwards; the voice copy fills up to half, the session the rest.
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(seen).toContain(50)
    expect(seen.at(-1)).toBe(100)
    expect((await getCacheStats({ storage: null })).totalSize).toBe(100 + 480)
  })

  it('a download whose session cannot be had still keeps the voice copy', async () => {
    describeOnServer.mockResolvedValueOnce(null)
    const done = await downloadAudio({ id: AUDIO, title: 'Calma', fieldId: 'campo', url: `/api/audios/${AUDIO}/file`, duration: '0:16' }, { fetch: fakeFetch() })
    expect(done.status).toBe('completed')
    expect(await getKeptSession(AUDIO)).toBeUndefined()
  })

  it('removing the download removes its session', async () => {
    await downloadAudio({ id: AUDIO, title: 'Calma', fieldId: 'campo', url: `/api/audios/${AUDIO}/file`, duration: '0:16' }, { fetch: fakeFetch() })
    await deleteCachedAudio(AUDIO)
    expect(await getKeptSession(AUDIO)).toBeUndefined()
  })
})

describe('the player’s sessions with the downloads first', () => {
  beforeEach(async () => {
    await downloadAudio({ id: AUDIO, title: 'Calma', fieldId: 'campo', url: `/api/audios/${AUDIO}/file`, duration: '0:16' }, { fetch: fakeFetch() })
    describeOnServer.mockClear()
  })

  it('the same settings play the kept session, with no connection too, from an object URL', async () => {
    const network = vi.fn(async () => null)
    const revoke = vi.fn()
    const resolve = createOfflineSessionResolver(network, { isOnline: () => false, createObjectURL: () => 'blob:sessao/1', revokeObjectURL: revoke })
    const playable = await resolve(request(3))
    expect(playable).toMatchObject({ url: 'blob:sessao/1', offline: true, manifest: { key: manifest.key } })
    expect(network).not.toHaveBeenCalled()
    resolve.dispose()
    expect(revoke).toHaveBeenCalledWith('blob:sessao/1')
  })

  it('other settings: the network when online, nothing offline (the voice copy then plays by page code)', async () => {
    const network = vi.fn(async () => ({ manifest, url: manifest.url }))
    let online = true
    const resolve = createOfflineSessionResolver(network, { isOnline: () => online })
    expect((await resolve(request(5)))?.url).toBe(manifest.url)
    online = false
    expect(await resolve(request(5))).toBeNull()
  })

  it('a session for several audios is never taken from a download', async () => {
    await putCachedAudio(makeRecord('outro', 1, 1))
    const network = vi.fn(async () => null)
    const resolve = createOfflineSessionResolver(network, { isOnline: () => false })
    expect(await resolve({ ...request(3), items: [...request(3).items, { audioId: 'outro', repetitions: 1 }] })).toBeNull()
  })
})
