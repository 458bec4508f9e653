import { useSyncExternalStore } from 'react'
import { onlineManager } from '@tanstack/react-query'

/** Whether the browser says it is online (TanStack Query's view, the one that pauses and resumes the reads). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  )
}
