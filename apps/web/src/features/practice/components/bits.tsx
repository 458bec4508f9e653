import type { ReactNode } from 'react'
import { Leaf, RefreshCw, Star } from 'lucide-react'
import type { ProgramSummary } from '@sintonia/contract'
import { ContentIcon } from '../../../components/icon'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { getErrorMessage } from '../../../lib/api-client'
import { programStatusLabel } from '../lib/labels'

/** The streak, calm: a small leaf and '7 dias seguidos'. `onDark` on a dark surface. */
export function StreakMark({ label, className, onDark = false }: { label: string; className?: string; onDark?: boolean }) {
  return (
    <p data-testid="streak" className={cn('inline-flex items-center gap-1.5 text-sm font-semibold', onDark ? 'text-white' : 'text-success', className)}>
      <span aria-hidden="true" className={cn('grid size-6 place-items-center rounded-full', onDark ? 'bg-white/15 text-emerald-200' : 'bg-success-soft text-success')}>
        <Leaf className="size-3.5" />
      </span>
      {label}
    </p>
  )
}

/** The fields a programme draws from, as small quiet chips. */
export function FieldChips({ fields, className }: { fields: ProgramSummary['fields']; className?: string }) {
  if (fields.length === 0) return null
  return (
    <ul aria-label="Campos do programa" className={cn('flex flex-wrap gap-1.5', className)}>
      {fields.map((field) => (
        <li key={field.id} className="inline-flex items-center gap-1 rounded-full bg-tint px-2.5 py-1 text-xs font-medium text-accent-strong">
          <ContentIcon name={field.iconName} className="size-3.5" />
          {field.title}
        </li>
      ))}
    </ul>
  )
}

/** 'Dia 5 de 21' / 'Dia 6 abre amanhã' / 'Concluído' (programStatusLabel), and 'Em destaque' for the featured one. */
export function ProgramBadges({
  program,
  className,
}: {
  program: Pick<ProgramSummary, 'daysCount' | 'enrolment'>
  className?: string
}) {
  const status = programStatusLabel(program)
  if (!status) return null
  const completed = program.enrolment?.status === 'completed'
  const waiting = program.enrolment?.status === 'active' && !program.enrolment.currentDayOpen
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <Badge variant={completed ? 'success' : waiting ? 'outline' : 'brand'} data-testid="program-status">
        {status}
      </Badge>
      {program.enrolment?.featured && !completed ? (
        <Badge variant="gold">
          <Star aria-hidden="true" />
          Em destaque
        </Badge>
      ) : null}
    </div>
  )
}

/** A read that failed, with the way to try again. */
export function LoadError({ error, onRetry, title, className }: { error: unknown; onRetry: () => void; title: string; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-3xl border border-line bg-card p-6 text-center shadow-soft sm:p-8', className)}>
      <p className="font-semibold text-ink">{title}</p>
      <p className="mt-1 text-sm text-ink-muted">{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  )
}

/** A soft round mark with an icon (the head of an empty state or a celebration). */
export function IconMark({ children, tone = 'brand', className }: { children: ReactNode; tone?: 'brand' | 'gold' | 'emerald'; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-2xl',
        tone === 'brand' && 'bg-tint-strong text-accent',
        tone === 'gold' && 'bg-warm-soft text-warm',
        tone === 'emerald' && 'bg-success-soft text-success',
        className,
      )}
    >
      {children}
    </span>
  )
}
