import { afterEach, describe, expect, it, vi } from 'vitest'
import { startNewPersonalDataGeneration } from '../../../lib/personal-data-generation'
import { OFFLINE_API_CACHE } from '../sw-shared'
import { keepAnswerForOffline, keepResponseForOffline } from './keep-answers'

function fakeCaches() {
  const kept = new Map<string, Response>()
  let release: (() => void) | null = null
  let hold = false
  const storage = {
    open: vi.fn(async (name: string) => {
      expect(name).toBe(OFFLINE_API_CACHE)
      if (hold) await new Promise<void>((resolve) => (release = resolve))
      return { put: vi.fn(async (path: string, response: Response) => void kept.set(path, response)) }
    }),
  }
  return {
    kept,
    caches: storage as unknown as CacheStorage,
    holdOpen: () => (hold = true),
    releaseOpen: () => release?.(),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('keepAnswerForOffline', () => {
  it('keeps the catalogue answers the page read when no service worker saw them', async () => {
    const { kept, caches } = fakeCaches()
    const fields = { fields: [{ id: 'f1', title: 'Calma' }] }
    expect(await keepAnswerForOffline('/api/fields', fields, { caches, controlled: false })).toBe(true)
    const response = kept.get('/api/fields')!
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual(fields)
  })

  it('leaves it to the service worker when one controls the page, and never keeps other answers', async () => {
    const { kept, caches } = fakeCaches()
    expect(await keepAnswerForOffline('/api/fields', {}, { caches, controlled: true })).toBe(false)
    expect(await keepAnswerForOffline('/api/search?q=calma', {}, { caches, controlled: false })).toBe(false)
    expect(await keepAnswerForOffline('/api/listening/today?audioId=a', {}, { caches, controlled: false })).toBe(false)
    expect(await keepAnswerForOffline('/api/fields', {}, { caches: null, controlled: false })).toBe(false)
    expect(kept.size).toBe(0)
  })

  it('drops an answer when the person signed out while it was being kept', async () => {
    const { kept, caches, holdOpen, releaseOpen } = fakeCaches()
    holdOpen()
    const keeping = keepAnswerForOffline('/api/playlists', { playlists: [] }, { caches, controlled: false })
    startNewPersonalDataGeneration()
    releaseOpen()
    expect(await keeping).toBe(false)
    expect(kept.size).toBe(0)
  })

  it('keeps a fetched answer only when it succeeded, leaving the body to the caller', async () => {
    const { kept, caches } = fakeCaches()
    const ok = new Response('{"field":{}}')
    expect(await keepResponseForOffline('/api/fields/f1', ok, { caches, controlled: false })).toBe(true)
    expect(await ok.text()).toBe('{"field":{}}')
    expect(await keepResponseForOffline('/api/fields/f2', new Response('{}', { status: 500 }), { caches, controlled: false })).toBe(false)
    expect([...kept.keys()]).toEqual(['/api/fields/f1'])
  })
})
