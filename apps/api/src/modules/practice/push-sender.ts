/**
 * Web Push with VAPID (docs/product/practice.md#reminders): the `web-push` library encrypts the
 * payload for the browser's keys (RFC 8291, aes128gcm) and signs the VAPID header; the request
 * itself goes out with fetch, with a timeout, so one slow push service cannot hold a scheduler
 * pass, and only to the browsers' push services (push-services.ts). The private key never leaves
 * this module and is never logged.
 */
import webpush from 'web-push'
import { isPushServiceEndpoint } from './push-services.js'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * 'sent': the push service took it. 'gone': the subscription no longer exists (404/410) and should
 * be forgotten. 'refused': not a push service this server posts to; nothing was sent, and the
 * subscription should be forgotten too. 'failed': anything else (a network error, a timeout, 413,
 * 429, 5xx…); the subscription is kept.
 */
export type PushOutcome =
  | { result: 'sent' }
  | { result: 'gone'; reason: string }
  | { result: 'refused'; reason: string }
  | { result: 'failed'; reason: string }

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string
  /** Whether this endpoint is one of the push services the server posts to. */
  accepts(endpoint: string): boolean
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

export interface PushSenderOptions {
  publicKey: string
  privateKey: string
  /** `mailto:…` or `https://…`: who push services may contact. */
  subject: string
  /** Seconds a push service keeps an undelivered message (the phone may be off). */
  ttlSeconds?: number
  /** PUSH_TIMEOUT_MS unless given (tests shorten it). */
  timeoutMs?: number
  /** PUSH_TEST_ORIGIN: the local push endpoint of tests and journeys, accepted besides the push services. */
  testOrigin?: string | undefined
}

/** A reminder is about today: a push still undelivered after 4 hours is not worth showing. */
export const PUSH_TTL_SECONDS = 4 * 3600
/**
 * How long one push may take, connection included. Browsers' push services answer in well under a
 * second; an endpoint that accepts and never answers costs the pass this much, no more.
 */
export const PUSH_TIMEOUT_MS = 4_000

export function createPushSender(options: PushSenderOptions): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey }
  const ttl = options.ttlSeconds ?? PUSH_TTL_SECONDS
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS
  const accepts = (endpoint: string) => isPushServiceEndpoint(endpoint, options.testOrigin)
  return {
    publicKey: options.publicKey,
    accepts,
    async send(target, payload) {
      // Checked again here, where the request is made: rows stored before the allowlist existed.
      if (!accepts(target.endpoint)) return { result: 'refused', reason: 'não é um serviço de push de navegador' }
      let request: ReturnType<typeof webpush.generateRequestDetails>
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: ttl, urgency: 'normal', contentEncoding: 'aes128gcm' },
        )
      } catch {
        // Keys a browser never makes (wrong length, not a curve point): this subscription cannot work.
        return { result: 'gone', reason: 'chaves inválidas' }
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        await response.body?.cancel().catch(() => undefined)
        if (response.status === 404 || response.status === 410) return { result: 'gone', reason: `HTTP ${response.status}` }
        if (response.status >= 200 && response.status < 300) return { result: 'sent' }
        return { result: 'failed', reason: `HTTP ${response.status}` }
      } catch (error) {
        return { result: 'failed', reason: error instanceof Error ? error.name + (error.message ? `: ${error.message}` : '') : String(error) }
      }
    },
  }
}

/** The push sender of this server's VAPID keys (config.secrets.vapid), or null when it has none. */
export function pushSenderFromConfig(config: {
  secrets: { vapid?: { publicKey: string; privateKey: string } }
  push: { subject: string; testOrigin?: string | undefined }
}): PushSender | null {
  const vapid = config.secrets.vapid
  return vapid ? createPushSender({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: config.push.subject, testOrigin: config.push.testOrigin }) : null
}
