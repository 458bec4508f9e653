/** Helpers over Stripe-shaped event JSON, shared by both gateways and the webhook service. */
import type { SubscriptionState, VerifiedEvent, WebhookParseResult } from './types.js'

/** Parses a signature-checked body into an event; anything not event-shaped is refused. */
export function parseEventJson(rawBody: Buffer): WebhookParseResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody.toString('utf8'))
  } catch {
    return { ok: false, reason: 'bad_payload' }
  }
  const event = toVerifiedEvent(parsed)
  return event ? { ok: true, event } : { ok: false, reason: 'bad_payload' }
}

export function toVerifiedEvent(value: unknown): VerifiedEvent | null {
  if (!isRecord(value)) return null
  const { id, type, data, created } = value
  if (typeof id !== 'string' || !id || id.length > 255 || typeof type !== 'string' || !type) return null
  if (!isRecord(data) || !isRecord(data.object)) return null
  return { id, type, object: data.object, created: typeof created === 'number' ? created : 0 }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)
export const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
/** An id field that may be expanded into an object (Stripe's `customer: 'cus_…' | {id}`). */
export const idOf = (value: unknown): string | null => str(value) ?? (isRecord(value) ? str(value.id) : null)

/**
 * Provider subscription status → ours. `unpaid` means the provider stopped retrying: no access.
 * `incomplete`/`paused` carry no access decision yet (null: leave our row as it is).
 */
export function subscriptionStateOf(status: string): SubscriptionState | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
      return 'past_due'
    case 'canceled':
      return 'canceled'
    case 'unpaid':
    case 'incomplete_expired':
      return 'expired'
    default:
      return null
  }
}

export const fromUnix = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000))
