/**
 * A one-off notification to every browser where a listener allowed them (the practice reminders'
 * push channel, docs/decisions/018-reminder-scheduler.md), for what another domain has to tell —
 * the renewal notice, say — wired through the composition root (server.ts). Same payload as a
 * reminder, so the service worker shows it the same way; browsers that are gone are forgotten.
 */
import type { ReminderPushPayload } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { PushSender } from './push-sender.js'
import { deletePushSubscriptionById, listPushSubscriptionsOf } from './reminders-repository.js'
import { MAX_PUSH_DEVICES } from './reminders-service.js'

export interface ListenerPushDeps {
  db: Database
  /** null: this server has no VAPID keys; nothing is pushed. */
  push: PushSender | null
  log: ServiceLogger
}

/** Pushes `payload` to the listener's browsers (the most recent MAX_PUSH_DEVICES); how many took it. */
export async function pushToListener(deps: ListenerPushDeps, userId: string, payload: ReminderPushPayload): Promise<number> {
  if (!deps.push) return 0
  const push = deps.push
  const browsers = (await listPushSubscriptionsOf(deps.db, userId)).slice(-MAX_PUSH_DEVICES).filter((browser) => push.accepts(browser.endpoint))
  const outcomes = await Promise.all(browsers.map((browser) => push.send(browser, JSON.stringify(payload)).then((outcome) => ({ browser, outcome }))))
  let sent = 0
  for (const { browser, outcome } of outcomes) {
    if (outcome.result === 'sent') sent++
    else if (outcome.result === 'gone') await deletePushSubscriptionById(deps.db, browser.id)
    else deps.log.warn({ userId, reason: outcome.reason }, 'push avulso não entregue')
  }
  return sent
}
