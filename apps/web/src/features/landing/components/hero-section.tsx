import type { ReactNode } from 'react'
import { ArrowRight, Headphones, PlayCircle } from 'lucide-react'
import { RichText } from '../../../components/rich-text'
import { ButtonLink } from '../../../components/ui/button'
import type { TextFn } from '../lib/content'

export interface HeroSectionProps {
  hero: Record<string, unknown>
  t: TextFn
  /**
   * Slot for the active hero video (16:9 frame, docs/product/public-pages.md#hero-video), shown
   * between the title and the subtitle. It renders its own top margin (see VideoFrame).
   */
  media?: ReactNode
}

export function HeroSection({ hero, t, media }: HeroSectionProps) {
  const title = t(hero.title)
  const highlight = t(hero.titleHighlight)
  const ctaText = t(hero.ctaText) || 'Quero Começar Agora'
  const demoText = t(hero.demoText) || 'Ouvir Demonstração Grátis'

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      {/* Decorative backdrop: soft violet and gold glows on a pale gradient. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-tint via-card to-card" />
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-[36rem] w-[36rem] -translate-x-[70%] rounded-full bg-brand-300/35 blur-3xl night:opacity-25"
      />
      <div
        aria-hidden="true"
        className="absolute -top-24 left-1/2 -z-10 h-[26rem] w-[26rem] translate-x-[10%] rounded-full bg-gold-200/40 blur-3xl night:opacity-25"
      />

      <HeroLandscape />

      <div className="mx-auto flex max-w-4xl flex-col items-center px-5 pt-14 pb-28 text-center sm:px-6 sm:pt-20 sm:pb-40 lg:pt-24">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-line-strong bg-card/80 px-3.5 py-1.5 text-xs font-medium sm:px-4 sm:text-sm text-accent-strong shadow-sm backdrop-blur">
          <Headphones aria-hidden="true" className="size-4 shrink-0 text-accent" />
          Áudios guiados de reprogramação mental
        </p>

        <h1
          id="hero-title"
          className="font-hero text-[2.5rem] leading-[1.1] font-extrabold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
        >
          {title}
          {highlight ? (
            <>
              {' '}
              <span className="relative inline-block whitespace-nowrap">
                <span className="bg-gradient-to-r from-brand-600 via-brand-700 to-brand-900 bg-clip-text text-transparent night:from-brand-300 night:via-brand-300 night:to-gold-300">
                  {highlight}
                </span>
                <span
                  aria-hidden="true"
                  className="absolute inset-x-0 -bottom-1 -z-1 h-2.5 rounded-full bg-gold-300/70 sm:-bottom-1.5 sm:h-3"
                />
              </span>
            </>
          ) : null}
        </h1>

        {/* The media brings its own top margin; `empty:hidden` drops the box when it renders nothing. */}
        {media ? <div className="w-full max-w-3xl empty:hidden">{media}</div> : null}

        <RichText
          text={t(hero.subtitle)}
          className="mt-7 max-w-2xl"
          paragraphClassName="text-lg leading-relaxed text-pretty text-ink-muted sm:text-xl"
        />

        <div className="mt-10 flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:items-center sm:justify-center">
          <ButtonLink to="/assinatura" size="lg" className="whitespace-normal">
            {ctaText}
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/demo" size="lg" variant="outline" className="whitespace-normal">
            <PlayCircle aria-hidden="true" />
            {demoText}
          </ButtonLink>
        </div>
        <p className="mt-4 text-sm text-ink-muted">Demonstração gratuita, sem cadastro.</p>
      </div>
    </section>
  )
}

/**
 * The hero's landscape (docs/design.md#artwork): the covers' soft hills at the foot of the hero, a
 * warm one behind and violet ones in front, the last in the colour of the section below so the page
 * flows on. Inline and sized by CSS: no request, no shift.
 */
function HeroLandscape() {
  return (
    <svg aria-hidden="true" viewBox="0 0 1440 200" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-28 w-full sm:h-44">
      <path d="M0 120 C 220 40 420 60 640 96 S 1080 150 1440 70 V200 H0Z" className="fill-gold-100 night:fill-gold-300/10" />
      <path d="M0 150 C 260 90 520 110 760 132 S 1180 120 1440 110 V200 H0Z" className="fill-brand-100 night:fill-brand-700/25" />
      <path d="M0 178 C 300 140 600 150 860 168 S 1240 160 1440 150 V200 H0Z" className="fill-card" />
    </svg>
  )
}
