import { ArrowDown, TrendingUp } from 'lucide-react'
import { useNavigate } from '../../../lib/navigation'
import { OWN_PLAN_OPTION_ID, formatMoney } from '@sintonia/contract'
import { ContentIcon } from '../../../components/icon'
import { RichText } from '../../../components/rich-text'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { scrollToSection } from '../../../lib/scroll'
import { usePublicPlans } from '../api/plans-queries'
import { asItems, asSection, type TextFn } from '../lib/content'
import { annualPriceCents } from '../lib/annual-price'
import { SectionHeading } from './section-heading'

function priceText(value: unknown, currency?: string): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatMoney(value, currency) : '—'
}

/** Optional price comparison: a table from lg up, cards below; rendered only when enabled. */
export function PriceComparisonSection({ section, t }: { section: Record<string, unknown>; t: TextFn }) {
  const navigate = useNavigate()
  const options = asItems(section.options)
  const cta = asSection(section.ctaButton)
  const ctaText = t(cta.text) || 'Quero Começar Agora'
  const impactText = t(section.impactText)
  // Only the product's own row shows the annual plan's real yearly price (when the plans are known),
  // so the visitor sees the price they will pay; every other row — highlighted or not — shows the
  // price the admin typed (docs/product/public-pages.md#price-comparison).
  const { data: plans } = usePublicPlans()
  const annual = annualPriceCents(plans)
  const yearlyPrice = (raw: Record<string, unknown>) =>
    raw.id === OWN_PLAN_OPTION_ID && annual ? priceText(annual.cents, annual.currency) : priceText(raw.pricePerYear)

  const onCta = () => {
    const id = typeof cta.scrollToSection === 'string' ? cta.scrollToSection.trim() : ''
    if (!scrollToSection(id) && !scrollToSection('planos')) navigate('/assinatura')
  }

  return (
    <section id="comparacao" aria-labelledby="comparacao-title" className="render-when-near bg-card py-14 sm:py-24">
      <div className="mx-auto max-w-5xl px-5 sm:px-6">
        <SectionHeading id="comparacao-title" eyebrow="Investimento" title={t(section.title)} subtitle={t(section.subtitle)} />

        {options.length > 0 ? (
          <>
            {/* Large screens: a real table. */}
            <div className="mt-12 hidden overflow-hidden rounded-2xl border border-line bg-card shadow-soft lg:block">
              <table className="w-full border-collapse text-left">
                <caption className="sr-only">{t(section.title) || 'Comparação de preços'}</caption>
                <thead className="bg-surface text-sm text-ink-muted">
                  <tr>
                    <th scope="col" className="px-6 py-4 font-semibold">Opção</th>
                    <th scope="col" className="px-6 py-4 font-semibold">Frequência</th>
                    <th scope="col" className="px-6 py-4 text-right font-semibold">Investimento por ano</th>
                  </tr>
                </thead>
                <tbody>
                  {options.map((option) => {
                    const highlight = option.raw.isHighlight === true
                    const badge = t(option.raw.badge)
                    return (
                      <tr
                        key={option.key}
                        className={cn('border-t border-line', highlight && 'bg-tint/80')}
                      >
                        <th scope="row" className={cn('px-6 py-5 font-semibold', highlight && 'border-l-4 border-l-brand-600')}>
                          <span className="flex items-center gap-3">
                            <span
                              className={cn(
                                'grid size-10 shrink-0 place-items-center rounded-xl',
                                highlight ? 'bg-brand-700 text-white' : 'bg-muted text-ink-muted',
                              )}
                            >
                              <ContentIcon name={option.icon} className="size-5" />
                            </span>
                            <span className={highlight ? 'text-accent-strong' : 'text-ink'}>{t(option.title)}</span>
                            {highlight && badge ? <Badge variant="gold">{badge}</Badge> : null}
                          </span>
                        </th>
                        <td className="px-6 py-5 text-ink-muted">{t(option.raw.frequency)}</td>
                        <td
                          className={cn(
                            'px-6 py-5 text-right text-lg font-bold tabular-nums',
                            highlight ? 'text-accent-strong' : 'text-ink',
                          )}
                        >
                          {yearlyPrice(option.raw)}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>

            {/* Small screens: one card per option. */}
            <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:hidden">
              {options.map((option) => {
                const highlight = option.raw.isHighlight === true
                const badge = t(option.raw.badge)
                return (
                  <li
                    key={option.key}
                    className={cn(
                      'relative rounded-2xl border bg-card p-5 shadow-soft',
                      highlight ? 'border-brand-600 ring-2 ring-brand-600/20 sm:col-span-2' : 'border-line',
                    )}
                  >
                    {highlight && badge ? (
                      <Badge variant="gold" className="absolute -top-3 left-5">
                        {badge}
                      </Badge>
                    ) : null}
                    <div className="flex items-start gap-3">
                      <span
                        className={cn(
                          'grid size-10 shrink-0 place-items-center rounded-xl',
                          highlight ? 'bg-brand-700 text-white' : 'bg-muted text-ink-muted',
                        )}
                      >
                        <ContentIcon name={option.icon} className="size-5" />
                      </span>
                      <div className="min-w-0">
                        <h3 className={cn('font-semibold', highlight ? 'text-accent-strong' : 'text-ink')}>{t(option.title)}</h3>
                        <p className="mt-0.5 text-sm text-ink-muted">{t(option.raw.frequency)}</p>
                      </div>
                    </div>
                    <p className="mt-4 flex items-baseline justify-between gap-2 border-t border-line pt-4">
                      <span className="text-sm text-ink-muted">Por ano</span>
                      <span className={cn('text-xl font-bold tabular-nums', highlight ? 'text-accent-strong' : 'text-ink')}>
                        {yearlyPrice(option.raw)}
                      </span>
                    </p>
                  </li>
                )
              })}
            </ul>
          </>
        ) : null}

        {impactText ? (
          <div className="mx-auto mt-10 flex max-w-3xl gap-4 rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white shadow-lifted sm:p-7">
            <TrendingUp aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-300" />
            <RichText text={impactText} className="space-y-2" paragraphClassName="text-base leading-relaxed sm:text-lg" />
          </div>
        ) : null}

        <div className="mt-10 flex justify-center">
          <Button size="lg" onClick={onCta} className="w-full whitespace-normal sm:w-auto">
            {ctaText}
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  )
}
