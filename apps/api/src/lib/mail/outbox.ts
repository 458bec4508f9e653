import type { Database } from '../../db/client.js'
import { insertOutboxRow, insertOutboxRows, type NewOutboxRow } from './repository.js'

/** An e-mail the product wants to send. `kind` names the template ('lead_welcome', 'password_reset'…). */
export interface EmailToSend {
  to: string
  subject: string
  text: string
  html?: string | null
  /** Where replies should go when the sender (MAIL_FROM) is a no-reply address. */
  replyTo?: string | null
  /** Extra headers for the transport (e.g. List-Unsubscribe); names and values on one line each. */
  headers?: Record<string, string> | null
  kind: string
}

const KIND_PATTERN = /^[a-z][a-z0-9_]{1,48}$/
const ADDRESS_PATTERN = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/
const SUBJECT_MAX = 300
const HEADER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,62}$/
/** Headers the transport sets itself from the row's own fields. */
const RESERVED_HEADERS = new Set(['to', 'from', 'subject', 'reply-to', 'cc', 'bcc', 'x-outbox-id', 'content-type'])

/** A failure to write the outbox row. Carries the driver's SQLSTATE but not the query parameters (the body). */
export class EmailEnqueueError extends Error {
  readonly code: string | undefined
  constructor(cause: unknown) {
    const driverError = unwrapDriverError(cause)
    super(`Falha ao gravar o e-mail na caixa de saída: ${driverError instanceof Error ? driverError.message : String(driverError)}`, {
      cause: driverError,
    })
    this.name = 'EmailEnqueueError'
    const code = (driverError as { code?: unknown } | null)?.code
    this.code = typeof code === 'string' ? code : undefined
  }
}

/** Drizzle wraps driver errors in an error whose message lists the query parameters; take the driver's. */
function unwrapDriverError(error: unknown): unknown {
  let current = error
  while (current instanceof Error && current.name === 'DrizzleQueryError' && current.cause) current = current.cause
  return current
}

function assertSendable(email: EmailToSend): void {
  if (!KIND_PATTERN.test(email.kind)) throw new TypeError(`enqueueEmail: kind inválido '${email.kind}'`)
  if (email.to.length > 254 || !ADDRESS_PATTERN.test(email.to)) throw new TypeError('enqueueEmail: destinatário inválido')
  if (email.replyTo && (email.replyTo.length > 254 || !ADDRESS_PATTERN.test(email.replyTo))) {
    throw new TypeError('enqueueEmail: endereço de resposta inválido')
  }
  if (!email.subject.trim() || email.subject.length > SUBJECT_MAX || /[\r\n]/.test(email.subject)) {
    throw new TypeError('enqueueEmail: assunto vazio, longo demais ou com quebra de linha')
  }
  if (!email.text.trim()) throw new TypeError('enqueueEmail: corpo em texto vazio')
  for (const [name, value] of Object.entries(email.headers ?? {})) {
    if (!HEADER_NAME_PATTERN.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || /[\r\n]/.test(value) || value.length > 2000) {
      throw new TypeError(`enqueueEmail: cabeçalho inválido '${name}'`)
    }
  }
}

/**
 * Puts an e-mail in the outbox (status 'pending'). Pass the caller's transaction to make the
 * e-mail exist if and only if the business write commits; the dispatcher sends it afterwards.
 * Returns the outbox id.
 */
export async function enqueueEmail(db: Database, email: EmailToSend): Promise<string> {
  assertSendable(email)
  try {
    return await insertOutboxRow(db, outboxRow(email))
  } catch (error) {
    throw new EmailEnqueueError(error)
  }
}

/**
 * Puts a batch of e-mails in the outbox with one statement (a campaign's copies, inside the
 * campaign's transaction) and returns their outbox ids. They are written as built: neither
 * enqueueEmail's checks nor its error wrapping apply, as campaigns never had them.
 */
export async function enqueueEmailBatch(db: Database, emails: readonly EmailToSend[]): Promise<string[]> {
  return insertOutboxRows(db, emails.map(outboxRow))
}

function outboxRow(email: EmailToSend): NewOutboxRow {
  return {
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    replyTo: email.replyTo ?? null,
    headers: email.headers && Object.keys(email.headers).length > 0 ? email.headers : null,
    kind: email.kind,
  }
}
