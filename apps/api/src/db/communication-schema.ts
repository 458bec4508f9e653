/**
 * E-mail campaigns sent by admins to a segment (/admin/communication). Each recipient's e-mail is
 * an ordinary `email_outbox` row, so the one dispatcher sends it in the background and records
 * its status; `email_campaign_messages` links those rows to their campaign, which is how the page
 * counts pending/sent/failed per campaign without a second status to keep in step.
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { emailOutbox } from './schema.js'

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
