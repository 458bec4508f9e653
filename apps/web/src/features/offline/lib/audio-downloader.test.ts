import 'fake-indexeddb/auto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCachedAudios, getCachedAudio, hasCachedAudio, listCachedAudios, putCachedAudio } from './audio-cache-db'
import { downloadAudio, downloadStore, ensureSpace, isDownloading, type DownloadProgress } from './audio-downloader'
import { chunkedResponse, makeRecord, streamResponse, useNodeBlob } from '../testing/helpers'

const request = { id: 'aud-1', title: 'Prosperidade', fieldId: 'campo-1', url: '/api/audios/aud-1/stream', duration: '12:30' }
const online = () => true

function collect() {
  const events: DownloadProgress[] = []
  return { events, onProgress: (p: DownloadProgress) => events.push(p) }
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  downloadStore.clear()
})

describe('downloadAudio — progress', () => {
  it('streams the body, reports integer monotonic progress from content-length and stores the record', async () => {
    const fetch = vi.fn(async () =>
      chunkedResponse([25, 25, 25, 25], { 'content-length': '100', 'content-type': 'audio/ogg' }),
    )
    const { events, onProgress } = collect()
    const result = await downloadAudio(request, { fetch, onProgress, isOnline: online, now: () => 5000 })

    expect(result).toEqual({ audioId: 'aud-1', progress: 100, status: 'completed' })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith('/api/audios/aud-1/stream', { credentials: 'same-origin' })
    expect(events.map((e) => [e.status, e.progress])).toEqual([
      ['downloading', 0],
      ['downloading', 25],
      ['downloading', 50],
      ['downloading', 75],
      ['downloading', 100],
      ['completed', 100],
    ])
    const rec = await getCachedAudio('aud-1')
    expect(rec).toMatchObject({
      id: 'aud-1',
      title: 'Prosperidade',
      fieldId: 'campo-1',
      metadata: { duration: '12:30', size: 100, url: '/api/audios/aud-1/stream' },
      downloadedAt: 5000,
      lastAccessedAt: 5000,
    })
    expect(rec!.audioBlob.size).toBe(100)
    expect(rec!.audioBlob.type).toBe('audio/ogg')
    expect(downloadStore.get('aud-1')).toEqual(result)
  })

  it('rounds down uneven chunks to integers and never goes back', async () => {
    const fetch = vi.fn(async () => chunkedResponse([1, 1, 1, 30, 0, 67], { 'content-length': '100' }))
    const { events, onProgress } = collect()
    await downloadAudio(request, { fetch, onProgress, isOnline: online })
    const values = events.map((e) => e.progress)
    expect(values.every(Number.isInteger)).toBe(true)
    expect(values).toEqual([...values].sort((a, b) => a - b))
    expect(values).toEqual([0, 1, 2, 3, 33, 100, 100])
  })

  it('defaults the content type to audio/mpeg and, without content-length, jumps 0 → 100', async () => {
    const fetch = vi.fn(async () => chunkedResponse([10, 10]))
    const { events, onProgress } = collect()
    await downloadAudio(request, { fetch, onProgress, isOnline: online })
    expect(events.map((e) => [e.status, e.progress])).toEqual([
      ['downloading', 0],
      ['completed', 100],
    ])
    expect((await getCachedAudio('aud-1'))!.audioBlob.type).toBe('audio/mpeg')
  })

  it('a download cut off after its voice copy is not available offline, and goes on from there without fetching the voice again', async () => {
    // What a reload during the download's later parts leaves: the voice copy, flagged incomplete.
    const cut = makeRecord('aud-1', 10, 1)
    await putCachedAudio({ ...cut, metadata: { ...cut.metadata, complete: false } })
    expect(await hasCachedAudio('aud-1')).toBe(false)
    const fetch = vi.fn()
    const prepare = vi.fn(async () => {})
    expect((await downloadAudio(request, { fetch, prepare, isOnline: () => false })).status).toBe('error')
    const { events, onProgress } = collect()
    const result = await downloadAudio(request, { fetch, prepare, onProgress, isOnline: online })
    expect(result).toEqual({ audioId: 'aud-1', progress: 100, status: 'completed' })
    expect(fetch).not.toHaveBeenCalled()
    expect(prepare).toHaveBeenCalledTimes(1)
    expect(events.map((e) => e.progress)).toEqual([0, 90, 100])
    expect(await hasCachedAudio('aud-1')).toBe(true)
  })

  it('is complete only once its last part is kept: a reload before that finds it incomplete', async () => {
    let release!: () => void
    const prepare = vi.fn(() => new Promise<void>((resolve) => (release = resolve)))
    const running = downloadAudio(request, { fetch: vi.fn(async () => chunkedResponse([10], { 'content-length': '10' })), prepare, isOnline: online })
    await vi.waitFor(() => expect(prepare).toHaveBeenCalled())
    expect((await getCachedAudio('aud-1'))?.metadata.complete).toBe(false)
    expect(await hasCachedAudio('aud-1')).toBe(false)
    release()
    await running
    expect(await hasCachedAudio('aud-1')).toBe(true)
  })

  it('already cached → 100 / completed at once, without a request (even offline)', async () => {
    await putCachedAudio(makeRecord('aud-1', 10, 1))
    const fetch = vi.fn()
    const { events, onProgress } = collect()
    const result = await downloadAudio(request, { fetch, onProgress, isOnline: () => false })
    expect(events).toEqual([{ audioId: 'aud-1', progress: 100, status: 'completed' }])
    expect(result.status).toBe('completed')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('a second request while downloading only adds a listener: one fetch, both resolve', async () => {
    const { response, body } = streamResponse({ headers: { 'content-length': '4' } })
    const fetch = vi.fn(async () => response)
    const first = collect()
    const second = collect()
    const p1 = downloadAudio(request, { fetch, onProgress: first.onProgress, isOnline: online })
    const p2 = downloadAudio(request, { fetch, onProgress: second.onProgress, isOnline: online })
    expect(isDownloading('aud-1')).toBe(true)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    body.push(2)
    await vi.waitFor(() => expect(first.events.at(-1)?.progress).toBe(50))
    const third = collect()
    const p3 = downloadAudio(request, { fetch, onProgress: third.onProgress, isOnline: online })
    expect(third.events).toEqual([{ audioId: 'aud-1', progress: 50, status: 'downloading' }]) // current state at once
    body.push(2)
    body.close()
    const results = await Promise.all([p1, p2, p3])
    expect(results.map((r) => r.status)).toEqual(['completed', 'completed', 'completed'])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(second.events.at(-1)).toEqual({ audioId: 'aud-1', progress: 100, status: 'completed' })
    expect(third.events.at(-1)).toEqual({ audioId: 'aud-1', progress: 100, status: 'completed' })
    expect(isDownloading('aud-1')).toBe(false)
    expect(await listCachedAudios()).toHaveLength(1)
  })
})

describe('downloadAudio — errors', () => {
  it("offline → 'Sem conexão com a internet' without a request", async () => {
    const fetch = vi.fn()
    const { events, onProgress } = collect()
    const result = await downloadAudio(request, { fetch, onProgress, isOnline: () => false })
    expect(result).toEqual({ audioId: 'aud-1', progress: 0, status: 'error', error: 'Sem conexão com a internet' })
    expect(events).toEqual([result])
    expect(fetch).not.toHaveBeenCalled()
  })

  it('reads navigator.onLine by default', async () => {
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetch = vi.fn()
    const result = await downloadAudio(request, { fetch })
    expect(result.error).toBe('Sem conexão com a internet')
    expect(fetch).not.toHaveBeenCalled()
    spy.mockRestore()
  })

  it("non-OK → 'Erro HTTP: {status text}'", async () => {
    const { response } = streamResponse({ ok: false, status: 404, statusText: 'Not Found' })
    const result = await downloadAudio(request, { fetch: async () => response, isOnline: online })
    expect(result).toMatchObject({ status: 'error', error: 'Erro HTTP: Not Found' })
    expect(await getCachedAudio('aud-1')).toBeUndefined()
  })

  it("no body → 'Resposta sem corpo'", async () => {
    const response = { ok: true, status: 200, statusText: 'OK', headers: new Headers(), body: null } as unknown as Response
    const result = await downloadAudio(request, { fetch: async () => response, isOnline: online })
    expect(result).toMatchObject({ status: 'error', error: 'Resposta sem corpo' })
  })

  it("a network failure → 'Erro desconhecido'", async () => {
    const result = await downloadAudio(request, {
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
      isOnline: online,
    })
    expect(result).toMatchObject({ status: 'error', error: 'Erro desconhecido' })
  })

  it("a stream broken midway → 'Erro desconhecido', keeping the progress reached", async () => {
    const { response, body } = streamResponse({ headers: { 'content-length': '10' } })
    const p = downloadAudio(request, { fetch: async () => response, isOnline: online })
    body.push(4)
    await vi.waitFor(() => expect(downloadStore.get('aud-1')?.progress).toBe(40))
    body.error()
    expect(await p).toEqual({ audioId: 'aud-1', progress: 40, status: 'error', error: 'Erro desconhecido' })
    expect(await getCachedAudio('aud-1')).toBeUndefined()
    expect(isDownloading('aud-1')).toBe(false)
  })

  it('a failed download can be retried', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('x'))
      .mockResolvedValueOnce(chunkedResponse([5], { 'content-length': '5' }))
    expect((await downloadAudio(request, { fetch, isOnline: online })).status).toBe('error')
    expect((await downloadAudio(request, { fetch, isOnline: online })).status).toBe('completed')
  })
})

describe('eviction before a download (cap 1000 B, threshold 900 B)', () => {
  const maxBytes = 1000

  it('above 90 %: evicts the 3 least-recently-accessed and keeps the others', async () => {
    // inserted out of order on purpose; 5 × 190 = 950 B > 900 B
    for (const [id, at] of [['d', 40], ['a', 10], ['e', 50], ['c', 30], ['b', 20]] as const) {
      await putCachedAudio(makeRecord(id, 190, at))
    }
    const fetch = vi.fn(async () => chunkedResponse([50], { 'content-length': '50' }))
    const result = await downloadAudio(request, { fetch, maxBytes, isOnline: online })
    expect(result.status).toBe('completed')
    expect((await listCachedAudios()).map((r) => r.id).sort()).toEqual(['aud-1', 'd', 'e'])
  })

  it('below 90 %: nothing is evicted', async () => {
    for (const [id, at] of [['a', 10], ['b', 20], ['c', 30], ['d', 40]] as const) {
      await putCachedAudio(makeRecord(id, 200, at)) // 800 B
    }
    const fetch = vi.fn(async () => chunkedResponse([50], { 'content-length': '50' }))
    expect((await downloadAudio(request, { fetch, maxBytes, isOnline: online })).status).toBe('completed')
    expect((await listCachedAudios()).map((r) => r.id).sort()).toEqual(['a', 'aud-1', 'b', 'c', 'd'])
  })

  it('still not below 90 % after evicting 3 → refuses without a request', async () => {
    await putCachedAudio(makeRecord('big', 950, 100))
    await putCachedAudio(makeRecord('x', 10, 1))
    await putCachedAudio(makeRecord('y', 10, 2))
    await putCachedAudio(makeRecord('z', 10, 3))
    const fetch = vi.fn()
    const result = await downloadAudio(request, { fetch, maxBytes, isOnline: online })
    expect(result).toMatchObject({ status: 'error', error: 'Espaço insuficiente para baixar o áudio' })
    expect(fetch).not.toHaveBeenCalled()
    expect((await listCachedAudios()).map((r) => r.id)).toEqual(['big'])
  })

  it('ensureSpace: with no size, usage must be below 90 %; with a size, it must fit the cap', async () => {
    await putCachedAudio(makeRecord('a', 850, 1))
    expect(await ensureSpace({ maxBytes })).toBe(true)
    expect(await ensureSpace({ maxBytes, requiredBytes: 150 })).toBe(true)
    expect(await ensureSpace({ maxBytes, requiredBytes: 151 })).toBe(false)
    expect(await listCachedAudios()).toHaveLength(1)
  })
})
