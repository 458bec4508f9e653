import type { ReactNode } from 'react'
import { PageLoader } from '../../../components/page-loader'
import { getErrorMessage } from '../../../lib/api-client'
import { useLanding } from '../api/landing-queries'
import { asSection, createText, isEnabled } from '../lib/content'
import { fallbackLanding } from '../lib/content-cache'
import { ClosingCtaSection } from './closing-cta-section'
import { FeaturesSection } from './features-section'
import { FieldsSection } from './fields-section'
import { HeroSection } from './hero-section'
import { HeroVideoSlot, selectActiveVideo } from './hero-video-slot'
import { HowItWorksSection } from './how-it-works-section'
import { LandingError } from './landing-error'
import { PlansSection } from './plans-section'
import { PriceComparisonSection } from './price-comparison-section'
import { WhatIsSection } from './what-is-section'

export interface LandingPageProps {
  /** Hero media slot; defaults to the active landing video (lazy player), if any. */
  heroMedia?: ReactNode
  /** Subscription plans section; defaults to the plan cards (id="planos"). */
  plans?: ReactNode
}

/** The public landing page `/` (spec listener-area §2), in the spec's section order. */
export function LandingPage({ heroMedia, plans }: LandingPageProps) {
  const landing = useLanding()

  // Spec §4: a failed load falls back to the cached content, then to the built-in default; the
  // error and 'Tentar Novamente' stay visible above it so the visitor can try again.
  if (!landing.data && !landing.isError) return <PageLoader />
  const failed = !landing.data
  const { content, productName, videos } = landing.data ?? fallbackLanding()
  const video = selectActiveVideo(videos)
  const t = createText(productName)
  const whatIs = asSection(content.whatIsProduct)
  const howItWorks = asSection(content.comoFunciona)
  const priceComparison = asSection(content.priceComparison)

  return (
    <>
      <title>{`${productName} — Áudios guiados de reprogramação mental`}</title>
      {failed ? (
        <LandingError
          message={getErrorMessage(landing.error)}
          onRetry={() => void landing.refetch()}
          retrying={landing.isFetching}
        />
      ) : null}
      <HeroSection
        hero={asSection(content.hero)}
        t={t}
        media={heroMedia ?? (video ? <HeroVideoSlot video={video} /> : null)}
      />
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
