import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listCachedAudios, putCachedAudio } from '../lib/audio-cache-db'
import { makeRecord, useNodeBlob } from '../testing/helpers'
import { OFFLINE_OWNER_KEY, useOfflineDataFollowsSession } from './use-offline-data-follows-session'

type UserId = string | null | 'loading'

function follow(initial: UserId) {
  return renderHook(({ userId }: { userId: UserId }) => useOfflineDataFollowsSession(userId), { initialProps: { userId: initial } })
}

/** Gives a pending clear (dynamic import + IndexedDB) time to happen. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 200))
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  localStorage.clear()
  await putCachedAudio(makeRecord('a', 10, 1))
})

describe('useOfflineDataFollowsSession', () => {
  it('a sign-out while the app is open clears the downloads and forgets the owner', async () => {
    const hook = follow('loading')
    hook.rerender({ userId: 'ana' })
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('ana')
    hook.rerender({ userId: null })
    await waitFor(async () => expect(await listCachedAudios()).toEqual([]), { timeout: 5000 })
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBeNull()
  })

  it('another person signing in on this device clears the previous person’s downloads', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    follow('bia')
    await waitFor(async () => expect(await listCachedAudios()).toEqual([]), { timeout: 5000 })
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('bia')
  })

  it('the same person coming back keeps the downloads', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    const hook = follow('loading')
    hook.rerender({ userId: 'ana' })
    await settle()
    expect(await listCachedAudios()).toHaveLength(1)
  })

  it('starting with nobody signed in (e.g. the session could not be read offline) clears nothing', async () => {
    localStorage.setItem(OFFLINE_OWNER_KEY, 'ana')
    const hook = follow('loading')
    hook.rerender({ userId: null })
    await settle()
    expect(await listCachedAudios()).toHaveLength(1)
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('ana')
  })
})
