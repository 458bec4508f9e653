import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { emailCampaignMessages, emailCampaigns } from '../../db/schema/index.js'
import { emailOutbox, leads, subscriptions, user } from '../../db/schema/index.js'
import { rowsOf } from '../../db/rows.js'
import { givesAccessNow } from '../commerce/access-rule.js'

export type LeadRow = typeof leads.$inferSelect
export type CampaignRow = typeof emailCampaigns.$inferSelect
export type CampaignSegmentValue = CampaignRow['segment']

export interface LeadFilter {
  interest: string | null
  from: Date | null
  to: Date | null
}

function leadWhere(filter: LeadFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.interest) parts.push(eq(leads.interestField, filter.interest))
  if (filter.from) parts.push(gte(leads.createdAt, filter.from))
  if (filter.to) parts.push(lt(leads.createdAt, filter.to))
  return parts.length ? and(...parts) : undefined
}

/**
 * Leads newest first (docs/product/admin.md#communication-admincommunication), filtered; `limit`
 * null returns all of them (CSV).
 */
export async function findLeads(db: Database, filter: LeadFilter, limit: number | null, offset = 0): Promise<{ rows: LeadRow[]; total: number }> {
  const where = leadWhere(filter)
  const query = db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id))
  const [rows, totals] = await Promise.all([
    limit === null ? query : query.limit(limit).offset(offset),
    db.select({ n: count() }).from(leads).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

export interface Recipient {
  email: string
  name: string
}

/**
 * The people of a segment, one row per address (lower-cased). Subscriber segments only take
 * accounts that are not banned; "expired" means someone who subscribed before and whose
 * subscriptions no longer give access.
 */
export async function segmentRecipients(db: Database, segment: CampaignSegmentValue, interest: string | null): Promise<Recipient[]> {
  if (segment === 'all_leads' || segment === 'leads_by_interest') {
    const where = segment === 'leads_by_interest' ? eq(leads.interestField, interest ?? '') : undefined
    const rows = await db.select({ email: sql<string>`lower(${leads.email})`, name: leads.name }).from(leads).where(where).orderBy(leads.createdAt)
    return rows
  }
  const access = givesAccessNow()
  const hasAccess = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${user.id} and ${access})`
  const subscribedOnce = sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${user.id})`
  const condition = segment === 'active_subscribers' ? hasAccess : sql`${subscribedOnce} and not ${hasAccess}`
  return db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(and(eq(user.banned, false), eq(user.role, 'user'), condition))
    .orderBy(user.createdAt)
}

export async function insertCampaign(
  db: Database,
  values: { subject: string; body: string; segment: CampaignSegmentValue; interest: string | null; createdBy: string },
): Promise<CampaignRow> {
  const [row] = await db.insert(emailCampaigns).values(values).returning()
  if (!row) throw new Error('email_campaigns: insert returned no row')
  return row
}

/** Links outbox rows (the campaign's e-mails, put there by the mailer) to the campaign. */
export async function linkCampaignMessages(db: Database, campaignId: string, outboxIds: readonly string[]): Promise<void> {
  if (outboxIds.length === 0) return
  await db.insert(emailCampaignMessages).values(outboxIds.map((outboxId) => ({ campaignId, outboxId })))
}

export interface CampaignWithCounts extends CampaignRow {
  total: number
  pending: number
  sent: number
  logged: number
  failed: number
}

/** Campaigns newest first with the status of their e-mails counted from the outbox. */
export async function listCampaigns(db: Database, limit: number, ids?: string[]): Promise<CampaignWithCounts[]> {
  const where = ids ? inArray(emailCampaigns.id, ids) : undefined
  const rows = await db
    .select({
      campaign: emailCampaigns,
      total: sql<number>`count(${emailOutbox.id})::int`,
      pending: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')::int`,
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      logged: sql<number>`count(*) filter (where ${emailOutbox.status} = 'logged')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
    })
    .from(emailCampaigns)
    .leftJoin(emailCampaignMessages, eq(emailCampaignMessages.campaignId, emailCampaigns.id))
    .leftJoin(emailOutbox, eq(emailOutbox.id, emailCampaignMessages.outboxId))
    .where(where)
    .groupBy(emailCampaigns.id)
    .orderBy(desc(emailCampaigns.createdAt))
    .limit(limit)
  return rows.map((row) => ({
    ...row.campaign,
    total: Number(row.total),
    pending: Number(row.pending),
    sent: Number(row.sent),
    logged: Number(row.logged),
    failed: Number(row.failed),
  }))
}

export interface OutboxFilter {
  status: (typeof emailOutbox.$inferSelect)['status'] | null
  kind: string | null
  campaignId: string | null
}

const outboxListColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  error: emailOutbox.error,
  campaignId: emailCampaignMessages.campaignId,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
}

/** One outbox e-mail with its text body (the HTML body stays out: the admin reads the text). */
export async function findOutboxMessage(db: Database, id: string) {
  const [row] = await db
    .select({ ...outboxListColumns, replyTo: emailOutbox.replyTo, textBody: emailOutbox.textBody })
    .from(emailOutbox)
    .leftJoin(emailCampaignMessages, eq(emailCampaignMessages.outboxId, emailOutbox.id))
    .where(eq(emailOutbox.id, id))
  return row ?? null
}

/** Outbox rows newest first (bodies are not listed: they may hold reset links). */
export async function findOutboxRows(db: Database, filter: OutboxFilter, limit: number, offset: number) {
  const parts: SQL[] = []
  if (filter.status) parts.push(eq(emailOutbox.status, filter.status))
  if (filter.kind) parts.push(eq(emailOutbox.kind, filter.kind))
  if (filter.campaignId) parts.push(eq(emailCampaignMessages.campaignId, filter.campaignId))
  const where = parts.length ? and(...parts) : undefined
  const [rows, totals, kinds] = await Promise.all([
    db
      .select(outboxListColumns)
      .from(emailOutbox)
      .leftJoin(emailCampaignMessages, eq(emailCampaignMessages.outboxId, emailOutbox.id))
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .leftJoin(emailCampaignMessages, eq(emailCampaignMessages.outboxId, emailOutbox.id))
      .where(where),
    db.execute(sql`select distinct ${emailOutbox.kind} as kind from ${emailOutbox} order by 1`),
  ])
  return { rows, total: totals[0]?.n ?? 0, kinds: rowsOf<{ kind: string }>(kinds).map((row) => row.kind) }
}
