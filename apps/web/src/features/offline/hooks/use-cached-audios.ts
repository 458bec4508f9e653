import { useEffect, useState } from 'react'
import { isComplete, listCachedAudios, subscribeCacheChanges, type OfflineAudioRecord } from '../lib/audio-cache-db'

/** What the Downloads view shows of a copy (the blob itself stays in IndexedDB). */
export type CachedAudioSummary = Omit<OfflineAudioRecord, 'audioBlob'>

export interface UseCachedAudiosResult {
  /** Most recently downloaded first; null while the first read runs. */
  audios: CachedAudioSummary[] | null
  /** IndexedDB could not be read (private mode, blocked storage). */
  failed: boolean
}

/** The copies on this device, re-read after every download, removal, eviction or clear. */
export function useCachedAudios(): UseCachedAudiosResult {
  const [state, setState] = useState<UseCachedAudiosResult>({ audios: null, failed: false })
  useEffect(() => {
    let alive = true
    const read = () => {
      listCachedAudios().then(
        (records) => {
          if (!alive) return
          // A download cut off before its end is not listed: 'Baixar' on the audio goes on with it.
          const audios = records
            .filter(isComplete)
            .map(({ audioBlob: _blob, ...rest }) => rest)
            .sort((a, b) => b.downloadedAt - a.downloadedAt)
          setState({ audios, failed: false })
        },
        () => alive && setState({ audios: [], failed: true }),
      )
    }
    read()
    const unsubscribe = subscribeCacheChanges(read)
    return () => {
      alive = false
      unsubscribe()
    }
  }, [])
  return state
}
