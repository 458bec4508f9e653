import 'fake-indexeddb/auto'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AUDIO_CACHE_DB_NAME,
  clearCachedAudios,
  deleteCachedAudio,
  getCachedAudio,
  hasCachedAudio,
  listCachedAudios,
  openAudioCacheDb,
  putCachedAudio,
  subscribeCacheChanges,
  touchCachedAudio,
} from './audio-cache-db'
import { makeRecord, useNodeBlob } from '../testing/helpers'

beforeAll(useNodeBlob)
beforeEach(() => clearCachedAudios())
afterEach(() => vi.restoreAllMocks())

describe('audio-cache-db', () => {
  it('opens DriveAudioCache v1 with store audios (keyPath id, index lastAccessedAt)', async () => {
    const db = await openAudioCacheDb()
    expect(db.name).toBe(AUDIO_CACHE_DB_NAME)
    expect(AUDIO_CACHE_DB_NAME).toBe('DriveAudioCache')
    expect(db.version).toBe(1)
    expect([...db.objectStoreNames]).toEqual(['audios'])
    const store = db.transaction('audios').store
    expect(store.keyPath).toBe('id')
    expect([...store.indexNames]).toEqual(['lastAccessedAt'])
    expect(store.index('lastAccessedAt').keyPath).toBe('lastAccessedAt')
  })

  it('stores exactly the product record shape and gives the blob back', async () => {
    await putCachedAudio(makeRecord('a', 3, 1000))
    const rec = await getCachedAudio('a')
    expect(rec).toBeDefined()
    expect(Object.keys(rec!).sort()).toEqual(
      ['audioBlob', 'downloadedAt', 'fieldId', 'id', 'lastAccessedAt', 'metadata', 'title'].sort(),
    )
    expect(Object.keys(rec!.metadata).sort()).toEqual(['duration', 'size', 'url'])
    expect(rec!.audioBlob).toBeInstanceOf(Blob)
    expect(rec!.audioBlob.size).toBe(3)
    expect(rec!.audioBlob.type).toBe('audio/mpeg')
    expect(rec).toMatchObject({ id: 'a', title: 'Áudio a', fieldId: 'campo-1', downloadedAt: 1000, lastAccessedAt: 1000 })
    expect(await hasCachedAudio('a')).toBe(true)
    expect(await hasCachedAudio('b')).toBe(false)
  })

  it('lists least-recently-accessed first and touch() moves an audio to the end', async () => {
    await putCachedAudio(makeRecord('b', 1, 20))
    await putCachedAudio(makeRecord('a', 1, 10))
    await putCachedAudio(makeRecord('c', 1, 30))
    expect((await listCachedAudios()).map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(await touchCachedAudio('a', 99)).toBe(true)
    expect((await getCachedAudio('a'))!.lastAccessedAt).toBe(99)
    expect((await getCachedAudio('a'))!.downloadedAt).toBe(10)
    expect((await listCachedAudios()).map((r) => r.id)).toEqual(['b', 'c', 'a'])
    expect(await touchCachedAudio('missing', 1)).toBe(false)
  })

  it('deletes, clears and notifies subscribers of each change', async () => {
    const listener = vi.fn()
    const unsubscribe = subscribeCacheChanges(listener)
    await putCachedAudio(makeRecord('a', 1, 1))
    await putCachedAudio(makeRecord('b', 1, 2))
    await deleteCachedAudio('a')
    expect((await listCachedAudios()).map((r) => r.id)).toEqual(['b'])
    await clearCachedAudios()
    expect(await listCachedAudios()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(4)
    unsubscribe()
    await putCachedAudio(makeRecord('c', 1, 3))
    expect(listener).toHaveBeenCalledTimes(4)
  })
})
