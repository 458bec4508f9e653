import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, ChartColumn } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { loadErrorMessage } from '../../../lib/api-client'
import { weekQueryOptions } from '../api/journal-api'
import { addDays, rangeLabel } from '../lib/dates'
import { decimal, minutesLabel, moodY, weekChartData, type WeekChartData } from '../lib/week-chart'
import { nearestMoodLabel } from '../lib/moods'

/** The plot's height in px: bars scale into it, moods sit on 5 levels inside it. */
const PLOT_HEIGHT = 152
const MOOD_PAD = 10

/**
 * The weekly chart of /progresso (docs/product/practice.md#the-weekly-chart): minutes heard per day
 * as bars, the average mood after (filled dots, joined) and before (hollow dots) on a 1–5 scale.
 * A light chart of its own — plain elements and one SVG line, no chart library in the listener's
 * pages (ADR 032). The picture is hidden from screen readers; the summary and the table say the same.
 */
export function WeekChart({ className }: { className?: string }) {
  const [end, setEnd] = useState<string | null>(null)
  const query = useQuery(weekQueryOptions(end))
  const headingId = useId()
  const week = query.data
  const data = week ? weekChartData(week) : null
  const isCurrent = !week || week.to >= week.today
  return (
    <section aria-labelledby={headingId} data-testid="week-chart" className={cn('rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-ink">
          <ChartColumn aria-hidden="true" className="size-5 text-accent" />
          {isCurrent ? 'Sua semana' : 'Semana'}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Semana anterior" disabled={!week} onClick={() => week && setEnd(addDays(week.to, -7))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="min-w-0 text-center text-sm text-ink-muted tabular-nums" aria-live="polite" data-testid="week-range">
            {week ? rangeLabel(week.from, week.to) : ' '}
          </p>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Próxima semana"
            disabled={!week || isCurrent}
            onClick={() => week && setEnd(addDays(week.to, 7) >= week.today ? null : addDays(week.to, 7))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Carregando sua semana...</span>
          <Skeleton className="h-52 rounded-2xl" />
        </div>
      ) : query.isError || !data ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {loadErrorMessage(query.error, 'Não foi possível carregar sua semana.')}
        </p>
      ) : (
        <WeekChartView data={data} />
      )}
    </section>
  )
}

export function WeekChartView({ data }: { data: WeekChartData }) {
  const tableId = useId()
  const moodLabel = nearestMoodLabel(data.averageMoodAfter)
  const empty = !data.hasMinutes && !data.hasMoods
  const afterPoints = data.columns
    .map((column, index) => (column.moodAfter === null ? null : `${index + 0.5},${moodY(column.moodAfter, PLOT_HEIGHT, MOOD_PAD)}`))
    .filter((point): point is string => point !== null)
  return (
    <>
      <p className="mt-2 text-sm text-ink-muted" data-testid="week-summary">
        {empty
          ? 'Nenhuma prática nesta semana. Quando você ouvir e contar como está, ela aparece aqui.'
          : `${minutesLabel(data.totalMinutes)} de prática${data.averageMoodAfter !== null && moodLabel ? ` · humor depois da prática: ${moodLabel} (${decimal(data.averageMoodAfter)} de 5)` : ''}`}
      </p>
      <div aria-hidden="true" className="mt-4">
        <div className="relative" style={{ height: PLOT_HEIGHT }}>
          {/* The scale's top and its floor. */}
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-line" />
          <span className="absolute top-1 left-0 text-[0.65rem] text-ink-muted tabular-nums">{data.scaleMinutes} min</span>
          <div className="absolute inset-x-0 bottom-0 border-t border-line-strong" />
          <div className="absolute inset-0 grid grid-cols-7">
            {data.columns.map((column) => (
              <div key={column.date} className="relative" data-testid="week-column" data-date={column.date} data-minutes={column.minutes} data-mood-after={column.moodAfter ?? undefined}>
                {column.minutes > 0 ? (
                  <div
                    className={cn('absolute bottom-0 left-1/2 w-[44%] max-w-9 min-h-1 -translate-x-1/2 rounded-t-lg', column.isToday ? 'bg-brand-600' : 'bg-brand-300 night:bg-brand-500')}
                    style={{ height: `${column.barRatio * 100}%` }}
                  />
                ) : null}
              </div>
            ))}
          </div>
          {afterPoints.length > 1 ? (
            <svg className="absolute inset-0 size-full overflow-visible" viewBox={`0 0 7 ${PLOT_HEIGHT}`} preserveAspectRatio="none">
              <polyline points={afterPoints.join(' ')} fill="none" className="stroke-emerald-500" strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" strokeLinecap="round" />
            </svg>
          ) : null}
          <div className="absolute inset-0 grid grid-cols-7">
            {data.columns.map((column) => (
              <div key={column.date} className="relative">
                {column.moodBefore !== null ? (
                  <span
                    className="absolute left-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-emerald-500 bg-card"
                    style={{ top: moodY(column.moodBefore, PLOT_HEIGHT, MOOD_PAD) }}
                  />
                ) : null}
                {column.moodAfter !== null ? (
                  <span
                    className="absolute left-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-emerald-500 ring-2 ring-card"
                    style={{ top: moodY(column.moodAfter, PLOT_HEIGHT, MOOD_PAD) }}
                  />
                ) : null}
              </div>
            ))}
          </div>
        </div>
        <div className="mt-1.5 grid grid-cols-7 text-center">
          {data.columns.map((column) => (
            <div key={column.date} className="min-w-0">
              <p className={cn('text-xs font-semibold', column.isToday ? 'text-accent-strong' : 'text-ink')}>{column.isToday ? 'Hoje' : column.weekday}</p>
              <p className="truncate text-[0.65rem] text-ink-muted tabular-nums">{column.minutes > 0 ? (column.minutes < 1 ? '<1' : column.minutes) : '–'}</p>
            </div>
          ))}
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-2.5 rounded-sm bg-brand-300 night:bg-brand-500" />
            Minutos ouvidos
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full bg-emerald-500" />
            Humor depois
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full border-2 border-emerald-500" />
            Humor antes
          </li>
          <li>Humor de 1 (embaixo) a 5 (em cima)</li>
        </ul>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded-lg py-1 font-semibold text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">Ver em tabela</summary>
        <table id={tableId} className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Minutos ouvidos e humor médio de cada dia da semana</caption>
          <thead>
            <tr className="text-xs text-ink-muted">
              <th scope="col" className="py-1 pr-2 font-semibold">
                Dia
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Minutos
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Antes
              </th>
              <th scope="col" className="py-1 font-semibold">
                Depois
              </th>
            </tr>
          </thead>
          <tbody>
            {data.columns.map((column) => (
              <tr key={column.date} className="border-t border-line" data-testid="week-row">
                <th scope="row" className="py-1.5 pr-2 font-medium text-ink">
                  {column.longLabel === 'Hoje' || column.longLabel === 'Ontem' ? `${column.longLabel} (${column.dateLabel})` : `${column.weekday}, ${column.dateLabel}`}
                </th>
                <td className="py-1.5 pr-2 text-ink-muted tabular-nums">{column.minutesLabel}</td>
                <td className="py-1.5 pr-2 text-ink-muted">{column.moodBeforeLabel ?? '—'}</td>
                <td className="py-1.5 text-ink-muted">{column.moodAfterLabel ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}
