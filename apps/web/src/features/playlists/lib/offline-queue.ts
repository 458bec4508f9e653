import { PLAYLISTS_PENDING_KEY } from '../../../lib/pending-storage-keys'

/**
 * Playlist writes that failed because the device was offline. They are kept in localStorage and
 * replayed in order when the browser fires `online`. Every write carries browser-made ids
 * (playlist id, audio id), so a replay that the server already applied is harmless.
 */
export const OFFLINE_QUEUE_KEY = PLAYLISTS_PENDING_KEY

export interface QueuedMutation {
  method: 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
}

export type SendMutation = (mutation: QueuedMutation) => Promise<unknown>

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readQueue(): QueuedMutation[] {
  try {
    const raw = storage()?.getItem(OFFLINE_QUEUE_KEY)
    const value: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(value) ? (value as QueuedMutation[]) : []
  } catch {
    return []
  }
}

function writeQueue(queue: QueuedMutation[]): void {
  try {
    if (queue.length === 0) storage()?.removeItem(OFFLINE_QUEUE_KEY)
    else storage()?.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(queue))
  } catch {
    // Nothing else to do when storage is blocked.
  }
}

export function enqueueMutation(mutation: QueuedMutation): void {
  writeQueue([...readQueue(), mutation])
}

/**
 * Sends the queued writes in order. A write that fails again for lack of network stops the
 * replay (kept for the next `online`); one the server refuses (4xx/5xx) is dropped.
 * Returns how many were sent successfully.
 */
export async function replayQueue(send: SendMutation, isNetworkError: (error: unknown) => boolean): Promise<number> {
  let queue = readQueue()
  let sent = 0
  while (queue.length > 0) {
    const [next, ...rest] = queue
    if (!next) break
    try {
      await send(next)
      sent += 1
    } catch (error) {
      if (isNetworkError(error)) return sent
    }
    queue = rest
    writeQueue(queue)
  }
  return sent
}

/** Replays the queue on every `online` event; returns the unsubscribe function. */
export function replayWhenOnline(
  send: SendMutation,
  isNetworkError: (error: unknown) => boolean,
  onReplayed?: (sent: number) => void,
): () => void {
  const handler = () => {
    void replayQueue(send, isNetworkError).then((sent) => {
      if (sent > 0) onReplayed?.(sent)
    })
  }
  window.addEventListener('online', handler)
  return () => window.removeEventListener('online', handler)
}
