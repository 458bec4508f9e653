import { Sparkles } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import type { TextFn } from '../lib/content'

/** The closing call to action: 'EU QUERO!!!' → /assinatura. */
export function ClosingCtaSection({ t }: { t: TextFn }) {
  return (
    <section aria-labelledby="cta-final-title" className="render-when-near bg-surface px-5 pb-16 sm:px-6 sm:pb-24">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-4xl bg-gradient-to-br from-brand-700 via-brand-900 to-brand-950 px-5 py-12 text-center shadow-lifted sm:px-12 sm:py-20">
        <div aria-hidden="true" className="absolute -top-24 -left-16 -z-10 size-72 rounded-full bg-brand-500/40 blur-3xl" />
        <div aria-hidden="true" className="absolute -right-10 -bottom-28 -z-10 size-80 rounded-full bg-brand-400/35 blur-3xl" />
        <Sparkles aria-hidden="true" className="mx-auto size-9 text-gold-300" />
        <h2 id="cta-final-title" className="mx-auto mt-5 max-w-2xl text-2xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {t('Sua mente merece esse cuidado. Comece hoje com o {product}.')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg">
          Poucos minutos por dia podem mudar a forma como você pensa, sente e age.
        </p>
        <ButtonLink to="/assinatura" variant="accent" size="lg" className="mt-9 w-full px-10 text-lg font-extrabold tracking-wide sm:w-auto">
          EU QUERO!!!
        </ButtonLink>
      </div>
    </section>
  )
}
