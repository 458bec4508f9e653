/**
 * The listener's side of the practice reminders (docs/product/practice.md#reminders): the push key,
 * the browsers that receive push reminders, the opening of a reminder, and the e-mail's one-click
 * unsubscribe. Sending them is the scheduler's (reminder-scheduler.ts).
 */
import { PRACTICE_MSG, type PracticePreferences, type PushSubscriptionInput } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import type { PushSender } from './push-sender.js'
import { readPreferences } from './preferences-service.js'
import { deletePushSubscriptionOf, markDeliveryOpened, removeEmailChannelByToken, upsertPushSubscription } from './reminders-repository.js'

/** GET push-key: the VAPID public key browsers subscribe with; 503 when this server has no VAPID keys. */
export function pushPublicKey(push: PushSender | null): { publicKey: string } {
  if (!push) throw new HttpError(503, PRACTICE_MSG.pushNotConfigured)
  return { publicKey: push.publicKey }
}

function decodedLength(base64url: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(base64url)) return null
  return Buffer.from(base64url.replace(/=+$/, ''), 'base64url').length
}

/**
 * What a browser's PushManager makes: a P-256 public key (65 bytes, uncompressed) and a 16-byte
 * auth secret, on an endpoint of one of the browsers' push services — the server posts to it, so an
 * address the caller chose (a name inside the network, a cloud metadata service) is refused before
 * anything is stored (push-services.ts, docs/decisions/024-push-services-allowlist.md).
 */
export function assertUsablePushSubscription(input: PushSubscriptionInput, push: Pick<PushSender, 'accepts'>): void {
  const p256dh = decodedLength(input.keys.p256dh)
  const auth = decodedLength(input.keys.auth)
  const keysOk = p256dh === 65 && Buffer.from(input.keys.p256dh, 'base64url')[0] === 0x04 && auth === 16
  if (!keysOk) throw new HttpError(400, PRACTICE_MSG.pushEndpointInvalid)
  if (!push.accepts(input.endpoint)) throw new HttpError(400, PRACTICE_MSG.pushServiceNotAllowed)
}

/**
 * The browsers one listener may have receiving push reminders: a new one replaces the oldest. Each
 * costs the scheduler a request per reminder, so an account cannot make it post to hundreds.
 */
export const MAX_PUSH_DEVICES = 5

export interface PushSubscriptionDeps {
  db: Database
  push: PushSender | null
}

/** POST push-subscriptions: keeps this browser (upsert by endpoint; the oldest beyond MAX_PUSH_DEVICES go); answers the preferences. */
export async function subscribePush(deps: PushSubscriptionDeps, userId: string, input: PushSubscriptionInput): Promise<PracticePreferences> {
  if (!deps.push) throw new HttpError(503, PRACTICE_MSG.pushNotConfigured)
  assertUsablePushSubscription(input, deps.push)
  await upsertPushSubscription(deps.db, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }, MAX_PUSH_DEVICES)
  return readPreferences(deps.db, userId)
}

/** DELETE push-subscriptions: this browser no longer receives push reminders (nothing to remove is fine). */
export async function unsubscribePush(db: Database, userId: string, endpoint: string): Promise<PracticePreferences> {
  await deletePushSubscriptionOf(db, userId, endpoint)
  return readPreferences(db, userId)
}

/** POST reminders/:deliveryId/opened: the listener's own reminder only (another's is 404). */
export async function markReminderOpened(db: Database, userId: string, deliveryId: string, now: Date): Promise<{ opened: boolean }> {
  const result = await markDeliveryOpened(db, deliveryId, userId, now)
  if (!result.found) throw new HttpError(404, PRACTICE_MSG.reminderNotFound)
  return { opened: result.opened }
}

/**
 * The e-mail's unsubscribe link (no login): the e-mail channel goes, and reminders turn off when
 * no channel is left. False for a token nobody holds. Idempotent: a second click changes nothing.
 */
export async function unsubscribeEmailReminders(db: Database, token: string): Promise<boolean> {
  return (await removeEmailChannelByToken(db, token)) !== null
}
