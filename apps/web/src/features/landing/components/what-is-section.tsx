import { FlaskConical } from 'lucide-react'
import { ContentIcon } from '../../../components/icon'
import { RichText } from '../../../components/rich-text'
import { asItems, type TextFn } from '../lib/content'
import { SectionHeading } from './section-heading'

/** Optional 'what is {product}' section; the page renders it only when enabled. */
export function WhatIsSection({ section, t }: { section: Record<string, unknown>; t: TextFn }) {
  const benefits = asItems(section.benefits)
  const note = t(section.scientificNote)
  return (
    <section id="o-que-e" aria-labelledby="o-que-e-title" className="render-when-near bg-card py-14 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 sm:px-6 lg:grid-cols-[1fr_1.15fr] lg:items-start lg:gap-16">
        <div className="lg:sticky lg:top-28">
          <SectionHeading
            id="o-que-e-title"
            eyebrow="Conheça"
            title={t(section.title)}
            subtitle={t(section.subtitle)}
            align="left"
          />
          {note ? (
            <aside className="mt-8 rounded-2xl border border-line-strong bg-tint/70 p-5">
              <p className="flex items-center gap-2.5 text-sm font-semibold text-accent-strong">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-card text-accent shadow-sm">
                  <FlaskConical aria-hidden="true" className="size-4" />
                </span>
                Base científica
              </p>
              <RichText text={note} className="mt-3 space-y-2" paragraphClassName="text-sm leading-relaxed text-ink-muted" />
            </aside>
          ) : null}
        </div>

        {benefits.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {benefits.map((benefit) => (
              <li
                key={benefit.key}
                className="flex gap-4 rounded-2xl border border-line bg-surface p-5 transition-shadow duration-300 hover:shadow-soft sm:block sm:p-6"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-glow sm:size-12">
                  <ContentIcon name={benefit.icon} className="size-5 sm:size-6" />
                </span>
                <div className="min-w-0 sm:mt-5">
                  <h3 className="text-lg font-semibold text-ink">{t(benefit.title)}</h3>
                  <RichText
                    text={t(benefit.description)}
                    className="mt-1.5 space-y-2 sm:mt-2"
                    paragraphClassName="text-[0.95rem] leading-relaxed text-ink-muted"
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
