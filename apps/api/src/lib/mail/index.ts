/**
 * Outbox-first e-mail: business code calls `enqueueEmail(tx, …)` inside its own transaction, so an
 * e-mail exists if and only if the write it belongs to committed; a dispatcher then sends pending
 * rows through SMTP (SMTP_URL) or, by default, the log transport (the outbox table is the mailbox).
 */
export { createEmailDispatcher, MAIL_POLL_INTERVAL_MS, type DispatchResult, type EmailDispatcher } from './dispatcher.js'
export { EmailEnqueueError, enqueueEmail, enqueueEmailBatch, type EmailToSend } from './outbox.js'
export type { OutboxMessage } from './repository.js'
export { createLogTransport, createSmtpTransport, type MailLogger, type MailTransport } from './transports.js'
export { escapeHtml } from './html.js'
