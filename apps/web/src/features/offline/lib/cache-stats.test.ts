import 'fake-indexeddb/auto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_CACHE_MAX_BYTES } from '@sintonia/contract'
import { clearCachedAudios, listCachedAudios, putCachedAudio } from './audio-cache-db'
import { clearCache, getCacheStats, removeCachedAudio, requestPersistentStorage, resetPersistentStorageRequest } from './cache-stats'
import { makeRecord, useNodeBlob } from '../testing/helpers'

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  resetPersistentStorageRequest()
})

describe('getCacheStats', () => {
  it('empty cache', async () => {
    expect(await getCacheStats({ storage: null })).toEqual({
      totalSize: 0,
      audioCount: 0,
      availableSpace: OFFLINE_CACHE_MAX_BYTES,
      usedPercentage: 0,
    })
  })

  it('totals the copies; without navigator.storage, available = cap − total', async () => {
    await putCachedAudio(makeRecord('a', 100, 1))
    await putCachedAudio(makeRecord('b', 150, 2))
    expect(await getCacheStats({ maxBytes: 1000, storage: null })).toEqual({
      totalSize: 250,
      audioCount: 2,
      availableSpace: 750,
      usedPercentage: 25,
    })
  })

  it('what can still be downloaded: the room left under the cap, or less when the device itself is fuller', async () => {
    await putCachedAudio(makeRecord('a', 100, 1))
    const roomy = vi.fn(async () => ({ quota: 10_000, usage: 4_000 }))
    expect(await getCacheStats({ maxBytes: 1000, storage: { estimate: roomy } })).toEqual({
      totalSize: 100,
      audioCount: 1,
      availableSpace: 900,
      usedPercentage: 10,
    })
    const tight = vi.fn(async () => ({ quota: 10_000, usage: 9_700 }))
    expect((await getCacheStats({ maxBytes: 1000, storage: { estimate: tight } })).availableSpace).toBe(300)
  })

  it('cap − total when estimate() fails', async () => {
    const estimate = vi.fn(async () => {
      throw new Error('nope')
    })
    expect((await getCacheStats({ maxBytes: 1000, storage: { estimate } })).availableSpace).toBe(1000)
  })
})

describe('remove / clear', () => {
  it('removeCachedAudio deletes one copy, clearCache all of them', async () => {
    await putCachedAudio(makeRecord('a', 1, 1))
    await putCachedAudio(makeRecord('b', 1, 2))
    await putCachedAudio(makeRecord('c', 1, 3))
    await removeCachedAudio('b')
    expect((await listCachedAudios()).map((r) => r.id)).toEqual(['a', 'c'])
    await clearCache()
    expect(await getCacheStats({ storage: null })).toMatchObject({ audioCount: 0, totalSize: 0 })
  })
})

describe('requestPersistentStorage', () => {
  it('asks navigator.storage.persist() only once', async () => {
    const persist = vi.fn(async () => true)
    const persisted = vi.fn(async () => false)
    expect(await requestPersistentStorage({ persist, persisted })).toBe(true)
    expect(await requestPersistentStorage({ persist, persisted })).toBe(true)
    expect(persist).toHaveBeenCalledTimes(1)
  })

  it('does not ask when already persisted, and answers false when unsupported or refused', async () => {
    const persist = vi.fn(async () => true)
    expect(await requestPersistentStorage({ persist, persisted: async () => true })).toBe(true)
    expect(persist).not.toHaveBeenCalled()
    resetPersistentStorageRequest()
    expect(await requestPersistentStorage(null)).toBe(false)
    resetPersistentStorageRequest()
    expect(await requestPersistentStorage({ persist: async () => false })).toBe(false)
  })
})
