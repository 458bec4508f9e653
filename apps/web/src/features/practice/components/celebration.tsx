import { useEffect, useState, type ReactNode } from 'react'
import { Award, CalendarDays, ChevronRight, Leaf } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { ProgramDay, Streak } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { programQueryOptions, programsQueryOptions } from '../api/practice-api'
import { useReducedMotion } from '../hooks/use-reduced-motion'
import { minutesLabel, nextDayLabel, programLengthLabel, visibleStreak } from '../lib/labels'
import { StreakMark } from './bits'
import { DayPath } from './day-path'

/**
 * The frame of a celebration: it settles in softly (a fade and a slight rise) right after the
 * practice, and simply appears under prefers-reduced-motion or when the day was done earlier.
 */
function CelebrationFrame({ animate, children, testId }: { animate: boolean; children: ReactNode; testId: string }) {
  const reduced = useReducedMotion()
  const moves = animate && !reduced
  const [settled, setSettled] = useState(!moves)
  useEffect(() => {
    if (!moves) return
    const frame = requestAnimationFrame(() => setSettled(true))
    return () => cancelAnimationFrame(frame)
  }, [moves])
  return (
    <section
      data-testid={testId}
      data-motion={moves ? 'gentle' : 'none'}
      aria-live="polite"
      className={cn(
        'relative isolate mt-6 overflow-hidden rounded-3xl border border-line bg-gradient-to-b from-card to-tint px-5 py-10 text-center shadow-soft sm:px-10 sm:py-14',
        moves && 'transition-[opacity,transform] duration-700 ease-out',
        moves && !settled && 'translate-y-2 opacity-0',
      )}
    >
      <div aria-hidden="true" className="absolute -top-32 left-1/2 -z-10 size-80 -translate-x-1/2 rounded-full bg-success-soft/60 blur-3xl" />
      {children}
    </section>
  )
}

function Mark({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="mx-auto grid size-24 place-items-center rounded-full bg-success-soft ring-8 ring-emerald-50/60">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-600 text-white shadow-soft">{children}</span>
    </span>
  )
}

export interface DayCelebrationProps {
  day: number
  daysCount: number
  programTitle: string
  slug: string
  nextUnlockAt: string | null
  streak: Streak | undefined
  /** Right after the practice (not when /hoje is opened on a day already done). */
  animate: boolean
  /** The programme's days, when known: tomorrow's intention comes from there. */
  days?: readonly ProgramDay[] | undefined
  /**
   * Between the moment and the way out: the check-in after the practice (features/journal,
   * composed by the route), so "Até amanhã" closes the page after it, not above it.
   */
  afterPractice?: ReactNode
}

/**
 * The end of a day, calm (docs/product/practice.md#the-listeners-pages): 'Dia 5 concluído.', the
 * streak, what comes tomorrow (the next day's number, minutes and intention), then the check-in
 * when there is one, and one gentle way to close — "Até amanhã", back to Início.
 */
export function DayCelebration({ day, daysCount, programTitle, slug, nextUnlockAt, streak, animate, days, afterPractice }: DayCelebrationProps) {
  const streakText = visibleStreak(streak)
  const next = nextDayLabel(day, daysCount, nextUnlockAt)
  const tomorrow = next ? (days?.find((d) => d.day === day + 1) ?? null) : null
  return (
    <>
      <CelebrationFrame animate={animate} testId="day-celebration">
        <Mark>
          <Leaf className="size-8" />
        </Mark>
        <p className="mt-6 text-sm font-semibold text-accent">{programTitle}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Dia {day} concluído.</h1>
        <p className="mt-2 text-lg text-ink-muted">Você reservou este tempo para você. Isso já é cuidado.</p>
        <div className="mt-6 flex flex-col items-center gap-3">
          {streakText ? <StreakMark label={streakText} /> : null}
          {next ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-ink-muted">
              <CalendarDays aria-hidden="true" className="size-4" />
              {next}.
            </p>
          ) : null}
        </div>
        {tomorrow ? (
          <section
            aria-labelledby="tomorrow-heading"
            data-testid="day-tomorrow"
            className="mx-auto mt-6 max-w-md rounded-2xl border border-line bg-card/80 px-5 py-4 text-left"
          >
            <h2 id="tomorrow-heading" className="text-xs font-semibold tracking-wide text-accent uppercase">
              {nextUnlockAt === null ? 'A seguir' : 'Amanhã'} · Dia {tomorrow.day} · {minutesLabel(tomorrow.minutes)}
            </h2>
            <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink">{tomorrow.intention}</p>
          </section>
        ) : null}
      </CelebrationFrame>
      {afterPractice ? <div className="mt-6">{afterPractice}</div> : null}
      <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
        <ButtonLink to="/dashboard" size="md">
          Até amanhã
        </ButtonLink>
        <ButtonLink to={`/programas/${slug}`} variant="ghost" size="md">
          Ver o caminho
        </ButtonLink>
      </div>
    </>
  )
}

export interface ProgramCelebrationProps {
  slug: string
  programTitle: string
  streak: Streak | undefined
  animate: boolean
}

/** The whole programme done: its path, every day ✓, and the next programme to consider. */
export function ProgramCelebration({ slug, programTitle, streak, animate }: ProgramCelebrationProps) {
  const detail = useQuery(programQueryOptions(slug))
  const programs = useQuery(programsQueryOptions())
  const streakText = visibleStreak(streak)
  const suggestion = programs.data?.programs.find((p) => p.slug !== slug && p.enrolment === null) ?? null
  return (
    <>
      <CelebrationFrame animate={animate} testId="program-celebration">
        <Mark>
          <Award className="size-8" />
        </Mark>
        <p className="mt-6 text-sm font-semibold text-accent">Programa concluído</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance text-ink sm:text-4xl">Você concluiu “{programTitle}”.</h1>
        <p className="mt-2 text-lg text-ink-muted">
          {detail.data ? `${detail.data.program.daysCount} dias, um de cada vez.` : 'Um dia de cada vez.'} Leve com você o que cultivou.
        </p>
        {streakText ? <StreakMark label={streakText} className="mt-5" /> : null}
      </CelebrationFrame>

      <section aria-labelledby="next-program-heading" className="mt-6 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
        <h2 id="next-program-heading" className="text-sm font-semibold tracking-wide text-accent uppercase">
          Próximo passo
        </h2>
        {suggestion ? (
          <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-lg font-bold text-ink">{suggestion.title}</p>
              <p className="text-sm text-ink-muted">{programLengthLabel(suggestion)}</p>
            </div>
            <ButtonLink to={`/programas/${suggestion.slug}`} size="md">
              Conhecer o programa
              <ChevronRight aria-hidden="true" />
            </ButtonLink>
          </div>
        ) : (
          <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ink-muted">Quando quiser, escolha outro caminho ou recomece este.</p>
            <ButtonLink to="/programas" size="md">
              Ver os programas
            </ButtonLink>
          </div>
        )}
      </section>

      <section aria-labelledby="path-heading" className="mt-10">
        <h2 id="path-heading" className="text-xl font-bold tracking-tight text-ink">
          O seu caminho
        </h2>
        {detail.data ? (
          <DayPath className="mt-5" days={detail.data.days} currentDay={detail.data.program.enrolment?.currentDay ?? null} />
        ) : (
          <Skeleton className="mt-5 h-64" />
        )}
      </section>
    </>
  )
}
