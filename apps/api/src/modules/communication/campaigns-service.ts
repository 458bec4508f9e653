import {
  ADMIN_MSG,
  ADMIN_PAGE_SIZE,
  interestLabel,
  leadSourceLabel,
  type AdminLead,
  type AdminLeadsResponse,
  OUTBOX_MSG,
  type AdminOutboxResponse,
  type Campaign,
  type OutboxMessage,
  type OutboxStatus,
  type CampaignSegment,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import type { Mailer } from '../../plugins/mailer.js'
import { recordAudit } from '../../lib/audit/service.js'
import { boundsOf } from '../../db/rows.js'
import type { AdminActor } from '../../plugins/signed-in.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { buildCampaignEmail } from './campaign-email.js'
import { toCsv } from '../../lib/csv.js'
import { maskSecretLinks } from './mask-links.js'
import {
  findLeads,
  findOutboxMessage,
  findOutboxRows,
  insertCampaign,
  linkCampaignMessages,
  listCampaigns,
  segmentRecipients,
  type CampaignWithCounts,
  type LeadFilter,
  type LeadRow,
} from './campaigns-repository.js'

interface LeadQuery {
  interest?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

function leadFilter(query: LeadQuery): LeadFilter {
  return { interest: query.interest || null, ...boundsOf(query) }
}

function toAdminLead(row: LeadRow): AdminLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    interestField: row.interestField,
    source: row.source,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listLeads(db: Database, query: LeadQuery & { page: number }): Promise<AdminLeadsResponse> {
  const { rows, total } = await findLeads(db, leadFilter(query), ADMIN_PAGE_SIZE, (query.page - 1) * ADMIN_PAGE_SIZE)
  return { leads: rows.map(toAdminLead), pageInfo: { page: query.page, pageSize: ADMIN_PAGE_SIZE, total } }
}

const csvDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** Every lead matching the filters as a spreadsheet-ready CSV (see csv.ts). */
export async function exportLeadsCsv(db: Database, query: LeadQuery): Promise<string> {
  const { rows } = await findLeads(db, leadFilter(query), null)
  return toCsv(
    ['Nome', 'E-mail', 'WhatsApp', 'Área de interesse', 'Origem', 'utm_source', 'utm_medium', 'utm_campaign', 'Inscrito em'],
    rows.map((row) => [
      row.name,
      row.email,
      row.phone,
      interestLabel(row.interestField) ?? row.interestField,
      leadSourceLabel(row.source),
      row.utmSource,
      row.utmMedium,
      row.utmCampaign,
      csvDate.format(row.createdAt),
    ]),
  )
}

export async function countAudience(db: Database, segment: CampaignSegment, interest: string | undefined): Promise<number> {
  return (await segmentRecipients(db, segment, interest || null)).length
}

function toCampaign(row: CampaignWithCounts): Campaign {
  return {
    id: row.id,
    subject: row.subject,
    segment: row.segment,
    interest: row.interest,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    counts: { total: row.total, pending: row.pending, sent: row.sent, logged: row.logged, failed: row.failed },
  }
}

export async function listRecentCampaigns(db: Database): Promise<Campaign[]> {
  return (await listCampaigns(db, 50)).map(toCampaign)
}

const CAMPAIGN_CHUNK = 500

/**
 * Sends an e-mail to a segment in the background: the campaign and one outbox row per recipient
 * are written in one transaction (all or nothing), then the dispatcher is kicked and sends them
 * while the admin watches the counts. Nothing is sent for an empty segment.
 */
export async function sendCampaign(
  deps: { db: Database; mailer: Mailer },
  actor: AdminActor,
  input: { segment: CampaignSegment; interest?: string | undefined; subject: string; body: string },
): Promise<{ campaign: Campaign; message: string }> {
  const { db, mailer } = deps
  const interest = input.segment === 'leads_by_interest' ? (input.interest ?? null) : null
  const [productName, supportEmail] = await Promise.all([getProductName(db), getSupportEmail(db)])
  const campaignId = await db.transaction(async (tx) => {
    const recipients = await segmentRecipients(tx, input.segment, interest)
    if (recipients.length === 0) throw new HttpError(409, ADMIN_MSG.noRecipients)
    const campaign = await insertCampaign(tx, { subject: input.subject, body: input.body, segment: input.segment, interest, createdBy: actor.userId })
    const emails = recipients.map((r) => buildCampaignEmail({ to: r.email, name: r.name, subject: input.subject, body: input.body, productName, supportEmail }))
    // In chunks: one statement for the outbox rows and one for their links per chunk.
    for (let i = 0; i < emails.length; i += CAMPAIGN_CHUNK) {
      await linkCampaignMessages(tx, campaign.id, await mailer.enqueueBatch(tx, emails.slice(i, i + CAMPAIGN_CHUNK)))
    }
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'campaign_sent',
      target: `campaign:${campaign.id}`,
      outcome: 'success',
      ip: actor.ip,
      details: { segment: input.segment, interest, recipients: recipients.length },
    })
    return campaign.id
  })
  // After the commit: the rows are visible to the dispatcher now.
  mailer.kick()
  const [campaign] = await listCampaigns(db, 1, [campaignId])
  if (!campaign) throw new Error('email_campaigns: the new campaign was not found')
  const total = campaign.total
  return { campaign: toCampaign(campaign), message: `E-mail enfileirado para ${total} ${total === 1 ? 'destinatário' : 'destinatários'}` }
}

export async function listOutbox(
  db: Database,
  query: { status?: string | undefined; kind?: string | undefined; campaignId?: string | undefined; page: number },
): Promise<AdminOutboxResponse> {
  const { rows, total, kinds } = await findOutboxRows(
    db,
    {
      status: (query.status || null) as OutboxStatus | null,
      kind: query.kind || null,
      campaignId: query.campaignId || null,
    },
    ADMIN_PAGE_SIZE,
    (query.page - 1) * ADMIN_PAGE_SIZE,
  )
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
    pageInfo: { page: query.page, pageSize: ADMIN_PAGE_SIZE, total },
    kinds,
  }
}

/**
 * One outbox e-mail for an admin to read (docs/product/admin.md#communication-admincommunication):
 * its text body with every secret-carrying link masked, so reading the outbox never hands out a
 * way into someone's account.
 */
export async function getOutboxMessage(db: Database, id: string): Promise<OutboxMessage> {
  const row = await findOutboxMessage(db, id)
  if (!row) throw new HttpError(404, OUTBOX_MSG.notFound)
  return {
    ...row,
    textBody: maskSecretLinks(row.textBody),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}
