import { Suspense, type ReactNode } from 'react'
import { PageLoader } from '../../../components/page-loader'
import { RetryBoundary } from '../../../components/retry-boundary'
import { GENERIC_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client'
import { preloadableLazy } from '../../../lib/preloadable-lazy'
import { useLanding } from '../api/landing-queries'
import { asSection, createText } from '../lib/content'
import { fallbackLanding } from '../lib/content-cache'
import { HeroSection } from './hero-section'
import { HeroVideoSlot, selectActiveVideo } from './hero-video-slot'
import { LandingError } from './landing-error'

// Sections below the hero load as their own chunk so the JS that `/` needs before the hero paints
// stays within the 120 KB budget (docs/performance.md). While it loads, the reserved height keeps
// the footer from jumping into view and back (no layout shift). The server render (ADR 013)
// preloads them, so they are in the first HTML; the browser hydrates them when the chunk is in.
const LandingBelowFold = preloadableLazy(() => import('./landing-below-fold'))

/** Loads the sections below the hero, so the landing renders whole without suspending (server). */
export const preloadLandingBelowFold = LandingBelowFold.preload

export interface LandingPageProps {
  /** Hero media slot; defaults to the active landing video (lazy player), if any. */
  heroMedia?: ReactNode
  /** Subscription plans section; defaults to the plan cards (id="planos"). */
  plans?: ReactNode
}

/** The public landing page `/`, in the order of docs/product/public-pages.md#sections-in-order. */
export function LandingPage({ heroMedia, plans }: LandingPageProps) {
  const landing = useLanding()

  // A failed load falls back to the cached content, then to the built-in default; the
  // error and 'Tentar Novamente' stay visible above it so the visitor can try again.
  if (!landing.data && !landing.isError) return <PageLoader />
  const failed = !landing.data
  const { content, productName, videos } = landing.data ?? fallbackLanding()
  const video = selectActiveVideo(videos)
  const t = createText(productName)

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
      {/* If the sections' chunk cannot be fetched (the connection dropped after the HTML came),
          the hero and the header stay and the visitor can try again — without this boundary the
          error would take the whole landing down. */}
      <RetryBoundary fallback={(retry) => <LandingError message={GENERIC_ERROR_MESSAGE} onRetry={retry} retrying={false} />}>
        <Suspense fallback={<div className="min-h-dvh" aria-hidden="true" />}>
          <LandingBelowFold content={content} t={t} plans={plans} />
        </Suspense>
      </RetryBoundary>
    </>
  )
}
