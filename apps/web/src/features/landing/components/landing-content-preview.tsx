import type { LandingPageContent } from '@sintonia/contract'
import { asSection, createText, isEnabled } from '../lib/content'
import { FeaturesSection } from './features-section'
import { HeroSection } from './hero-section'
import { HowItWorksSection } from './how-it-works-section'
import { PriceComparisonSection } from './price-comparison-section'
import { WhatIsSection } from './what-is-section'

/**
 * The editable sections of the landing page drawn from content that is not saved yet (the admin
 * editor's live preview). Same components as `/`, so the preview is what visitors will see; the
 * fields grid, plans and video come from their own data and are left out.
 */
export function LandingContentPreview({ content, productName }: { content: LandingPageContent; productName: string }) {
  const t = createText(productName)
  const whatIs = asSection(content.whatIsProduct)
  const howItWorks = asSection(content.comoFunciona)
  const priceComparison = asSection(content.priceComparison)
  return (
    <>
      <HeroSection hero={asSection(content.hero)} t={t} />
      {isEnabled(whatIs) ? <WhatIsSection section={whatIs} t={t} /> : null}
      {isEnabled(howItWorks) ? <HowItWorksSection section={howItWorks} t={t} /> : null}
      <FeaturesSection features={content.features} t={t} />
      {isEnabled(priceComparison) ? <PriceComparisonSection section={priceComparison} t={t} /> : null}
    </>
  )
}
