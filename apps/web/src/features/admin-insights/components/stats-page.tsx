import { useState } from 'react'
import { Headphones, Repeat, UsersRound } from 'lucide-react'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { DateRangeFields, rangeParams, type DateRange } from '../../../components/admin/date-range-fields'
import { QueryError } from '../../../components/admin/query-error'
import { StatTile } from '../../../components/admin/stat-tile'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { useListeningStats } from '../api/insights'
import { numberFormat } from './analytics-pages'
import { CHART_COLORS, ChartCard, LinesChart } from './chart-frame'

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

function CountsTable({ caption, rows, withField }: { caption: string; rows: { id: string; title: string; fieldTitle?: string; plays: number; repetitions: number }[]; withField?: boolean }) {
  return (
    <DataTable caption={caption} narrow={!withField}>
      <thead>
        <tr>
          <Th>{withField ? 'Áudio' : 'Campo'}</Th>
          {withField ? <Th>Campo</Th> : null}
          <Th className="text-right">Reproduções</Th>
          <Th className="text-right">Repetições concluídas</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <Tr key={r.id}>
            <Td className="font-semibold">{r.title}</Td>
            {withField ? <Td>{r.fieldTitle}</Td> : null}
            <Td className="text-right tabular-nums">{numberFormat.format(r.plays)}</Td>
            <Td className="text-right tabular-nums">{numberFormat.format(r.repetitions)}</Td>
          </Tr>
        ))}
        {rows.length === 0 ? (
          <Tr>
            <Td colSpan={withField ? 4 : 3} className="py-8 text-center text-ink-muted">
              Nada ouvido no período.
            </Td>
          </Tr>
        ) : null}
      </tbody>
    </DataTable>
  )
}

/** `/admin/stats`: plays and completed repetitions per day, per field and per audio. */
export function StatsPage() {
  const [range, setRange] = useState<DateRange>({ from: '', to: '' })
  const stats = useListeningStats(rangeParams(range))
  const data = stats.data
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Estatísticas de escuta" description="Reproduções e repetições concluídas pelos assinantes, por dia (horário de Brasília), por campo e por áudio. Sem período escolhido, mostra os últimos 30 dias." />
      <DateRangeFields idPrefix="stats" value={range} onChange={setRange} />
      {stats.isError ? <QueryError error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <StatTile icon={Headphones} label="Reproduções" value={data ? numberFormat.format(data.totals.plays) : null} testId="stats-plays" />
        <StatTile icon={Repeat} label="Repetições concluídas" value={data ? numberFormat.format(data.totals.repetitions) : null} />
        <StatTile icon={UsersRound} label="Ouvintes" value={data ? numberFormat.format(data.totals.listeners) : null} />
      </div>
      <ChartCard title="Por dia">
        {data && data.perDay.length > 0 ? (
          <LinesChart
            data={data.perDay.map((d) => ({ day: dayLabel(d.day), plays: d.plays, repetitions: d.repetitions }))}
            xKey="day"
            series={[
              { key: 'plays', label: 'Reproduções', color: CHART_COLORS.brand },
              { key: 'repetitions', label: 'Repetições', color: CHART_COLORS.gold },
            ]}
          />
        ) : (
          <p className="text-ink-muted">{data ? 'Nada ouvido no período.' : 'Carregando...'}</p>
        )}
      </ChartCard>
      <section aria-labelledby="per-field-title">
        <h2 id="per-field-title" className="mb-3 text-lg font-bold text-ink">
          Por campo
        </h2>
        <CountsTable caption="Escuta por campo" rows={(data?.perField ?? []).map((f) => ({ id: f.fieldId, title: f.title, plays: f.plays, repetitions: f.repetitions }))} />
      </section>
      <section aria-labelledby="per-audio-title">
        <h2 id="per-audio-title" className="mb-3 text-lg font-bold text-ink">
          Por áudio (50 mais ouvidos)
        </h2>
        <CountsTable caption="Escuta por áudio" withField rows={(data?.perAudio ?? []).map((a) => ({ id: a.audioId, title: a.title, fieldTitle: a.fieldTitle, plays: a.plays, repetitions: a.repetitions }))} />
      </section>
    </div>
  )
}
