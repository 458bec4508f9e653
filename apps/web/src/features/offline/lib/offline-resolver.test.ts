import 'fake-indexeddb/auto'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCachedAudios, deleteCachedAudio, getCachedAudio, putCachedAudio } from './audio-cache-db'
import { createOfflinePlayableUrlResolver, type PlayableUrlResolver } from './offline-resolver'
import { makeRecord, useNodeBlob } from '../testing/helpers'

const created: Blob[] = []
let counter = 0
const originalCreate = URL.createObjectURL
const originalRevoke = URL.revokeObjectURL

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  created.length = 0
  counter = 0
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob)
    return `blob:test/${++counter}`
  })
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  URL.createObjectURL = originalCreate
  URL.revokeObjectURL = originalRevoke
})

const audio = (id: string) => ({ id, url: `/api/audios/${id}/stream` })

describe('createOfflinePlayableUrlResolver', () => {
  it("matches the player's PlayableUrlResolver type", () => {
    const resolver: PlayableUrlResolver = createOfflinePlayableUrlResolver()
    expect(typeof resolver).toBe('function')
  })

  it('cached → an object URL of the blob, touching lastAccessedAt', async () => {
    await putCachedAudio(makeRecord('a', 8, 1))
    const resolve = createOfflinePlayableUrlResolver({ isOnline: () => false, now: () => 777 })
    expect(await resolve(audio('a'))).toBe('blob:test/1')
    expect(created[0]!.size).toBe(8)
    await vi.waitFor(async () => expect((await getCachedAudio('a'))!.lastAccessedAt).toBe(777))
  })

  it('the same audio reuses its URL; a different one revokes the previous', async () => {
    await putCachedAudio(makeRecord('a', 1, 1))
    await putCachedAudio(makeRecord('b', 1, 2))
    const resolve = createOfflinePlayableUrlResolver({ isOnline: () => true })
    expect(await resolve(audio('a'))).toBe('blob:test/1')
    expect(await resolve(audio('a'))).toBe('blob:test/1')
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1)
    expect(await resolve(audio('b'))).toBe('blob:test/2')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1')
    expect(await resolve(audio('c'))).toBe('/api/audios/c/stream')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/2')
    resolve.dispose()
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2)
  })

  it('online and not cached → the network URL', async () => {
    const resolve = createOfflinePlayableUrlResolver({ isOnline: () => true })
    expect(await resolve(audio('x'))).toBe('/api/audios/x/stream')
    expect(URL.createObjectURL).not.toHaveBeenCalled()
  })

  it("offline and not cached → 'Áudio não disponível offline e sem conexão'", async () => {
    const resolve = createOfflinePlayableUrlResolver({ isOnline: () => false })
    await expect(resolve(audio('x'))).rejects.toThrow('Áudio não disponível offline e sem conexão')
  })

  it('a copy removed after being resolved is released and no longer served', async () => {
    await putCachedAudio(makeRecord('a', 1, 1))
    const resolve = createOfflinePlayableUrlResolver({ isOnline: () => true })
    expect(await resolve(audio('a'))).toBe('blob:test/1')
    await deleteCachedAudio('a')
    expect(await resolve(audio('a'))).toBe('/api/audios/a/stream')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1')
  })
})
