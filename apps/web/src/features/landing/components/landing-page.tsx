import type { ReactNode } from 'react'
import { PageLoader } from '../../../components/page-loader'
import { getErrorMessage } from '../../../lib/api-client'
import { useLanding } from '../api/landing-queries'
import { asSection, createText, isEnabled } from '../lib/content'
import { ClosingCtaSection } from './closing-cta-section'
import { FeaturesSection } from './features-section'
import { FieldsSection } from './fields-section'
import { HeroSection } from './hero-section'
import { HowItWorksSection } from './how-it-works-section'
import { LandingError } from './landing-error'
import { PlansSection } from './plans-section'
import { PriceComparisonSection } from './price-comparison-section'
import { WhatIsSection } from './what-is-section'

export interface LandingPageProps {
  /** Hero media slot (the active landing video, added by the video work). */
  heroMedia?: ReactNode
  /** Subscription plans section; defaults to the placeholder with id="planos". */
  plans?: ReactNode
}

/** The public landing page `/` (spec listener-area §2), in the spec's section order. */
export function LandingPage({ heroMedia, plans }: LandingPageProps) {
  const landing = useLanding()

  // A failed background refetch keeps showing the cached content (spec §4: fall back to the cache).
  if (!landing.data) {
    if (!landing.isError) return <PageLoader />
    return (
      <LandingError
        message={getErrorMessage(landing.error)}
        onRetry={() => void landing.refetch()}
        retrying={landing.isFetching}
      />
    )
  }

  const { content, productName } = landing.data
  const t = createText(productName)
  const whatIs = asSection(content.whatIsProduct)
  const howItWorks = asSection(content.comoFunciona)
  const priceComparison = asSection(content.priceComparison)

  return (
    <>
      <title>{`${productName} — Áudios guiados de reprogramação mental`}</title>
      <HeroSection hero={asSection(content.hero)} t={t} media={heroMedia} />
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
