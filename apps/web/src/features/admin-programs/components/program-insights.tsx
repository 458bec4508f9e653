import { useState } from 'react'
import type { ProgramInsights } from '@sintonia/contract'
import { DateRangeFields, type DateRange } from '../../../components/admin/date-range-fields'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Skeleton } from '../../../components/ui/skeleton'
import { useProgramInsights } from '../api/programs'
import { lastDays, medianDaysLabel, percentLabel } from '../lib/range'

type InsightsRow = ProgramInsights['programs'][number]

const numberFormat = new Intl.NumberFormat('pt-BR')
const count = (n: number) => numberFormat.format(n)

/** 'Chegaram ao dia 14' means nothing for a 10-day programme: '—'. */
function reached(row: InsightsRow, day: 7 | 14 | 21): string {
  if (row.daysCount < day) return '—'
  return count(day === 7 ? row.reachedDay7 : day === 14 ? row.reachedDay14 : row.reachedDay21)
}

/** Each programme's numbers, labelled, in the order the table reads them. */
function figures(row: InsightsRow): { label: string; value: string }[] {
  return [
    { label: 'Inscritos', value: count(row.enrolled) },
    { label: 'Ativos nos últimos 7 dias', value: count(row.activeLast7Days) },
    { label: 'Chegaram ao dia 7', value: reached(row, 7) },
    { label: 'Chegaram ao dia 14', value: reached(row, 14) },
    { label: 'Chegaram ao dia 21', value: reached(row, 21) },
    { label: 'Concluíram', value: count(row.completed) },
    { label: 'Taxa de conclusão', value: percentLabel(row.completionRate) },
    { label: 'Mediana até concluir', value: medianDaysLabel(row.medianDaysToFinish) },
    { label: 'Lembretes enviados', value: count(row.remindersSent) },
    { label: 'Lembretes abertos', value: count(row.remindersOpened) },
  ]
}

const HEADERS = ['Inscritos', 'Ativos (7 dias)', 'Dia 7', 'Dia 14', 'Dia 21', 'Concluíram', 'Conclusão', 'Mediana', 'Lembretes enviados', 'Lembretes abertos']

/** The table from 768 px; on a phone one card per programme with its numbers labelled. */
export function InsightsTable({ programs }: { programs: InsightsRow[] }) {
  if (programs.length === 0) {
    return <p className="rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">Nenhum programa ainda.</p>
  }
  return (
    <>
      <DataTable caption="Resultados por programa" className="hidden md:block">
        <thead>
          <tr>
            <Th>Programa</Th>
            {HEADERS.map((header) => (
              <Th key={header} className="text-right whitespace-normal">
                {header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {programs.map((row) => (
            <Tr key={row.id} data-testid="insights-row">
              <Td className="min-w-40 font-semibold">{row.title}</Td>
              {figures(row).map((figure) => (
                <Td key={figure.label} className="text-right whitespace-nowrap tabular-nums">
                  {figure.value}
                </Td>
              ))}
            </Tr>
          ))}
        </tbody>
      </DataTable>
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Resultados por programa">
        {programs.map((row) => (
          <li key={row.id} data-testid="insights-card" className="rounded-2xl border border-line bg-white p-4 shadow-soft">
            <p className="font-semibold break-words text-ink">{row.title}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {figures(row).map((figure) => (
                <div key={figure.label} className="min-w-0">
                  <dt className="text-ink-muted">{figure.label}</dt>
                  <dd className="font-semibold text-ink tabular-nums">{figure.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * 'Resultados': for listeners who enrolled in the period (the last 30 days unless chosen), how far
 * they went in each programme and what the reminders did.
 */
export function ProgramInsightsPanel() {
  const [range, setRange] = useState<DateRange>(() => lastDays(30))
  const valid = Boolean(range.from && range.to && range.from <= range.to)
  const insights = useProgramInsights(valid ? { from: range.from, to: range.to } : null)
  return (
    <div className="flex flex-col gap-5">
      <p className="max-w-2xl text-ink-muted">
        Para quem se inscreveu no período: quantos seguem praticando, até onde chegaram e quantos concluíram. Os lembretes contam os enviados no período e
        quantos foram abertos.
      </p>
      <DateRangeFields idPrefix="program-insights" value={range} onChange={setRange} />
      {!range.from || !range.to ? <p className="text-sm text-ink-muted">Escolha as duas datas para ver os resultados.</p> : null}
      {insights.isError ? <QueryError error={insights.error} onRetry={() => void insights.refetch()} /> : null}
      {valid && insights.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : null}
      {insights.data && valid ? <InsightsTable programs={insights.data.programs} /> : null}
    </div>
  )
}
