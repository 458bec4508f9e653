import { useId, type ReactNode } from 'react'
import { BookHeart, CalendarCheck, ChevronRight, Clock, Leaf, Sprout, Trophy } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { PracticePreferences, Progress } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { FormField, SelectInput } from '../../../components/ui/form'
import { PageHeading, PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { getErrorMessage } from '../../../lib/api-client'
import { Link } from '../../../lib/navigation'
import { preferencesQueryOptions, progressQueryOptions, useUpdatePreferences } from '../api/practice-api'
import { calendarWeeks, longDateLabel, WEEKDAY_INITIALS, WEEKDAY_NAMES } from '../lib/calendar'
import { streakLabel, totalMinutesLabel } from '../lib/labels'
import { browserTimeZone, timeZoneOptions } from '../lib/time-zones'
import { IconMark, LoadError, ProgramBadges } from './bits'

export interface ProgressPageProps {
  productName: string
  /** The week's minutes and moods, composed by the route (features/journal's WeekChart), under the summary. */
  weekChart?: ReactNode
}

/** The forgiving rule, in one line (docs/product/practice.md#progress-and-streaks). */
export const FORGIVING_RULE = 'Um dia perdido por semana não quebra sua sequência.'

/**
 * /progresso: each programme's path, a 5-week calendar of the days practised, the minutes heard,
 * the current and best streak, and the practice preferences (time zone, the streak counter).
 */
export function ProgressPage({ productName, weekChart }: ProgressPageProps) {
  const query = useQuery(progressQueryOptions())
  return (
    <PageShell pageTitle={`Progresso — ${productName}`} contentClassName="sm:pb-20">
      <PageHeading eyebrow="Sua prática" title="Progresso" description="Cada dia praticado conta. O caminho é feito de constância, não de perfeição." />
      {/* Below 768 px the Diário has no tab of its own (the bar holds six): it opens from here. */}
      <ButtonLink to="/diario" variant="outline" size="sm" className="mt-4 md:hidden">
        <BookHeart aria-hidden="true" />
        Abrir o Diário
      </ButtonLink>
      {query.isPending ? (
        <div role="status" className="mt-8 space-y-4">
          <span className="sr-only">Carregando seu progresso...</span>
          <Skeleton className="h-28 rounded-3xl" />
          <Skeleton className="h-72 rounded-3xl" />
        </div>
      ) : query.isError ? (
        <LoadError className="mt-8" title="Não foi possível carregar seu progresso." error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ProgressView progress={query.data} weekChart={weekChart} />
      )}
      <PreferencesSection />
    </PageShell>
  )
}

function ProgressView({ progress, weekChart }: { progress: Progress; weekChart?: ReactNode }) {
  const { streak } = progress
  return (
    <>
      <section aria-label="Resumo" className="mt-8">
        <dl className={cn('grid gap-3', streak.hidden ? 'grid-cols-1' : 'grid-cols-1 min-[420px]:grid-cols-3')}>
          <Stat icon={<Clock className="size-5" />} label="Minutos ouvidos" testId="total-minutes">
            {totalMinutesLabel(progress.totalMinutes)}
          </Stat>
          {streak.hidden ? null : (
            <>
              <Stat icon={<Leaf className="size-5" />} label="Sequência atual" testId="current-streak" tone="emerald">
                {streakLabel(streak.current)}
              </Stat>
              <Stat icon={<Trophy className="size-5" />} label="Melhor sequência" testId="best-streak" tone="gold">
                {streakLabel(streak.best)}
              </Stat>
            </>
          )}
        </dl>
        <p className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
          <Leaf aria-hidden="true" className="size-4 shrink-0 text-success" />
          {streak.hidden ? 'A contagem de dias seguidos está oculta. Você pode mostrá-la nas preferências abaixo.' : FORGIVING_RULE}
        </p>
      </section>

      {weekChart ? <div className="mt-8">{weekChart}</div> : null}

      <PracticeCalendar today={progress.date} practised={progress.practisedDates} />

      <section aria-labelledby="programs-progress-heading" className="mt-10">
        <h2 id="programs-progress-heading" className="text-xl font-bold tracking-tight text-ink">
          Seus programas
        </h2>
        {progress.programs.length === 0 ? (
          <div className="mt-4 flex flex-col items-start gap-4 rounded-3xl border border-dashed border-line-strong bg-card/70 p-6 sm:flex-row sm:items-center">
            <IconMark tone="emerald">
              <Sprout className="size-6" />
            </IconMark>
            <p className="flex-1 text-ink-muted">Você ainda não segue nenhum programa. Cada dia praticado aparece aqui como um passo do caminho.</p>
            <ButtonLink to="/programas" size="md">
              Conhecer os programas
            </ButtonLink>
          </div>
        ) : (
          <ul className="mt-4 space-y-4">
            {progress.programs.map(({ program, days }) => (
              <li key={program.id} data-testid="progress-program" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-lg font-bold text-ink">
                      <Link to={`/programas/${program.slug}`} className="rounded-md hover:text-accent-strong">
                        {program.title}
                      </Link>
                    </h3>
                    <p className="text-sm text-ink-muted">
                      {program.enrolment?.completedDays ?? 0} de {program.daysCount} dias concluídos
                    </p>
                  </div>
                  <ProgramBadges program={program} />
                </div>
                <ol aria-label={`Dias de ${program.title}`} className="mt-4 flex flex-wrap gap-1.5">
                  {days.map((day) => {
                    const state = day.state === 'done' ? 'done' : day.state === 'today' || day.state === 'open' ? 'today' : 'waiting'
                    const text = state === 'done' ? 'concluído' : state === 'today' ? (day.state === 'open' ? 'livre' : 'hoje') : 'aguardando'
                    return (
                      <li
                        key={day.day}
                        data-testid="progress-day"
                        data-state={day.state}
                        title={`Dia ${day.day}: ${text}`}
                        className={cn(
                          'grid size-8 place-items-center rounded-full text-xs font-semibold tabular-nums',
                          state === 'done' && 'bg-emerald-600 text-white',
                          state === 'today' && 'bg-card text-accent-strong ring-2 ring-brand-600',
                          state === 'waiting' && 'bg-muted text-ink-muted',
                        )}
                      >
                        <span aria-hidden="true">{day.day}</span>
                        <span className="sr-only">
                          Dia {day.day}: {text}
                        </span>
                      </li>
                    )
                  })}
                </ol>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <Legend />
                  <ButtonLink to={`/programas/${program.slug}`} variant="ghost" size="sm" className="-mr-2">
                    Ver o caminho
                    <ChevronRight aria-hidden="true" />
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function Legend() {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
      <li className="inline-flex items-center gap-1.5">
        <span className="size-3 rounded-full bg-emerald-600" />
        Concluído
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="size-3 rounded-full bg-card ring-2 ring-brand-600" />
        Hoje
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="size-3 rounded-full bg-muted-strong" />
        Aguardando
      </li>
    </ul>
  )
}

function Stat({ icon, label, children, testId, tone = 'brand' }: { icon: ReactNode; label: string; children: ReactNode; testId: string; tone?: 'brand' | 'emerald' | 'gold' }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft min-[420px]:flex-col min-[420px]:items-start sm:flex-row sm:items-center">
      <span
        aria-hidden="true"
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-xl',
          tone === 'brand' && 'bg-tint-strong text-accent',
          tone === 'emerald' && 'bg-success-soft text-success',
          tone === 'gold' && 'bg-warm-soft text-warm',
        )}
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-col-reverse">
        <dt className="text-xs font-medium text-ink-muted sm:text-sm">{label}</dt>
        <dd data-testid={testId} className="text-lg font-extrabold tracking-tight text-ink tabular-nums sm:text-xl">
          {children}
        </dd>
      </div>
    </div>
  )
}

/** The last 5 weeks, Sunday first: practised days filled, today ringed. */
export function PracticeCalendar({ today, practised }: { today: string; practised: readonly string[] }) {
  const weeks = calendarWeeks(today, practised)
  const count = weeks.flat().filter((cell) => cell.practised).length
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-ink">
          <CalendarCheck aria-hidden="true" className="size-5 text-accent" />
          Últimas 5 semanas
        </h2>
        <p className="text-sm text-ink-muted" data-testid="practised-count">
          {count === 1 ? '1 dia praticado' : `${count} dias praticados`}
        </p>
      </div>
      <table className="mt-4 w-full table-fixed border-separate border-spacing-1 sm:border-spacing-1.5">
        <thead>
          <tr>
            {WEEKDAY_INITIALS.map((initial, i) => (
              <th key={i} scope="col" className="pb-1 text-xs font-semibold text-ink-muted">
                <abbr title={WEEKDAY_NAMES[i]} className="no-underline">
                  {initial}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => (
                <td key={cell.date} className="p-0">
                  <span
                    data-testid="calendar-day"
                    data-date={cell.date}
                    data-practised={cell.practised || undefined}
                    className={cn(
                      'mx-auto grid aspect-square w-full max-w-12 place-items-center rounded-xl text-sm tabular-nums',
                      cell.practised ? 'bg-emerald-600 font-semibold text-white' : cell.isFuture ? 'text-slate-300' : 'bg-tint/70 text-ink-muted',
                      cell.isToday && 'ring-2 ring-brand-600 ring-offset-2',
                    )}
                  >
                    <span aria-hidden="true">{cell.dayOfMonth}</span>
                    <span className="sr-only">
                      {longDateLabel(cell.date)}
                      {cell.isToday ? ', hoje' : ''}
                      {cell.isFuture ? '' : cell.practised ? ': praticado' : ': sem prática'}
                    </span>
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function PreferencesSection() {
  const query = useQuery(preferencesQueryOptions())
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Preferências
      </h2>
      {query.isPending ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Carregando preferências...</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-10" />
        </div>
      ) : query.isError ? (
        <LoadError className="mt-4 shadow-none" title="Não foi possível carregar suas preferências." error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PreferencesForm preferences={query.data} />
      )}
    </section>
  )
}

export function PreferencesForm({ preferences }: { preferences: PracticePreferences }) {
  const update = useUpdatePreferences()
  const zoneId = useId()
  const options = timeZoneOptions(preferences.timeZone, browserTimeZone())
  const save = (change: { timeZone?: string; hideStreak?: boolean }, success: string) =>
    update.mutate(change, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error('Não foi possível salvar a preferência', { description: getErrorMessage(error) }),
    })
  const showStreak = !preferences.hideStreak
  return (
    <div className="mt-4 space-y-6">
      <FormField id={zoneId} label="Fuso horário" hint="Cada dia do programa abre à meia-noite deste fuso.">
        <SelectInput
          id={zoneId}
          value={preferences.timeZone}
          disabled={update.isPending}
          aria-describedby={`${zoneId}-hint`}
          onChange={(event) => save({ timeZone: event.target.value }, 'Fuso horário atualizado.')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </FormField>
      <div className="flex items-center justify-between gap-4 border-t border-line pt-5">
        <div>
          <p className="font-semibold text-ink">Mostrar sequência de dias</p>
          <p className="mt-0.5 text-sm text-ink-muted">A contagem de dias seguidos no início e aqui.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={showStreak}
          aria-label="Mostrar sequência de dias"
          disabled={update.isPending}
          onClick={() => save({ hideStreak: showStreak }, showStreak ? 'A sequência ficará oculta.' : 'A sequência voltará a aparecer.')}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
            showStreak ? 'bg-brand-700' : 'bg-muted-strong',
          )}
        >
          <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-card shadow transition-transform duration-200', showStreak ? 'translate-x-6' : 'translate-x-1')} />
        </button>
      </div>
    </div>
  )
}
