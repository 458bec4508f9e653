import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Skeleton } from '../ui/skeleton'

/** One number with its label on an admin page (totals, MRR, active users). */
export function StatTile({ label, value, icon: Icon, hint, testId }: { label: string; value: ReactNode | null; icon: LucideIcon; hint?: string; testId?: string }) {
  return (
    <div className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-card p-4 shadow-soft">
      <span aria-hidden="true" className="grid size-9 place-items-center rounded-xl bg-tint text-accent">
        <Icon className="size-5" />
      </span>
      <span className="text-sm font-medium text-ink-muted">{label}</span>
      {value === null ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <span className="text-2xl font-extrabold tracking-tight text-ink tabular-nums" data-testid={testId}>
          {value}
        </span>
      )}
      {hint ? <span className="text-xs text-ink-muted">{hint}</span> : null}
    </div>
  )
}
