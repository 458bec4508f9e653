import { LEAD_CONSENT_TEXT, LEAD_SOURCE, MSG, type LeadCreate, type LeadCreated } from '@sintonia/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { loggableError } from '../../lib/pg-errors.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { deleteLeadsByEmail, insertLead, leadEmailTaken } from './leads-repository.js'
import { buildLeadWelcomeEmail } from './welcome-email.js'

export interface LeadDeps {
  db: Database
  mailer: Pick<Mailer, 'enqueue' | 'kick'>
  publicUrl: string
  log?: Pick<FastifyBaseLogger, 'warn'>
}

/** '' from an untouched form input means "not given". */
const orNull = (value: string | undefined): string | null => (value ? value : null)

/**
 * Adds a lead from /inscricao (docs/product/public-pages.md#lead-sign-up-inscricao). First the
 * address is checked against the list: a check that cannot be made answers 503 with the product's
 * "Erro ao verificar email. Tente novamente.", an address already there 409. The lead and its
 * welcome e-mail are then written in one transaction: both exist or neither does (the unique index
 * still decides between two sign-ups racing). The source is always LEAD_SOURCE and the consent
 * (time and exact text) is recorded for LGPD.
 */
export async function createLead(deps: LeadDeps, input: LeadCreate): Promise<LeadCreated> {
  let taken: boolean
  try {
    taken = await leadEmailTaken(deps.db, input.email)
  } catch (error) {
    deps.log?.warn({ err: loggableError(error) }, 'lead e-mail check failed')
    throw new HttpError(503, MSG.leads.emailCheckError)
  }
  if (taken) throw new HttpError(409, MSG.leads.duplicateEmail)
  const [productName, supportEmail] = await Promise.all([getProductName(deps.db), getSupportEmail(deps.db)])
  const interestField = orNull(input.interestField)
  const created = await deps.db.transaction(async (tx) => {
    const lead = await insertLead(tx, {
      name: input.name,
      email: input.email,
      phone: orNull(input.phone),
      interestField,
      source: LEAD_SOURCE,
      utmSource: orNull(input.utm_source),
      utmMedium: orNull(input.utm_medium),
      utmCampaign: orNull(input.utm_campaign),
      consentAt: new Date(),
      consentText: LEAD_CONSENT_TEXT,
    })
    if (lead === 'duplicate_email') throw new HttpError(409, MSG.leads.duplicateEmail)
    await deps.mailer.enqueue(
      tx,
      buildLeadWelcomeEmail({
        to: lead.email,
        name: lead.name,
        interestField,
        productName,
        supportEmail,
        publicUrl: deps.publicUrl,
      }),
    )
    return lead
  })
  deps.mailer.kick()
  return created
}

/** LGPD deletion (accounts/service.ts): the lead of an address the account proved it owns. Returns how many rows went. */
export async function deleteLeadOfEmail(db: Database, email: string): Promise<number> {
  return deleteLeadsByEmail(db, email)
}
