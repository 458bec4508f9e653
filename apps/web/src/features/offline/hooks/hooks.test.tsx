import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCachedAudios, putCachedAudio } from '../lib/audio-cache-db'
import { downloadStore } from '../lib/audio-downloader'
import type { OfflineNotice } from '../lib/messages'
import { chunkedResponse, makeRecord, useNodeBlob } from '../testing/helpers'
import { useCacheStats } from './use-cache-stats'
import { useDownload } from './use-download'

const request = { id: 'aud-1', title: 'Prosperidade', fieldId: 'campo-1', url: '/a/1', duration: '1:00' }
const online = () => true

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  downloadStore.clear()
})

describe('useDownload', () => {
  it('follows the progress and asks to toast "Download concluído"', async () => {
    const onNotice = vi.fn<(n: OfflineNotice) => void>()
    const fetch = vi.fn(async () => chunkedResponse([10], { 'content-length': '10' }))
    const afterDownload = vi.fn(async () => {})
    const { result } = renderHook(() => useDownload('aud-1', { fetch, onNotice, isOnline: online, afterDownload }))
    expect(result.current.progress).toBeNull()
    await waitFor(() => expect(result.current.isCached).toBe(false))
    await act(() => result.current.download(request))
    await waitFor(() => expect(result.current.isCached).toBe(true))
    expect(result.current.progress).toEqual({ audioId: 'aud-1', progress: 100, status: 'completed' })
    expect(result.current.isDownloading).toBe(false)
    expect(onNotice).toHaveBeenCalledWith({ tone: 'success', title: 'Download concluído', description: 'Prosperidade' })
    // Persistent storage, background music and the catalogue entry are the download's last part.
    expect(afterDownload).toHaveBeenCalledWith(request, expect.any(Function))
  })

  it('an error asks to toast "Erro no download" with the message', async () => {
    const onNotice = vi.fn<(n: OfflineNotice) => void>()
    const afterDownload = vi.fn(async () => {})
    const { result } = renderHook(() => useDownload('aud-1', { fetch: vi.fn(), onNotice, isOnline: () => false, afterDownload }))
    await act(() => result.current.download(request))
    expect(result.current.progress?.status).toBe('error')
    expect(onNotice).toHaveBeenCalledWith({ tone: 'error', title: 'Erro no download', description: 'Sem conexão com a internet' })
    expect(afterDownload).not.toHaveBeenCalled()
  })
})

describe('useCacheStats', () => {
  it('loads the stats and refreshes them after remove / clear / a download', async () => {
    await putCachedAudio(makeRecord('a', 100, 1))
    await putCachedAudio(makeRecord('b', 100, 2))
    const onNotice = vi.fn<(n: OfflineNotice) => void>()
    const { result } = renderHook(() => useCacheStats({ maxBytes: 1000, storage: null, onNotice }))
    await waitFor(() => expect(result.current.stats).toMatchObject({ audioCount: 2, totalSize: 200, usedPercentage: 20 }))
    expect(result.current.isLoading).toBe(false)

    await act(async () => {
      expect(await result.current.remove('a')).toBe(true)
    })
    await waitFor(() => expect(result.current.stats?.audioCount).toBe(1))
    expect(onNotice).toHaveBeenLastCalledWith({ tone: 'success', title: 'Áudio removido' })

    await act(() => putCachedAudio(makeRecord('c', 50, 3)))
    await waitFor(() => expect(result.current.stats?.totalSize).toBe(150))

    await act(async () => {
      expect(await result.current.clear()).toBe(true)
    })
    await waitFor(() => expect(result.current.stats?.audioCount).toBe(0))
    expect(onNotice).toHaveBeenLastCalledWith({ tone: 'success', title: 'Cache limpo' })
  })
})
