/**
 * Communication: leads, the e-mail outbox and campaigns.
 */
import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    interestField: text('interest_field'),
    source: text('source').notNull().default('inscricao_page'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** LGPD: when and to what text the person consented. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentText: text('consent_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('leads_email_unique_idx').on(sql`lower(${t.email})`),
    index('leads_created_at_idx').on(t.createdAt),
  ],
)

/** 'logged': taken by the dispatcher while no SMTP is configured, so it exists only in this table. */
export const EMAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const

/** Every e-mail the product sends passes through here; without SMTP this table is the mailbox. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Where replies go (the support address), since the sender is usually a no-reply address. */
    replyTo: text('reply_to'),
    /**
     * Extra message headers the transport adds, e.g. a reminder's List-Unsubscribe and
     * List-Unsubscribe-Post (docs/product/practice.md#reminders); null for most e-mails.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    kind: text('kind').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when a dispatcher takes a pending row; a claim older than the stale limit may be retaken. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_created_at_idx').on(t.createdAt),
    index('email_outbox_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
)

export const CAMPAIGN_SEGMENT_VALUES = ['all_leads', 'leads_by_interest', 'active_subscribers', 'expired_subscribers'] as const

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    segment: text('segment', { enum: CAMPAIGN_SEGMENT_VALUES }).notNull(),
    interest: text('interest'),
    /** The admin's user id (plain text so the history outlives the account). */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_campaigns_created_at_idx').on(t.createdAt),
    check(
      'email_campaigns_segment_known',
      sql`${t.segment} in ('all_leads', 'leads_by_interest', 'active_subscribers', 'expired_subscribers')`,
    ),
  ],
)

export const emailCampaignMessages = pgTable(
  'email_campaign_messages',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'email_campaign_messages_pk', columns: [t.campaignId, t.outboxId] }),
    uniqueIndex('email_campaign_messages_outbox_idx').on(t.outboxId),
  ],
)
