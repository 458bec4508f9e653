/**
 * Sends the practice reminders that are due (docs/product/practice.md#reminders,
 * docs/decisions/018-reminder-scheduler.md). Every API instance runs a pass every
 * REMINDER_INTERVAL_SECONDS; a reminder goes out once because each one is claimed first as a unique
 * (user_id, local_date) row in reminder_deliveries — whoever inserts it sends, everyone else skips.
 *
 * Due: on a chosen weekday, from the chosen local time until REMINDER_GRACE_MINUTES later (and
 * before the listener's local midnight), unless today's session is already done. A pass after a
 * restart therefore still sends a reminder missed while the server was down within that window,
 * and skips it after.
 */
import { PRACTICE_MSG, REMINDER_GRACE_MINUTES, type ReminderPushPayload } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { localTimeIn } from '../../lib/local-time.js'
import type { PushSender } from './push-sender.js'
import { buildReminderEmail } from './reminder-email.js'
import {
  claimDelivery,
  deletePushSubscriptionById,
  listPushSubscriptionsOf,
  listReminderCandidates,
  setDeliveryChannels,
  trimPushSubscriptions,
  type PushSubscriptionRow,
  type ReminderCandidate,
} from './reminders-repository.js'
import { MAX_PUSH_DEVICES } from './reminders-service.js'
import { todayForReminder } from './today-service.js'

export interface ReminderRunDeps {
  db: Database
  mailer: Pick<Mailer, 'enqueue'>
  /** null: this server has no VAPID keys, push reminders are not sent. */
  push: PushSender | null
  publicUrl: string
  log: ServiceLogger
}

export interface SentReminder {
  deliveryId: string
  userId: string
  localDate: string
  /** The channels it went out on. */
  channels: string[]
}

export interface ReminderRunResult {
  /** Listeners whose reminder time had come and who had none yet today. */
  due: number
  /** Of those, the ones whose session was already done today. */
  skippedDone: number
  /** Reminders this pass claimed (another instance may have claimed the rest). */
  sent: SentReminder[]
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * The local date whose reminder is due for this listener at `now`, or null: a chosen weekday,
 * at or after the chosen time and less than REMINDER_GRACE_MINUTES after it (the local date
 * ending first), and no reminder claimed for that date yet.
 */
export function dueReminderDate(candidate: Pick<ReminderCandidate, 'timeZone' | 'reminderTime' | 'reminderWeekdays' | 'lastDeliveryDate'>, now: Date): string | null {
  const local = localTimeIn(candidate.timeZone, now)
  if (!candidate.reminderWeekdays.includes(local.weekday)) return null
  const since = local.minutes - minutesOf(candidate.reminderTime)
  if (since < 0 || since >= REMINDER_GRACE_MINUTES) return null
  if (candidate.lastDeliveryDate !== null && candidate.lastDeliveryDate >= local.date) return null
  return local.date
}

/** How many due reminders phase 1 claims at once (database work only). */
const CLAIM_CONCURRENCY = 4
/**
 * How many pushes phase 2 has in flight at once, across listeners. With the sender's timeout
 * (PUSH_TIMEOUT_MS) and MAX_PUSH_DEVICES, one listener's unanswering endpoints hold a pass for at
 * most one timeout.
 */
export const PUSH_CONCURRENCY = 8

/** A reminder claimed in phase 1 whose browsers phase 2 still has to push to. */
interface PendingPush {
  sent: SentReminder
  browsers: PushSubscriptionRow[]
  payload: string
  delivered: boolean
}

/**
 * One scheduler pass: finds, claims and sends every reminder due at `now`, in two phases. Phase 1
 * claims each due reminder and queues its e-mail — database work only, so no push service (nor a
 * listener's endpoint that never answers) can delay anyone's reminder. Phase 2 then pushes to
 * every claimed reminder's browsers, PUSH_CONCURRENCY at a time, each push bounded by the sender's
 * timeout.
 */
export async function runDueReminders(deps: ReminderRunDeps, now: Date): Promise<ReminderRunResult> {
  const candidates = await listReminderCandidates(deps.db)
  const due: { candidate: ReminderCandidate; localDate: string }[] = []
  for (const candidate of candidates) {
    try {
      const localDate = dueReminderDate(candidate, now)
      if (localDate) due.push({ candidate, localDate })
    } catch (error) {
      // A zone the runtime cannot read (stored before a tzdata change): skip this one listener.
      deps.log.warn({ err: error, userId: candidate.userId }, 'lembrete: fuso horário ilegível')
    }
  }
  const result: ReminderRunResult = { due: due.length, skippedDone: 0, sent: [] }
  if (due.length === 0) return result

  let mailCommon: Promise<{ productName: string; supportEmail: string }> | undefined
  const common = () => (mailCommon ??= Promise.all([getProductName(deps.db), getSupportEmail(deps.db)]).then(([productName, supportEmail]) => ({ productName, supportEmail })))

  const pending: PendingPush[] = []
  await inParallel(due, CLAIM_CONCURRENCY, async (next) => {
    try {
      const outcome = await claimAndMail(deps, next.candidate, next.localDate, now, common)
      if (outcome === 'done') result.skippedDone++
      else if (outcome && 'browsers' in outcome) pending.push(outcome)
      else if (outcome) result.sent.push(outcome)
    } catch (error) {
      deps.log.error({ err: error, userId: next.candidate.userId }, 'lembrete: falha ao enviar')
    }
  })

  // Round-robin (every listener's first browser, then every second one…): a listener's browsers
  // never queue ahead of another listener's first.
  const sends: { job: PendingPush; browser: PushSubscriptionRow }[] = []
  for (let round = 0; round < MAX_PUSH_DEVICES; round++) {
    for (const job of pending) if (job.browsers[round]) sends.push({ job, browser: job.browsers[round]! })
  }
  await inParallel(sends, PUSH_CONCURRENCY, async ({ job, browser }) => {
    try {
      const outcome = await deps.push!.send(browser, job.payload)
      if (outcome.result === 'sent') job.delivered = true
      else if (outcome.result === 'gone') await deletePushSubscriptionById(deps.db, browser.id)
      else if (outcome.result === 'refused') await forgetRefused(deps, job.sent.userId, browser)
      else deps.log.warn({ userId: job.sent.userId, pushHost: hostOf(browser.endpoint), reason: outcome.reason }, 'lembrete: push recusado')
    } catch (error) {
      deps.log.error({ err: error, userId: job.sent.userId }, 'lembrete: falha ao enviar o push')
    }
  })
  for (const job of pending) {
    try {
      if (job.delivered) {
        job.sent.channels = ['push', ...job.sent.channels]
        await setDeliveryChannels(deps.db, job.sent.deliveryId, job.sent.channels)
      }
    } catch (error) {
      deps.log.error({ err: error, userId: job.sent.userId }, 'lembrete: falha ao gravar os canais')
    }
    result.sent.push(job.sent)
  }
  return result
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items]
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next)
  }
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker))
}

/**
 * Phase 1 for one listener: claims today's reminder and queues its e-mail. Returns the reminder
 * (sent, when no push is to go out), what phase 2 must push, 'done' for a finished day, or null
 * when nothing is claimed.
 */
async function claimAndMail(
  deps: ReminderRunDeps,
  candidate: ReminderCandidate,
  localDate: string,
  now: Date,
  common: () => Promise<{ productName: string; supportEmail: string }>,
): Promise<SentReminder | PendingPush | 'done' | null> {
  const wantsPush = candidate.reminderChannels.includes('push') && deps.push !== null
  const wantsEmail = candidate.reminderChannels.includes('email')
  const browsers: PushSubscriptionRow[] = []
  if (deps.push && wantsPush) {
    // Rows kept from before the cap: only the most recent browsers stay.
    await trimPushSubscriptions(deps.db, candidate.userId, MAX_PUSH_DEVICES)
    for (const browser of await listPushSubscriptionsOf(deps.db, candidate.userId)) {
      if (deps.push.accepts(browser.endpoint)) browsers.push(browser)
      else await forgetRefused(deps, candidate.userId, browser)
    }
  }
  // Push only, and no browser to push to (or no VAPID keys here): nothing could go out, nothing is claimed.
  if (browsers.length === 0 && !wantsEmail) return null
  const today = await todayForReminder(deps.db, candidate.userId, now)
  if (today.done) return 'done'
  const deliveryId = await claimDelivery(deps.db, { userId: candidate.userId, localDate, programId: today.programId })
  // Another pass (this instance's previous one, or another instance) claimed it first.
  if (!deliveryId) return null

  const body =
    today.programTitle !== null && today.day !== null && today.daysCount !== null
      ? PRACTICE_MSG.reminderBody(today.day, today.daysCount, today.programTitle)
      : PRACTICE_MSG.reminderBodyFree
  const channels: string[] = []

  if (wantsEmail) {
    const { productName, supportEmail } = await common()
    const email = buildReminderEmail({
      to: candidate.email,
      name: candidate.name,
      productName,
      supportEmail,
      publicUrl: deps.publicUrl,
      body,
      deliveryId,
      unsubscribeToken: candidate.unsubscribeToken,
    })
    try {
      await deps.mailer.enqueue(deps.db, email)
      channels.push('email')
    } catch (error) {
      deps.log.error({ err: error, userId: candidate.userId }, 'lembrete: falha ao gravar o e-mail')
    }
  }

  await setDeliveryChannels(deps.db, deliveryId, channels)
  const sent: SentReminder = { deliveryId, userId: candidate.userId, localDate, channels }
  if (browsers.length === 0) return sent
  const payload: ReminderPushPayload = { title: PRACTICE_MSG.reminderTitle, body, url: `/hoje?lembrete=${deliveryId}`, tag: `lembrete-${localDate}` }
  return { sent, browsers, payload: JSON.stringify(payload), delivered: false }
}

/**
 * A browser whose endpoint is not a push service this server posts to (stored before the
 * allowlist, docs/decisions/024-push-services-allowlist.md): never contacted, and forgotten.
 */
async function forgetRefused(deps: ReminderRunDeps, userId: string, browser: PushSubscriptionRow): Promise<void> {
  deps.log.warn({ userId, pushHost: hostOf(browser.endpoint) }, 'lembrete: endereço de push fora dos serviços permitidos, removido')
  await deletePushSubscriptionById(deps.db, browser.id)
}

/** A push endpoint is a capability URL: only its host goes to the logs. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return '?'
  }
}

export type ReminderScheduler = PeriodicJob<ReminderRunResult>

export function createReminderScheduler(options: { run: () => Promise<ReminderRunResult>; intervalMs: number; log: ServiceLogger }): ReminderScheduler {
  return createPeriodicJob({
    run: async () => {
      const result = await options.run()
      if (result.sent.length > 0) options.log.info({ sent: result.sent.length, due: result.due }, 'lembretes enviados')
      return result
    },
    intervalMs: options.intervalMs,
    log: options.log,
    failure: 'lembretes: falha na passagem do agendador',
  })
}
