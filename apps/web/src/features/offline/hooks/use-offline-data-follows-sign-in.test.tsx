import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { listCachedAudios, putCachedAudio } from '../lib/audio-cache-db'
import { clearOfflineData } from '../lib/offline-data'
import type * as OfflineData from '../lib/offline-data'
import { makeRecord, useNodeBlob } from '../testing/helpers'
import { OFFLINE_OWNER_KEY, useOfflineDataFollowsSignIn } from './use-offline-data-follows-sign-in'

// The real clear, watched: the hook reaches it through a dynamic import.
vi.mock('../lib/offline-data', async (importOriginal) => {
  const actual = await importOriginal<typeof OfflineData>()
  return { ...actual, clearOfflineData: vi.fn(actual.clearOfflineData) }
})

type UserId = string | null | 'loading'

function follow(initial: UserId) {
  return renderHook(({ userId }: { userId: UserId }) => useOfflineDataFollowsSignIn(userId), { initialProps: { userId: initial } })
}

/**
 * Waits until a clear the hook may have started has reached clearOfflineData: the hook decides in
 * its effect and then only imports the module, so once every pending dynamic import has settled
 * (and the task after it ran), the call has happened or never will.
 */
async function settle() {
  await vi.dynamicImportSettled()
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  vi.mocked(clearOfflineData).mockClear()
  localStorage.clear()
  await putCachedAudio(makeRecord('a', 10, 1))
})

describe('useOfflineDataFollowsSignIn', () => {
  it('a sign-out while the app is open clears the downloads and forgets the owner', async () => {
    const hook = follow('loading')
    hook.rerender({ userId: 'ana' })
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('ana')
    hook.rerender({ userId: null })
    await waitFor(async () => expect(await listCachedAudios()).toEqual([]), { timeout: 5000 })
    expect(clearOfflineData).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBeNull()
  })

  it('another person signing in on this device clears the previous person’s downloads', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    follow('bia')
    await waitFor(async () => expect(await listCachedAudios()).toEqual([]), { timeout: 5000 })
    expect(clearOfflineData).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('bia')
  })

  it('the same person coming back keeps the downloads', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    const hook = follow('loading')
    hook.rerender({ userId: 'ana' })
    await settle()
    expect(clearOfflineData).not.toHaveBeenCalled()
    expect(await listCachedAudios()).toHaveLength(1)
  })

  it('starting with nobody signed in (e.g. the sign-in could not be read offline) clears nothing', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    const hook = follow('loading')
    hook.rerender({ userId: null })
    await settle()
    expect(clearOfflineData).not.toHaveBeenCalled()
    expect(await listCachedAudios()).toHaveLength(1)
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('ana')
  })
})
