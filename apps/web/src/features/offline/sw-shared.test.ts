import { describe, expect, it } from 'vitest'
import { isOfflineApiPath } from './sw-shared'

describe('isOfflineApiPath (what the service worker keeps for offline starts)', () => {
  it.each([
    '/api/account/me',
    '/api/subscription/check',
    '/api/fields',
    '/api/fields/7d3b1c4e-0000-4000-8000-000000000001',
    '/api/fields/7d3b1c4e-0000-4000-8000-000000000001/audios',
    '/api/audios/7d3b1c4e-0000-4000-8000-000000000002',
    '/api/audios/7d3b1c4e-0000-4000-8000-000000000002/transcript',
    '/api/playlists',
    '/api/practice/today',
    '/api/landing',
    '/api/public/fields',
  ])('keeps %s', (path) => {
    expect(isOfflineApiPath(path)).toBe(true)
  })

  it.each([
    // Audio files play from IndexedDB copies; streaming them through a cache would store every file heard.
    '/api/audios/7d3b1c4e-0000-4000-8000-000000000002/file',
    '/api/background-music/abc/file',
    '/api/background-music',
    '/api/search',
    '/api/listening/today',
    '/api/account/export',
    '/api/health',
    '/api/auth/get-session',
    '/api/playlists/abc',
    '/api/practice/progress',
  ])('never keeps %s', (path) => {
    expect(isOfflineApiPath(path)).toBe(false)
  })
})
