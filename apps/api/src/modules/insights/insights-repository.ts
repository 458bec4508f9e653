import { asc, count, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { checkouts, payments } from '../../db/schema/index.js'
import { analyticsEvents, audios, backgroundMusic, fields, landingContent, leads, listeningEvents, plans, subscriptions } from '../../db/schema/index.js'
import { rowsOf } from '../../db/rows.js'
import { OWN_ACCESS_PROVIDERS } from '@sintonia/contract'
import { givesAccessNow } from '../commerce/access-rule.js'

export interface Bounds {
  from: Date | null
  to: Date | null
}

function within(column: SQL | typeof analyticsEvents.createdAt, bounds: Bounds): SQL {
  return sql`(${bounds.from}::timestamptz is null or ${column} >= ${bounds.from}::timestamptz)
    and (${bounds.to}::timestamptz is null or ${column} < ${bounds.to}::timestamptz)`
}

/** A visitor: the signed-in user, else the browser's visitor id. */
const visitor = sql`coalesce('u:' || ${analyticsEvents.userId}, 's:' || ${analyticsEvents.visitorId})`

export async function analyticsTotals(db: Database, bounds: Bounds) {
  const [totals] = await db
    .select({ totalEvents: count(), uniqueUsers: sql<number>`count(distinct ${visitor})::int` })
    .from(analyticsEvents)
    .where(within(analyticsEvents.createdAt, bounds))
  const top = await db
    .select({ eventType: analyticsEvents.eventType, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(within(analyticsEvents.createdAt, bounds))
    .groupBy(analyticsEvents.eventType)
    .orderBy(sql`count(*) desc`, asc(analyticsEvents.eventType))
    .limit(10)
  const [daily] = await db
    .select({ n: sql<number>`count(distinct ${visitor})::int` })
    .from(analyticsEvents)
    .where(sql`${analyticsEvents.createdAt} > now() - interval '24 hours'`)
  return {
    totalEvents: totals?.totalEvents ?? 0,
    uniqueUsers: Number(totals?.uniqueUsers ?? 0),
    topEventTypes: top.map((row) => ({ eventType: row.eventType, count: Number(row.count) })),
    dailyActiveUsers: Number(daily?.n ?? 0),
  }
}

/** A buyer: the checkout's e-mail, else its account, else the checkout itself. */
const buyer = sql`coalesce(lower(${checkouts.email}), 'u:' || ${checkouts.userId}, ${checkouts.id})`

/**
 * Funnel steps, in people: landing visitors (page_view of '/'), leads, buyers who started a
 * checkout, buyers with a paid checkout — a buyer who tried three times is one person.
 */
export async function funnelCounts(db: Database, bounds: Bounds) {
  const [views] = await db
    .select({ n: sql<number>`count(distinct ${visitor})::int` })
    .from(analyticsEvents)
    .where(sql`${analyticsEvents.eventType} = 'page_view' and ${analyticsEvents.eventData}->>'path' = '/' and ${within(analyticsEvents.createdAt, bounds)}`)
  const [leadRows] = await db.select({ n: count() }).from(leads).where(within(sql`${leads.createdAt}`, bounds))
  const [checkoutCounts] = await db
    .select({
      started: sql<number>`count(distinct ${buyer})::int`,
      paid: sql<number>`count(distinct ${buyer}) filter (where ${checkouts.paymentStatus} = 'paid')::int`,
    })
    .from(checkouts)
    .where(within(sql`${checkouts.createdAt}`, bounds))
  return {
    landing_view: Number(views?.n ?? 0),
    lead: leadRows?.n ?? 0,
    checkout_started: Number(checkoutCounts?.started ?? 0),
    paid: Number(checkoutCounts?.paid ?? 0),
  }
}

export async function topPlayedAudios(db: Database, bounds: Bounds, limit: number) {
  const rows = await db
    .select({
      audioId: audios.id,
      title: audios.title,
      fieldTitle: fields.title,
      plays: sql<number>`count(*)::int`,
    })
    .from(listeningEvents)
    .innerJoin(audios, eq(audios.id, listeningEvents.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(sql`${listeningEvents.kind} = 'play' and ${within(sql`${listeningEvents.occurredAt}`, bounds)}`)
    .groupBy(audios.id, audios.title, fields.title)
    .orderBy(sql`count(*) desc`, asc(audios.title))
    .limit(limit)
  return rows.map((row) => ({ ...row, plays: Number(row.plays) }))
}

const plays = sql<number>`(count(*) filter (where ${listeningEvents.kind} = 'play'))::int`
const repetitions = sql<number>`(count(*) filter (where ${listeningEvents.kind} = 'repetition'))::int`

/** Listening statistics; days are calendar days in São Paulo, where the listeners are. */
export async function listeningStats(db: Database, bounds: Bounds) {
  const where = within(sql`${listeningEvents.occurredAt}`, bounds)
  const day = sql<string>`to_char((${listeningEvents.occurredAt} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`
  const [totals] = await db
    .select({ plays, repetitions, listeners: sql<number>`count(distinct ${listeningEvents.userId})::int` })
    .from(listeningEvents)
    .where(where)
  const perDay = await db.select({ day, plays, repetitions }).from(listeningEvents).where(where).groupBy(sql`1`).orderBy(sql`1`)
  const perField = await db
    .select({ fieldId: fields.id, title: fields.title, plays, repetitions })
    .from(listeningEvents)
    .innerJoin(audios, eq(audios.id, listeningEvents.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(where)
    .groupBy(fields.id, fields.title)
    .orderBy(sql`count(*) desc`, asc(fields.title))
  const perAudio = await db
    .select({ audioId: audios.id, title: audios.title, fieldTitle: fields.title, plays, repetitions })
    .from(listeningEvents)
    .innerJoin(audios, eq(audios.id, listeningEvents.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(where)
    .groupBy(audios.id, audios.title, fields.title)
    .orderBy(sql`count(*) desc`, asc(audios.title))
    .limit(50)
  const num = <T extends { plays: number; repetitions: number }>(row: T) => ({ ...row, plays: Number(row.plays), repetitions: Number(row.repetitions) })
  return {
    totals: { plays: Number(totals?.plays ?? 0), repetitions: Number(totals?.repetitions ?? 0), listeners: Number(totals?.listeners ?? 0) },
    perDay: perDay.map(num),
    perField: perField.map(num),
    perAudio: perAudio.map(num),
  }
}

interface MonthRow {
  month: string
  revenue: number
  refunds: number
  payments: number
  new_subs: number
  cancelled: number
}

/**
 * Money by month (UTC months) over the last `months` months, from recorded payments: revenue by
 * paid_at, refunds by refunded_at; subscriptions started (created_at) and ended (canceled or
 * expired, by their last change) per month. Complimentary access is not a sale and is left out.
 */
export async function monthlyFinancials(db: Database, months: number): Promise<MonthRow[]> {
  const result = await db.execute(sql`
    with m as (
      select generate_series(date_trunc('month', now()) - make_interval(months => ${months - 1}::int), date_trunc('month', now()), interval '1 month') as start
    )
    select to_char(m.start, 'YYYY-MM') as month,
      coalesce((select sum(${payments.amountCents}) from ${payments} where ${payments.paidAt} >= m.start and ${payments.paidAt} < m.start + interval '1 month'), 0)::int as revenue,
      coalesce((select sum(${payments.refundedAmountCents}) from ${payments} where ${payments.refundedAt} >= m.start and ${payments.refundedAt} < m.start + interval '1 month'), 0)::int as refunds,
      (select count(*) from ${payments} where ${payments.paidAt} >= m.start and ${payments.paidAt} < m.start + interval '1 month')::int as payments,
      (select count(*) from ${subscriptions} where ${subscriptions.provider} <> 'complimentary' and ${subscriptions.createdAt} >= m.start and ${subscriptions.createdAt} < m.start + interval '1 month')::int as new_subs,
      (select count(*) from ${subscriptions} where ${subscriptions.provider} <> 'complimentary' and ${subscriptions.status} in ('canceled', 'expired') and ${subscriptions.updatedAt} >= m.start and ${subscriptions.updatedAt} < m.start + interval '1 month')::int as cancelled
    from m order by m.start
  `)
  return rowsOf<MonthRow>(result)
}

/**
 * Paid subscriptions that give access now, with their plan and the monthly value of their last
 * recorded payment (net of refunds) spread over the plan's months; the plan's regular price when
 * no payment is recorded yet.
 */
/** A courtesy or a redeemed gift is no recurring revenue (contract OWN_ACCESS_PROVIDERS). */
const ownAccess = sql`(${sql.join(
  OWN_ACCESS_PROVIDERS.map((provider) => sql`${provider}`),
  sql`, `,
)})`

export async function activePaidSubscriptions(db: Database) {
  const result = await db.execute(sql`
    select s.plan_code as "planCode", p.name as "planName", p.interval_months as "intervalMonths",
      coalesce((
        select pay.amount_cents - pay.refunded_amount_cents from ${payments} pay
        where pay.subscription_id = s.id or (pay.provider = s.provider and pay.provider_subscription_id = s.provider_subscription_id)
        order by pay.paid_at desc limit 1
      ), p.original_price_cents)::int as "periodCents"
    from ${subscriptions} s join ${plans} p on p.code = s.plan_code
    where s.provider not in ${ownAccess} and ${givesAccessNow('s')}
  `)
  return rowsOf<{ planCode: string; planName: string; intervalMonths: number; periodCents: number }>(result)
}

/**
 * Revenue since `since` by how it was paid: Pix, then the card by its instalments (a card payment
 * with none recorded counts as paid at once). Refunds are not taken off: they have their own line.
 */
export async function revenueByMethod(db: Database, since: Date) {
  const installments = sql<number | null>`case when ${payments.method} = 'card' then coalesce(${payments.installments}, 1) end`
  const rows = await db
    .select({
      method: payments.method,
      installments,
      payments: count(),
      revenueCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
    })
    .from(payments)
    .where(sql`${payments.paidAt} >= ${since}`)
    .groupBy(payments.method, installments)
    // Pix first, then the card from 1× up.
    .orderBy(sql`${payments.method} = 'card'`, installments)
  return rows.map((row) => ({ ...row, installments: row.installments === null ? null : Number(row.installments), revenueCents: Number(row.revenueCents) }))
}

/** Charges contested at the card issuer (chargebacks under review) since `since`. */
export async function disputeTotals(db: Database, since: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(sql`${payments.status} = 'disputed' and ${payments.disputedAt} >= ${since}`)
  return { count: row?.count ?? 0, totalCents: Number(row?.total ?? 0) }
}

export async function refundTotals(db: Database, since: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<number>`coalesce(sum(${payments.refundedAmountCents}), 0)::int` })
    .from(payments)
    .where(sql`${payments.refundedAmountCents} > 0 and ${payments.refundedAt} >= ${since}`)
  return { count: row?.count ?? 0, totalCents: Number(row?.total ?? 0) }
}

// ── Content health (validation) ──

export async function fieldsWithoutAudios(db: Database) {
  return db
    .select({ id: fields.id, title: fields.title })
    .from(fields)
    .where(sql`not exists (select 1 from ${audios} where ${audios.fieldId} = ${fields.id})`)
    .orderBy(asc(fields.displayOrder), asc(fields.title))
}

export async function allAudios(db: Database) {
  return db
    .select({ id: audios.id, title: audios.title, fileKey: audios.fileKey, mimeType: audios.mimeType, sizeBytes: audios.sizeBytes, durationSeconds: audios.durationSeconds, isDemo: audios.isDemo })
    .from(audios)
    .orderBy(asc(audios.title))
}

export async function allMusic(db: Database) {
  return db
    .select({ id: backgroundMusic.id, title: backgroundMusic.title, fileKey: backgroundMusic.fileKey, mimeType: backgroundMusic.mimeType, sizeBytes: backgroundMusic.sizeBytes })
    .from(backgroundMusic)
}

export async function landingRow(db: Database) {
  const [row] = await db.select({ content: landingContent.content }).from(landingContent).where(eq(landingContent.section, 'landing_page'))
  return row ?? null
}

export async function planCounts(db: Database) {
  const [row] = await db.select({ total: count(), active: sql<number>`count(*) filter (where ${plans.isActive})::int` }).from(plans)
  return { total: row?.total ?? 0, active: Number(row?.active ?? 0) }
}

export async function countFields(db: Database) {
  const [row] = await db.select({ n: count() }).from(fields)
  return row?.n ?? 0
}
