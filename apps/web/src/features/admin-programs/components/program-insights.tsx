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

const completedLabel = (row: InsightsRow) => `${count(row.completed)} (${percentLabel(row.completionRate)})`
const remindersLabel = (row: InsightsRow) => `${count(row.remindersOpened)} de ${count(row.remindersSent)}`

/** The table from 768 px; on a phone one card per programme with its numbers labelled. */
export function InsightsTable({ programs }: { programs: InsightsRow[] }) {
  if (programs.length === 0) {
    return <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">Nenhum programa ainda.</p>
  }
  const th = 'px-3 text-right'
  const td = 'px-3 text-right whitespace-nowrap tabular-nums'
  return (
    <>
      <DataTable caption="Resultados por programa" className="hidden md:block">
        <thead>
          <tr>
            <Th rowSpan={2} className="px-3">
              Programa
            </Th>
            <Th rowSpan={2} className={th}>
              Inscritos
            </Th>
            <Th rowSpan={2} className={th}>
              Ativos (7 dias)
            </Th>
            <Th colSpan={3} scope="colgroup" className="border-b-0 px-3 pb-0 text-center">
              Chegaram ao dia
            </Th>
            <Th rowSpan={2} className={th}>
              Concluíram
            </Th>
            <Th rowSpan={2} className={th}>
              Mediana
            </Th>
            <Th rowSpan={2} className={th}>
              Lembretes abertos
            </Th>
          </tr>
          <tr>
            {[7, 14, 21].map((day) => (
              <Th key={day} className={th}>
                <span className="sr-only">Chegaram ao dia </span>
                {day}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {programs.map((row) => (
            <Tr key={row.id} data-testid="insights-row">
              <Td className="min-w-52 px-3 font-semibold">{row.title}</Td>
              <Td className={td}>{count(row.enrolled)}</Td>
              <Td className={td}>{count(row.activeLast7Days)}</Td>
              <Td className={td}>{reached(row, 7)}</Td>
              <Td className={td}>{reached(row, 14)}</Td>
              <Td className={td}>{reached(row, 21)}</Td>
              <Td className={td}>{completedLabel(row)}</Td>
              <Td className={td}>{medianDaysLabel(row.medianDaysToFinish)}</Td>
              <Td className={td}>{remindersLabel(row)}</Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Resultados por programa">
        {programs.map((row) => (
          <li key={row.id} data-testid="insights-card" className="rounded-2xl border border-line bg-card p-4 shadow-soft">
            <p className="font-semibold break-words text-ink">{row.title}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2.5 text-sm">
              <Figure label="Inscritos" value={count(row.enrolled)} />
              <Figure label="Ativos (7 dias)" value={count(row.activeLast7Days)} />
              <Figure wide label="Chegaram ao dia 7 · 14 · 21" value={`${reached(row, 7)} · ${reached(row, 14)} · ${reached(row, 21)}`} />
              <Figure label="Concluíram" value={completedLabel(row)} />
              <Figure label="Lembretes abertos" value={remindersLabel(row)} />
              <Figure wide label="Mediana até concluir" value={medianDaysLabel(row.medianDaysToFinish)} />
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
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
