import { afterEach, describe, expect, it, vi } from 'vitest'
import { startNewPersonalDataGeneration } from '../../../lib/personal-data-generation'
import { PLAYLISTS_KEY, STORAGE_WRITE_DEBOUNCE_MS, writeCachedPlaylists } from './storage'

afterEach(() => {
  vi.useRealTimers()
  window.localStorage.clear()
})

const playlist = { id: '00000000-0000-4000-8000-000000000001', name: 'Manhã', description: '', audioIds: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }

describe('writeCachedPlaylists', () => {
  it('writes the last value once, after the debounce', () => {
    vi.useFakeTimers()
    writeCachedPlaylists([])
    writeCachedPlaylists([playlist as never])
    expect(window.localStorage.getItem(PLAYLISTS_KEY)).toBeNull()
    vi.advanceTimersByTime(STORAGE_WRITE_DEBOUNCE_MS)
    expect(JSON.parse(window.localStorage.getItem(PLAYLISTS_KEY)!)).toHaveLength(1)
  })

  it('drops a write still waiting when the person signs out, so the wipe stays wiped', () => {
    vi.useFakeTimers()
    writeCachedPlaylists([playlist as never])
    startNewPersonalDataGeneration() // what sign-out does before clearing the keys
    vi.advanceTimersByTime(STORAGE_WRITE_DEBOUNCE_MS * 2)
    expect(window.localStorage.getItem(PLAYLISTS_KEY)).toBeNull()
  })
})
