import type { ReactNode } from 'react'
import { BadgeCheck, Clock, Sparkles } from 'lucide-react'
import { formatMoney, type PublicPlan } from '@sintonia/contract'
import { CheckList } from '../check-list'
import { Badge } from '../ui/badge'
import { cn } from '../../lib/cn'
import { useCountdown, type Countdown } from './use-countdown'
import { periodLabel, shownPrice } from './plan-pricing'

/**
 * One plan card (price, promotion with countdown, the plan's benefits) shared by the landing, the
 * plan page (/assinatura) and the admin's previews. The call to action is the caller's: a link on
 * the landing, a checkout button on the plan page, both reading `plan.buttonText`.
 */

const pad = (value: number) => String(value).padStart(2, '0')

function countdownText({ days, hours, minutes, seconds }: Countdown): string {
  const parts = [`${hours} ${hours === 1 ? 'hora' : 'horas'}`, `${minutes} min`, `${seconds} s`]
  if (days > 0) parts.unshift(`${days} ${days === 1 ? 'dia' : 'dias'}`)
  return `Termina em ${parts.join(', ')}`
}

/** Days / h / min / s until the promotion ends, ticking every second. */
function PromotionCountdown({ countdown }: { countdown: Countdown }) {
  const units = [
    { value: String(countdown.days), label: countdown.days === 1 ? 'dia' : 'dias' },
    { value: pad(countdown.hours), label: 'h' },
    { value: pad(countdown.minutes), label: 'min' },
    { value: pad(countdown.seconds), label: 's' },
  ]
  return (
    <div role="timer" aria-label={countdownText(countdown)} className="mt-5 rounded-2xl bg-warm-soft px-3 py-3 ring-1 ring-warm-line">
      <p aria-hidden="true" className="flex items-center justify-center gap-1.5 text-xs font-semibold text-warm">
        <Clock className="size-3.5" />
        A oferta termina em
      </p>
      <div aria-hidden="true" className="mt-2 grid grid-cols-4 gap-1.5 text-center">
        {units.map((unit) => (
          <span key={unit.label} className="rounded-xl bg-card px-1 py-1.5 shadow-sm">
            <span data-testid="countdown-value" className="block text-lg leading-none font-bold text-ink tabular-nums">
              {unit.value}
            </span>
            <span className="mt-1 block text-[0.7rem] leading-none text-ink-muted">{unit.label}</span>
          </span>
        ))}
      </div>
    </div>
  )
}

export interface PlanCardProps {
  plan: PublicPlan
  /** The call to action at the bottom of the card (full width). */
  action: ReactNode
  /** The subscriber's own plan: 'Plano Atual' instead of the popular badge. */
  current?: boolean
}

export function PlanCard({ plan, action, current = false }: PlanCardProps) {
  const countdown = useCountdown(plan.promotion?.endsAt)
  const price = shownPrice(plan, countdown !== null && !countdown.expired)
  const promotion = price.promoted ? plan.promotion : null
  const period = periodLabel(plan.intervalMonths)

  return (
    <li
      data-testid="plan-card"
      data-plan={plan.code}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-card p-5 sm:p-7',
        current
          ? 'border-emerald-600 shadow-lifted ring-4 ring-emerald-600/10'
          : plan.popular
            ? 'border-brand-600 shadow-lifted ring-4 ring-brand-600/10'
            : 'border-line shadow-soft',
      )}
    >
      {current ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-emerald-700 px-3.5 py-1.5 text-white shadow-soft">
          <BadgeCheck aria-hidden="true" />
          Plano Atual
        </Badge>
      ) : plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-700 px-3.5 py-1.5 text-white shadow-glow">
          <Sparkles aria-hidden="true" />
          Mais popular
        </Badge>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-bold tracking-tight text-ink">{plan.name}</h3>
        {/*
          One price story (docs/product/commerce.md#plan-cards): while a promotion runs, its
          discount against the struck original price; the plan's own savings text only without one.
        */}
        {promotion ? (
          <Badge variant="gold">
            {promotion.label} · −{promotion.discountPercentage}%
          </Badge>
        ) : plan.savings ? (
          <Badge variant="success">{plan.savings}</Badge>
        ) : null}
      </div>
      {plan.description ? <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">{plan.description}</p> : null}

      <div className="mt-6">
        {promotion ? (
          <p className="text-sm text-ink-muted">
            De <s data-testid="plan-original-price">{formatMoney(plan.originalPriceCents, plan.currency)}</s> por
          </p>
        ) : null}
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span data-testid="plan-price" className="text-[2rem] font-extrabold tracking-tight whitespace-nowrap text-ink tabular-nums sm:text-4xl">
            {formatMoney(price.priceCents, plan.currency)}
          </span>
          <span className="text-base font-medium text-ink-muted">/{period}</span>
        </p>
        <p className="mt-1.5 text-sm text-ink-muted">
          {plan.intervalMonths > 1 ? (
            <>
              Equivale a{' '}
              <strong className="font-semibold text-accent-strong tabular-nums">
                {formatMoney(price.pricePerMonthCents, plan.currency)}
              </strong>{' '}
              por mês
            </>
          ) : (
            'Cobrança mensal'
          )}
        </p>
      </div>

      {promotion && countdown ? <PromotionCountdown countdown={countdown} /> : null}

      <CheckList items={plan.benefits} className="mt-6 flex-1 border-t border-line pt-6" />

      <div className="mt-8">{action}</div>
    </li>
  )
}
