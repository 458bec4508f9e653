import { Lightbulb } from 'lucide-react'
import { ContentIcon } from '../../../components/icon'
import { RichText } from '../../../components/rich-text'
import { asItems, type TextFn } from '../lib/content'
import { SectionHeading } from './section-heading'

/** Optional 'how it works' section with steps labelled 'Etapa N'; rendered only when enabled. */
export function HowItWorksSection({ section, t }: { section: Record<string, unknown>; t: TextFn }) {
  const steps = asItems(section.steps)
  const finalNote = t(section.finalNote)
  const columns = steps.length >= 4 ? 'lg:grid-cols-4' : steps.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2'
  return (
    <section id="como-funciona" aria-labelledby="como-funciona-title" className="render-when-near bg-surface py-14 sm:py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading id="como-funciona-title" eyebrow="Passo a passo" title={t(section.title)} subtitle={t(section.subtitle)} />

        {steps.length > 0 ? (
          <ol className={`relative mt-10 grid gap-4 sm:mt-12 sm:gap-5 sm:grid-cols-2 ${columns}`}>
            {steps.map((step, index) => (
              <li key={step.key} className="relative flex flex-col rounded-2xl border border-line bg-card p-5 shadow-soft sm:p-6">
                <div className="flex items-center justify-between gap-3">
                  <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
                    Etapa {index + 1}
                  </span>
                  <span className="grid size-11 place-items-center rounded-2xl bg-tint text-accent">
                    <ContentIcon name={step.icon} className="size-5" />
                  </span>
                </div>
                <h3 className="mt-4 text-lg font-semibold text-ink sm:mt-5">{t(step.title)}</h3>
                <RichText
                  text={t(step.description)}
                  className="mt-2 space-y-2"
                  paragraphClassName="text-[0.95rem] leading-relaxed text-ink-muted"
                />
              </li>
            ))}
          </ol>
        ) : null}

        {finalNote ? (
          <aside className="mx-auto mt-10 flex max-w-3xl gap-4 rounded-2xl border border-warm-line bg-warm-soft p-5 sm:p-6">
            <Lightbulb aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warm" />
            <RichText text={finalNote} className="space-y-2" paragraphClassName="leading-relaxed text-warm" />
          </aside>
        ) : null}
      </div>
    </section>
  )
}
