import type { ReactNode } from 'react'
import type { LandingResponse } from '@sintonia/contract'
import { asSection, isEnabled, type TextFn } from '../lib/content'
import { ClosingCtaSection } from './closing-cta-section'
import { FeaturesSection } from './features-section'
import { FieldsSection } from './fields-section'
import { HowItWorksSection } from './how-it-works-section'
import { PlansSection } from './plans-section'
import { PriceComparisonSection } from './price-comparison-section'
import { WhatIsSection } from './what-is-section'

export interface LandingBelowFoldProps {
  content: LandingResponse['content']
  t: TextFn
  plans?: ReactNode
}

/**
 * Every landing section after the hero, in the product's order. Its own chunk (see LandingPage): the
 * hero paints with the entry's JS and these sections arrive right after it.
 */
export default function LandingBelowFold({ content, t, plans }: LandingBelowFoldProps) {
  const whatIs = asSection(content.whatIsProduct)
  const howItWorks = asSection(content.comoFunciona)
  const priceComparison = asSection(content.priceComparison)
  return (
    <>
      {isEnabled(whatIs) ? <WhatIsSection section={whatIs} t={t} /> : null}
      {isEnabled(howItWorks) ? <HowItWorksSection section={howItWorks} t={t} /> : null}
      <FeaturesSection features={content.features} t={t} />
      <FieldsSection t={t} />
      {isEnabled(priceComparison) ? <PriceComparisonSection section={priceComparison} t={t} /> : null}
      {plans ?? <PlansSection />}
      <ClosingCtaSection t={t} />
    </>
  )
}
