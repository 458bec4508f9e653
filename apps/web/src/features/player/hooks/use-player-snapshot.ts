import { useSyncExternalStore } from 'react'
import type { SnapshotSource } from '../engine/store'

/**
 * Reads any engine store (voice engine, background music, preferences) and re-renders when it
 * changes. The engine's subscribe/getSnapshot are bound and its snapshots immutable, so this is
 * a plain useSyncExternalStore.
 */
export function usePlayerSnapshot<T>(source: SnapshotSource<T>): T {
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot)
}
