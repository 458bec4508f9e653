import { API, type LISTENING_EVENT_KINDS } from '@sintonia/contract'
import { apiSend, ApiRequestError } from '../../../lib/api-client'

export type ListeningEventKind = (typeof LISTENING_EVENT_KINDS)[number]

export interface ListeningEvent {
  id: string
  audioId: string
  kind: ListeningEventKind
  occurredAt: string
}

type Sender = (events: ListeningEvent[]) => Promise<unknown>

const BATCH_MAX = 100
const RETRY_BASE_MS = 2_000
const RETRY_MAX_MS = 60_000

const defaultSender: Sender = (events) => apiSend('POST', API.listener.listeningEvents, { events })

/**
 * The listening-events queue (plays and completed repetitions, spec ARCHITECTURE §6): events are
 * queued in memory and POSTed in batches; a failed send is retried with exponential backoff.
 * Each event carries a browser-generated uuid, so a batch sent twice is counted once.
 * One module on purpose: the offline work will persist `queue` here.
 */
function createListeningQueue(send: Sender = defaultSender) {
  let queue: ListeningEvent[] = []
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
      failures = 0
    } catch (error) {
      const rejected = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
      if (rejected) {
        // The server refused these events for good (invalid): retrying cannot help.
        queue = queue.filter((event) => !batch.includes(event))
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
      failures = 0
      sending = false
      sender = nextSender
    },
  }
}

export const listeningQueue = createListeningQueue()

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void listeningQueue.flush())
}
