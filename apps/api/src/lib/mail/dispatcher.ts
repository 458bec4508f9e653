import type { Database } from '../../db/client.js'
import { claimPendingRows, markRowDone, markRowFailed } from './repository.js'
import type { MailLogger, MailTransport } from './transports.js'

export const MAIL_POLL_INTERVAL_MS = 5_000
export const MAIL_BATCH_SIZE = 20
/** A claim this old belongs to a dispatcher that stopped mid-send; another one may retake the row. */
export const MAIL_STALE_CLAIM_MS = 10 * 60_000
const ERROR_TEXT_MAX = 1_000

export interface EmailDispatcherOptions {
  db: Database
  transport: MailTransport
  log: MailLogger
  batchSize?: number
  pollIntervalMs?: number
  staleClaimMs?: number
}

export interface DispatchResult {
  /** Rows the transport took: delivered, or recorded as 'logged' when it delivers nothing (no SMTP). */
  sent: number
  failed: number
}

export interface EmailDispatcher {
  /**
   * Sends every pending row this dispatcher can claim. Passes never overlap inside one process:
   * a call made during a pass runs one more pass after it (so rows enqueued meanwhile are seen).
   */
  dispatchPending(): Promise<DispatchResult>
  /** Starts a pass soon without waiting for it (after an enqueue). Errors go to the log. */
  kick(): void
  /** Polls every `pollIntervalMs` with an unref'd timer, so it never keeps the process alive. */
  start(): void
  /** Stops polling and waits for the pass in progress; later calls do nothing. */
  stop(): Promise<void>
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error)
  return (text || 'erro desconhecido').slice(0, ERROR_TEXT_MAX)
}

export function createEmailDispatcher(options: EmailDispatcherOptions): EmailDispatcher {
  const { db, transport, log } = options
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE
  const pollIntervalMs = options.pollIntervalMs ?? MAIL_POLL_INTERVAL_MS
  const staleSeconds = Math.ceil((options.staleClaimMs ?? MAIL_STALE_CLAIM_MS) / 1000)

  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<DispatchResult> | null = null
  let queued: Promise<DispatchResult> | null = null

  async function pass(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, failed: 0 }
    // A claimed batch is always finished, even when stopping, so no row waits for the stale limit.
    while (!stopped) {
      const batch = await claimPendingRows(db, batchSize, staleSeconds)
      for (const message of batch) {
        try {
          await transport.send(message)
        } catch (error) {
          const reason = errorText(error)
          await markRowFailed(db, message.id, reason)
          result.failed++
          log.warn({ outboxId: message.id, kind: message.kind, transport: transport.name, reason }, 'falha ao enviar e-mail')
          continue
        }
        await markRowDone(db, message.id, transport.delivers === false ? 'logged' : 'sent')
        result.sent++
      }
      if (batch.length < batchSize) break
    }
    return result
  }

  function startPass(): Promise<DispatchResult> {
    running = pass().finally(() => {
      running = null
    })
    return running
  }

  function dispatchPending(): Promise<DispatchResult> {
    if (stopped) return Promise.resolve({ sent: 0, failed: 0 })
    if (queued) return queued
    if (running) {
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null
          return startPass()
        })
      return queued
    }
    return startPass()
  }

  function kick(): void {
    if (stopped) return
    dispatchPending().catch((error: unknown) => log.error({ err: error }, 'falha ao despachar e-mails pendentes'))
  }

  return {
    dispatchPending,
    kick,
    start() {
      if (stopped || timer) return
      timer = setInterval(kick, pollIntervalMs)
      timer.unref()
      kick()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      const inFlight = queued ?? running
      stopped = true
      await inFlight?.catch(() => undefined)
    },
  }
}
