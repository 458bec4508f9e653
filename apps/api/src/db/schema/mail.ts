/**
 * The e-mail outbox of lib/mail (outbox-first e-mail): every domain enqueues through the mailer,
 * and the dispatcher sends the pending rows.
 */
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

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
