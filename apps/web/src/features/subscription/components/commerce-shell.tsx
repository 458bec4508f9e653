import type { ReactNode } from 'react'
import { PageShell } from '../../../components/ui/page-shell'
import { cn } from '../../../lib/cn'

export interface StatusCardProps {
  pageTitle: string
  icon: ReactNode
  tone?: 'brand' | 'success' | 'warning' | 'danger'
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Wider card for pages with details (success pages). */
  wide?: boolean
}

const TONES: Record<NonNullable<StatusCardProps['tone']>, string> = {
  brand: 'bg-tint-strong text-accent',
  success: 'bg-success-soft text-success',
  warning: 'bg-warm-soft text-warm',
  danger: 'bg-danger-soft text-danger',
}

/** One centred card with an icon, a heading and what follows (result, processing, cancelled pages). */
export function StatusCard({ pageTitle, icon, tone = 'brand', title, description, children, wide = false }: StatusCardProps) {
  return (
    <PageShell pageTitle={pageTitle} backdrop="glow" width={wide ? '3xl' : 'xl'} contentClassName="sm:pt-16">
      <section aria-labelledby="status-card-title" className="relative overflow-hidden rounded-4xl border border-line bg-card p-6 text-center shadow-lifted sm:p-10">
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-gradient-to-r from-brand-500 via-brand-700 to-gold-400" />
        <span aria-hidden="true" className={cn('mx-auto grid size-16 place-items-center rounded-2xl [&_svg]:size-8', TONES[tone])}>
          {icon}
        </span>
        <h1 id="status-card-title" className="mt-5 text-2xl font-extrabold tracking-tight text-balance text-ink sm:text-3xl">
          {title}
        </h1>
        {description ? <div className="mx-auto mt-3 max-w-md text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">{description}</div> : null}
        {children}
      </section>
    </PageShell>
  )
}

/** A label/value list (purchase details, subscription details). */
export function DetailList({ items, className }: { items: { label: string; value: ReactNode; testId?: string }[]; className?: string }) {
  return (
    <dl className={cn('divide-y divide-line rounded-2xl border border-line bg-surface/60 text-left', className)}>
      {items.map((item) => (
        <div key={item.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
          <dt className="text-sm text-ink-muted">{item.label}</dt>
          <dd data-testid={item.testId} className="min-w-0 text-[0.95rem] font-semibold break-words text-ink">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
