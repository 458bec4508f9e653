import { LEAD_CONSENT_TEXT, LEAD_SOURCE, MSG, type LeadCreate, type LeadCreated } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { insertLead } from './leads-repository.js'
import { buildLeadWelcomeEmail } from './welcome-email.js'

export interface LeadDeps {
  db: Database
  mailer: Pick<Mailer, 'enqueue' | 'kick'>
  publicUrl: string
}

/** '' from an untouched form input means "not given". */
const orNull = (value: string | undefined): string | null => (value ? value : null)

/**
 * Adds a lead from /inscricao (docs/product/public-pages.md#lead-sign-up-inscricao). The lead and
 * its welcome e-mail are written in one transaction: both exist or neither does. The source is
 * always LEAD_SOURCE and the consent (time and exact text) is recorded for LGPD.
 */
export async function createLead(deps: LeadDeps, input: LeadCreate): Promise<LeadCreated> {
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
