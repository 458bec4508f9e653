import { lazy, Suspense, type ReactNode } from 'react'
import { Skeleton } from '../../../components/ui/skeleton'

/** recharts arrives with the first chart, not with the page. */
export const BarsChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsChart })))
export const LinesChart = lazy(() => import('./charts').then((m) => ({ default: m.LinesChart })))

export const CHART_COLORS = { brand: '#6a3dea', gold: '#f59e0b', green: '#059669', red: '#dc2626', slate: '#64748b' }

/** A titled card holding one chart; the table under it carries the same numbers for screen readers. */
export function ChartCard({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-4" aria-hidden="true">
        <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>{children}</Suspense>
      </div>
    </section>
  )
}
