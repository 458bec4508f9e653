import { withProductName } from '@sintonia/contract'
import type { Database } from './db/client.js'
import type { PageInjection } from './lib/http/html-injection.js'
import { listPublicFields } from './modules/catalogue/service.js'
import { publicPlansAnswer } from './modules/commerce/plans-service.js'
import { getLanding } from './modules/content/landing-service.js'

/**
 * What `/` carries in its first HTML: the landing payload, the fields grid, the plan cards with the
 * guarantee shown under them, and share tags from the content.
 */
export async function landingPageInjection(db: Database, publicUrl: string): Promise<PageInjection> {
  const [landing, fields, { plans, guaranteeDays }] = await Promise.all([getLanding(db), listPublicFields(db), publicPlansAnswer(db)])
  const { hero } = landing.content
  const name = landing.productName
  const headline = [hero.title, hero.titleHighlight].filter(Boolean).join(' ')
  return {
    data: { landing, fields, plans, guaranteeDays },
    meta: {
      siteName: name,
      title: withProductName(headline ? `${name} — ${headline}` : name, name),
      description: withProductName(hero.subtitle ?? '', name).slice(0, 300),
      url: `${publicUrl}/`,
    },
  }
}
