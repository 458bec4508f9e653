import { useCallback, useEffect, useState } from 'react'
import { subscribeCacheChanges } from '../lib/audio-cache-db'
import { downloadStore } from '../lib/audio-downloader'
import { clearCache, getCacheStats, removeCachedAudio, type CacheStats, type CacheStatsOptions } from '../lib/cache-stats'
import { OFFLINE_TOASTS, type OfflineNotice } from '../lib/messages'

export interface UseCacheStatsOptions extends CacheStatsOptions {
  onNotice?: (notice: OfflineNotice) => void
}

export interface UseCacheStatsResult {
  stats: CacheStats | null
  isLoading: boolean
  refresh: () => Promise<void>
  /** Removes one copy; toasts 'Áudio removido' or 'Erro ao remover'. Resolves false on failure. */
  remove: (id: string) => Promise<boolean>
  /** Removes every copy; toasts 'Cache limpo' or 'Erro ao limpar cache'. */
  clear: () => Promise<boolean>
}

function describe(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined
}

/** Cache statistics, re-read whenever the cache changes (download, removal, eviction, clear). */
export function useCacheStats(options: UseCacheStatsOptions = {}): UseCacheStatsResult {
  const { onNotice, maxBytes, storage } = options
  const [stats, setStats] = useState<CacheStats | null>(null)
  const [isLoading, setIsLoading] = useState(true)

  const refresh = useCallback(async () => {
    try {
      const next = await getCacheStats({ maxBytes, storage })
      setStats(next)
    } catch {
      /* IndexedDB unavailable: keep the last stats */
    } finally {
      setIsLoading(false)
    }
  }, [maxBytes, storage])

  useEffect(() => {
    void refresh()
    return subscribeCacheChanges(() => void refresh())
  }, [refresh])

  const remove = useCallback(
    async (id: string) => {
      try {
        await removeCachedAudio(id)
        downloadStore.clear(id)
        onNotice?.({ tone: 'success', title: OFFLINE_TOASTS.removed })
        return true
      } catch (error) {
        onNotice?.({ tone: 'error', title: OFFLINE_TOASTS.removeError, description: describe(error) })
        return false
      }
    },
    [onNotice],
  )

  const clear = useCallback(async () => {
    try {
      await clearCache()
      downloadStore.clear()
      onNotice?.({ tone: 'success', title: OFFLINE_TOASTS.cleared })
      return true
    } catch (error) {
      onNotice?.({ tone: 'error', title: OFFLINE_TOASTS.clearError, description: describe(error) })
      return false
    }
  }, [onNotice])

  return { stats, isLoading, refresh, remove, clear }
}
