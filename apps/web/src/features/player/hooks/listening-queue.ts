import { ApiRequestError } from '../../../lib/api-client'
import { LISTENING_PENDING_KEY } from '../../../lib/pending-storage-keys'
import { sendListeningEvents, type ListeningEvent, type ListeningEventKind } from '../api/listener-api'

type Sender = (events: ListeningEvent[]) => Promise<unknown>

const BATCH_MAX = 100
const RETRY_BASE_MS = 2_000
const RETRY_MAX_MS = 60_000

const defaultSender: Sender = sendListeningEvents

/**
 * Where unsent events wait, so listening done offline still counts after a reload or a restart of
 * the installed app. Personal data: sign-out removes it with the other personal keys.
 */
export const LISTENING_QUEUE_STORAGE_KEY = LISTENING_PENDING_KEY

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function isListeningEvent(value: unknown): value is ListeningEvent {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    typeof v.id === 'string' &&
    typeof v.audioId === 'string' &&
    (v.kind === 'play' || v.kind === 'repetition') &&
    typeof v.occurredAt === 'string'
  )
}

function loadPending(storage: Storage | null): ListeningEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LISTENING_QUEUE_STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isListeningEvent) : []
  } catch {
    return []
  }
}

function savePending(storage: Storage | null, queue: ListeningEvent[]): void {
  try {
    if (queue.length === 0) storage?.removeItem(LISTENING_QUEUE_STORAGE_KEY)
    else storage?.setItem(LISTENING_QUEUE_STORAGE_KEY, JSON.stringify(queue))
  } catch {
    // Storage full or blocked: the events still go out from memory while the page lives.
  }
}

/**
 * The listening-events queue (plays and completed repetitions,
 * docs/product/listening.md#listening-records): events are queued, kept in localStorage until the
 * server has them, and POSTed in batches; a failed send is retried with exponential backoff and
 * again when the browser comes back online. Each event carries a browser-generated uuid, so a batch
 * sent twice (or re-sent after a reload) counts once.
 */
export function createListeningQueue(send: Sender = defaultSender, storage: Storage | null = browserStorage()) {
  let queue: ListeningEvent[] = loadPending(storage)
  let sending = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let sender = send

  function schedule(delayMs: number) {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, delayMs)
  }

  async function flush(): Promise<void> {
    if (sending || queue.length === 0) return
    if (timer !== undefined) {
      clearTimeout(timer)
      timer = undefined
    }
    sending = true
    const batch = queue.slice(0, BATCH_MAX)
    try {
      await sender(batch)
      queue = queue.filter((event) => !batch.includes(event))
      savePending(storage, queue)
      failures = 0
    } catch (error) {
      const rejected = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
      if (rejected) {
        // The server refused these events for good (invalid): retrying cannot help.
        queue = queue.filter((event) => !batch.includes(event))
        savePending(storage, queue)
      } else {
        failures += 1
        schedule(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1)))
      }
    } finally {
      sending = false
    }
    if (queue.length > 0 && failures === 0) schedule(0)
  }

  return {
    /** Queues one event with a fresh uuid and sends it soon. */
    record(audioId: string, kind: ListeningEventKind, at: Date = new Date()): ListeningEvent {
      const event: ListeningEvent = { id: crypto.randomUUID(), audioId, kind, occurredAt: at.toISOString() }
      queue.push(event)
      savePending(storage, queue)
      schedule(0)
      return event
    },
    flush,
    pending: (): readonly ListeningEvent[] => queue,
    /** Tests only: empties the queue and swaps the sender. */
    reset(nextSender: Sender = defaultSender) {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      queue = []
      savePending(storage, queue)
      failures = 0
      sending = false
      sender = nextSender
    },
  }
}

export const listeningQueue = createListeningQueue()

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void listeningQueue.flush())
  // Events left by an earlier visit (listened offline, then the page closed) go out now.
  if (listeningQueue.pending().length > 0 && navigator.onLine) void listeningQueue.flush()
}
