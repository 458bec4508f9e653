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
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { localTimeIn } from './local-time.js'
import type { PushSender } from './push-sender.js'
import { buildReminderEmail } from './reminder-email.js'
import {
  claimDelivery,
  deletePushSubscriptionById,
  listPushSubscriptionsOf,
  listReminderCandidates,
  setDeliveryChannels,
  type ReminderCandidate,
} from './reminders-repository.js'
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

/** How many listeners one pass handles at once (each may wait on push services). */
const CONCURRENCY = 4

/** One scheduler pass: finds, claims and sends every reminder due at `now`. */
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

  const queue = [...due]
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        const outcome = await remindOne(deps, next.candidate, next.localDate, now, common)
        if (outcome === 'done') result.skippedDone++
        else if (outcome) result.sent.push(outcome)
      } catch (error) {
        deps.log.error({ err: error, userId: next.candidate.userId }, 'lembrete: falha ao enviar')
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker))
  return result
}

async function remindOne(
  deps: ReminderRunDeps,
  candidate: ReminderCandidate,
  localDate: string,
  now: Date,
  common: () => Promise<{ productName: string; supportEmail: string }>,
): Promise<SentReminder | 'done' | null> {
  const wantsPush = candidate.reminderChannels.includes('push') && deps.push !== null
  const wantsEmail = candidate.reminderChannels.includes('email')
  const browsers = wantsPush ? await listPushSubscriptionsOf(deps.db, candidate.userId) : []
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

  if (browsers.length > 0 && deps.push) {
    const payload: ReminderPushPayload = { title: PRACTICE_MSG.reminderTitle, body, url: `/hoje?lembrete=${deliveryId}`, tag: `lembrete-${localDate}` }
    const json = JSON.stringify(payload)
    let delivered = false
    for (const subscription of browsers) {
      const outcome = await deps.push.send(subscription, json)
      if (outcome.result === 'sent') delivered = true
      else if (outcome.result === 'gone') await deletePushSubscriptionById(deps.db, subscription.id)
      else deps.log.warn({ userId: candidate.userId, pushHost: hostOf(subscription.endpoint), reason: outcome.reason }, 'lembrete: push recusado')
    }
    if (delivered) channels.push('push')
  }

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
  return { deliveryId, userId: candidate.userId, localDate, channels }
}

/** A push endpoint is a capability URL: only its host goes to the logs. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return '?'
  }
}

export interface ReminderScheduler {
  /** Runs one pass now unless one is running (then resolves with null). */
  tick(): Promise<ReminderRunResult | null>
  /** A pass every `intervalMs` on an unref'd timer (it never keeps the process alive). */
  start(): void
  /** Stops the timer and waits for the pass in progress. */
  stop(): Promise<void>
}

export function createReminderScheduler(options: { run: () => Promise<ReminderRunResult>; intervalMs: number; log: ServiceLogger }): ReminderScheduler {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<ReminderRunResult | null> | null = null
  let stopped = false

  function tick(): Promise<ReminderRunResult | null> {
    if (stopped || running) return Promise.resolve(null)
    running = options
      .run()
      .then((result) => {
        if (result.sent.length > 0) options.log.info({ sent: result.sent.length, due: result.due }, 'lembretes enviados')
        return result
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'lembretes: falha na passagem do agendador')
        return null
      })
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    tick,
    start() {
      if (stopped || timer) return
      timer = setInterval(() => void tick(), options.intervalMs)
      timer.unref()
      void tick()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
