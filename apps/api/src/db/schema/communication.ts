/**
 * Communication: leads and campaigns (a campaign's e-mails are rows of the outbox, mail.ts).
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'
import { emailOutbox } from './mail.js'

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
