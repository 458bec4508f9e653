import { ContentIcon } from '../../../components/icon'
import { RichText } from '../../../components/rich-text'
import { asItems, type TextFn } from '../lib/content'
import { SectionHeading } from './section-heading'

/** 'Por que escolher' grid of the product's features. */
export function FeaturesSection({ features, t }: { features: unknown; t: TextFn }) {
  const items = asItems(features)
  if (items.length === 0) return null
  return (
    <section id="diferenciais" aria-labelledby="diferenciais-title" className="render-when-near bg-card py-14 sm:py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading
          id="diferenciais-title"
          eyebrow="Diferenciais"
          title={t('Por que escolher o {product}?')}
          subtitle="Tudo foi pensado para caber na sua rotina e acompanhar a sua evolução."
        />
        <ul className="mt-10 grid gap-4 sm:mt-12 sm:gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((feature) => (
            <li key={feature.key} className="group flex gap-4 rounded-2xl border border-line bg-card p-5 transition sm:p-6 duration-300 hover:-translate-y-0.5 hover:border-line-strong hover:shadow-lifted">
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-tint text-accent transition-colors duration-300 group-hover:bg-brand-700 group-hover:text-white">
                <ContentIcon name={feature.icon} className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink">{t(feature.title)}</h3>
                <RichText
                  text={t(feature.description)}
                  className="mt-1.5 space-y-2"
                  paragraphClassName="text-[0.95rem] leading-relaxed text-ink-muted"
                />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
