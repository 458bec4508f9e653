import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { hasCachedAudio, subscribeCacheChanges } from '../lib/audio-cache-db'
import { downloadAudio, downloadStore, type DownloadOptions, type DownloadProgress, type DownloadRequest } from '../lib/audio-downloader'
import { OFFLINE_TOASTS, type OfflineNotice } from '../lib/messages'
import { prepareOfflineListening } from '../lib/offline-data'

export interface UseDownloadOptions extends Omit<DownloadOptions, 'onProgress'> {
  /** Called with what to toast ('Download concluído' / 'Erro no download'). */
  onNotice?: (notice: OfflineNotice) => void
  /**
   * The download's last part (default `prepareOfflineListening`: persistent storage, background
   * music, the audio's catalogue entry): the download is complete once it is done, so
   * 'Disponível offline' promises an audio that opens offline. Reports 0..1 as its parts are kept.
   */
  afterDownload?: (request: DownloadRequest, onProgress: (fraction: number) => void) => Promise<void>
}

export interface UseDownloadResult {
  /** Latest progress of this audio in this page load, or null if never requested. */
  progress: DownloadProgress | null
  isDownloading: boolean
  /** Whether a copy is in IndexedDB (null until known); follows downloads, removals, evictions. */
  isCached: boolean | null
  download: (request: DownloadRequest) => Promise<DownloadProgress>
}

const keepPageData = (request: DownloadRequest, onProgress: (fraction: number) => void) => prepareOfflineListening(request, { onProgress })

/**
 * Progress of one audio's download (shared by every component showing it) and a `download`
 * action. Progress lives in a module store, so it survives unmounts and a second component
 * asking for the same audio joins the running request.
 */
export function useDownload(audioId: string, options: UseDownloadOptions = {}): UseDownloadResult {
  const map = useSyncExternalStore(downloadStore.subscribe, downloadStore.getSnapshot, downloadStore.getSnapshot)
  const progress = map.get(audioId) ?? null
  const { onNotice, fetch, maxBytes, isOnline, now, afterDownload = keepPageData } = options
  const [cached, setCached] = useState<{ id: string; value: boolean } | null>(null)

  useEffect(() => {
    let alive = true
    const check = () => {
      hasCachedAudio(audioId).then(
        (value) => alive && setCached({ id: audioId, value }),
        () => alive && setCached({ id: audioId, value: false }),
      )
    }
    check()
    const unsubscribe = subscribeCacheChanges(check)
    return () => {
      alive = false
      unsubscribe()
    }
  }, [audioId])

  const download = useCallback(
    async (request: DownloadRequest) => {
      const result = await downloadAudio(request, { fetch, maxBytes, isOnline, now, prepare: afterDownload })
      if (result.status === 'completed') {
        onNotice?.({ tone: 'success', title: OFFLINE_TOASTS.downloadDone, description: request.title })
      } else {
        onNotice?.({
          tone: 'error',
          title: OFFLINE_TOASTS.downloadError,
          description: result.error || OFFLINE_TOASTS.downloadErrorFallback,
        })
      }
      return result
    },
    [onNotice, fetch, maxBytes, isOnline, now, afterDownload],
  )

  return {
    progress,
    isDownloading: progress?.status === 'downloading',
    isCached: cached && cached.id === audioId ? cached.value : null,
    download,
  }
}
