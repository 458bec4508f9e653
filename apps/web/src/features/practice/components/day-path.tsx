import type { ReactNode } from 'react'
import { Check, Clock, Lock } from 'lucide-react'
import type { ProgramDay } from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { dayStatus, minutesLabel, type DayTone } from '../lib/labels'

export interface DayPathProps {
  days: readonly Pick<ProgramDay, 'day' | 'intention' | 'minutes' | 'state' | 'completedOn'>[]
  /** The enrolment's next day; null when the listener does not follow the programme (the days are only listed). */
  currentDay: number | null
  /** An action shown on today's day (e.g. 'Praticar agora'). */
  todayAction?: ReactNode
  className?: string
}

const MARKER: Record<DayTone, string> = {
  done: 'bg-emerald-600 text-white',
  today: 'bg-brand-700 text-white ring-4 ring-line-strong',
  open: 'border-2 border-line-strong bg-card text-accent-strong',
  soon: 'border-2 border-dashed border-line-strong bg-card text-accent',
  waiting: 'bg-muted text-ink-muted',
  plain: 'bg-tint text-accent-strong',
}

const LABEL: Record<DayTone, string> = {
  done: 'bg-success-soft text-success',
  today: 'bg-brand-700 text-white',
  open: 'bg-tint text-accent-strong',
  soon: 'bg-tint text-accent-strong',
  waiting: '',
  plain: '',
}

/**
 * The programme's path: one stop per day, joined by a line — done ✓, today, open ("livre"),
 * the next one that opens tomorrow, and the ones after it, closed — with each day's intention
 * and minutes.
 */
export function DayPath({ days, currentDay, todayAction, className }: DayPathProps) {
  return (
    <ol aria-label="Os dias do programa" className={cn('relative', className)}>
      {days.map((day, index) => {
        const status = dayStatus(day, currentDay)
        const last = index === days.length - 1
        const isToday = status.tone === 'today'
        const closed = status.tone === 'soon' || status.tone === 'waiting'
        return (
          <li key={day.day} data-testid="program-day" data-day={day.day} data-state={currentDay === null ? 'plain' : day.state} className="relative flex gap-3 sm:gap-4">
            {last ? null : (
              <span
                aria-hidden="true"
                className={cn('absolute top-11 bottom-0 left-5 w-0.5 -translate-x-1/2', status.tone === 'done' ? 'bg-emerald-300' : 'bg-line')}
              />
            )}
            <span aria-hidden="true" className={cn('relative z-10 mt-1 grid size-10 shrink-0 place-items-center rounded-full text-sm font-bold tabular-nums', MARKER[status.tone])}>
              {status.tone === 'done' ? <Check className="size-5" strokeWidth={2.5} /> : status.tone === 'waiting' ? <Lock className="size-4" /> : day.day}
            </span>
            <div
              className={cn(
                'mb-3 min-w-0 flex-1 rounded-2xl px-4 py-3',
                isToday ? 'border border-line-strong bg-card shadow-soft' : 'border border-transparent',
                closed && 'opacity-80',
              )}
            >
              <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
                <h3 className="font-semibold text-ink">Dia {day.day}</h3>
                <span className="inline-flex items-center gap-1 text-sm text-ink-muted tabular-nums">
                  <Clock aria-hidden="true" className="size-3.5" />
                  {minutesLabel(day.minutes)}
                </span>
                {status.tone === 'waiting' ? (
                  // Every later day says the same: the lock says it quietly, the words are for screen readers.
                  <span data-testid="day-status" className="sr-only">
                    {status.label}
                  </span>
                ) : status.label ? (
                  <span data-testid="day-status" className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', LABEL[status.tone])}>
                    {status.tone === 'soon' ? <Lock aria-hidden="true" className="size-3" /> : null}
                    {status.label}
                  </span>
                ) : null}
              </div>
              {day.intention ? (
                <p className={cn('mt-1 text-[0.95rem] leading-relaxed text-ink-muted', !isToday && 'line-clamp-2')}>{day.intention}</p>
              ) : null}
              {isToday && todayAction ? <div className="mt-3">{todayAction}</div> : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
