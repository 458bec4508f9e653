import { useState } from 'react'
import { Activity, MousePointerClick, UsersRound } from 'lucide-react'
import { FUNNEL_LABELS, analyticsEventLabel, type AnalyticsSummary } from '@sintonia/contract'
import { DateRangeFields, rangeParams, type DateRange } from '../../../components/admin/date-range-fields'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { StatTile } from '../../../components/admin/stat-tile'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { useAdvancedAnalytics, useAnalyticsSummary } from '../api/insights'
import { BarsChart, CHART_COLORS, ChartCard } from './chart-frame'

export const numberFormat = new Intl.NumberFormat('pt-BR')
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })

function SummaryTiles({ data }: { data: AnalyticsSummary | undefined }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatTile icon={MousePointerClick} label="Total de eventos" value={data ? numberFormat.format(data.totalEvents) : null} testId="analytics-total" />
      <StatTile icon={UsersRound} label="Usuários únicos" value={data ? numberFormat.format(data.uniqueUsers) : null} hint="Contas conectadas, ou sessões do navegador de visitantes" />
      <StatTile icon={Activity} label="Ativos nas últimas 24 h" value={data ? numberFormat.format(data.dailyActiveUsers) : null} />
    </div>
  )
}

function TopEvents({ data }: { data: AnalyticsSummary | undefined }) {
  const rows = data?.topEventTypes ?? []
  return (
    <>
      <ChartCard title="Tipos de evento mais frequentes" description="Os 10 mais registrados no período">
        {rows.length > 0 ? (
          <BarsChart data={rows.map((r) => ({ event: analyticsEventLabel(r.eventType), count: r.count }))} xKey="event" layout="vertical" series={[{ key: 'count', label: 'Eventos', color: CHART_COLORS.brand }]} height={Math.max(160, rows.length * 44)} />
        ) : (
          <p className="text-ink-muted">Nenhum evento no período.</p>
        )}
      </ChartCard>
      {rows.length > 0 ? (
        <DataTable caption="Tipos de evento mais frequentes" narrow>
          <thead>
            <tr>
              <Th>Evento</Th>
              <Th className="text-right">Quantidade</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Tr key={r.eventType} data-testid={`event-row-${r.eventType}`}>
                <Td>{analyticsEventLabel(r.eventType)}</Td>
                <Td className="text-right tabular-nums">{numberFormat.format(r.count)}</Td>
              </Tr>
            ))}
          </tbody>
        </DataTable>
      ) : null}
    </>
  )
}

const refreshNote = 'Atualiza sozinho a cada 60 segundos.'

/** `/admin/analytics` (docs/product/admin.md#analytics-adminanalytics), refreshed every 60 s. */
export function AnalyticsPage() {
  const summary = useAnalyticsSummary({})
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Analytics" description={`Eventos registrados pelo site: totais, usuários únicos, os tipos mais frequentes e quem esteve ativo nas últimas 24 horas. ${refreshNote}`} />
      {summary.isError ? <QueryError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      <SummaryTiles data={summary.data} />
      <TopEvents data={summary.data} />
    </div>
  )
}

/** `/admin/analytics-advanced`: the same with a date range, the lead funnel and the most played audios. */
export function AdvancedAnalyticsPage() {
  const [range, setRange] = useState<DateRange>({ from: '', to: '' })
  const report = useAdvancedAnalytics(rangeParams(range))
  const funnel = report.data?.funnel ?? []
  // Bars are drawn against the first step, like the share beside them (docs/product/admin.md#advanced-analytics-adminanalytics-advanced);
  // with no visits counted, against the largest step.
  const first = funnel[0]?.count ?? 0
  const scale = first > 0 ? first : Math.max(0, ...funnel.map((step) => step.count))
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Analytics avançado" description={`Funil de conversão (visita → lead → checkout → pagamento) e os áudios mais ouvidos no período escolhido. ${refreshNote}`} />
      <DateRangeFields idPrefix="advanced" value={range} onChange={setRange} />
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      <SummaryTiles data={report.data} />
      <section className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6" aria-labelledby="funnel-title">
        <h2 id="funnel-title" className="text-lg font-bold text-ink">
          Funil
        </h2>
        <p className="mt-1 text-sm text-ink-muted">Pessoas em cada etapa no período, comparadas às visitas à página inicial (no máximo 100%).</p>
        <ol className="mt-4 grid gap-3">
          {funnel.map((step) => {
            const width = scale > 0 ? Math.min(100, Math.max(step.count > 0 ? 2 : 0, (step.count / scale) * 100)) : 0
            return (
              <li key={step.step} data-testid={`funnel-${step.step}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold text-ink">{FUNNEL_LABELS[step.step]}</span>
                  <span className="text-ink-muted tabular-nums">
                    <strong className="text-ink">{numberFormat.format(step.count)}</strong>
                    {step.shareOfFirst !== null ? ` · ${percent.format(step.shareOfFirst)} das visitas` : ''}
                  </span>
                </div>
                <div className="mt-1.5 h-3 rounded-full bg-tint" aria-hidden="true">
                  <div className="h-3 rounded-full bg-brand-600" style={{ width: `${width}%` }} />
                </div>
              </li>
            )
          })}
          {report.isPending ? <li className="text-ink-muted">Carregando...</li> : null}
        </ol>
      </section>
      <section aria-labelledby="top-audios-title">
        <h2 id="top-audios-title" className="mb-3 text-lg font-bold text-ink">
          Áudios mais ouvidos
        </h2>
        <DataTable caption="Áudios mais ouvidos" narrow>
          <thead>
            <tr>
              <Th>Áudio</Th>
              <Th>Campo</Th>
              <Th className="text-right">Reproduções</Th>
            </tr>
          </thead>
          <tbody>
            {report.data?.topAudios.map((a) => (
              <Tr key={a.audioId}>
                <Td className="font-semibold">{a.title}</Td>
                <Td>{a.fieldTitle}</Td>
                <Td className="text-right tabular-nums">{numberFormat.format(a.plays)}</Td>
              </Tr>
            ))}
            {report.data && report.data.topAudios.length === 0 ? (
              <Tr>
                <Td colSpan={3} className="py-8 text-center text-ink-muted">
                  Nenhuma reprodução no período.
                </Td>
              </Tr>
            ) : null}
          </tbody>
        </DataTable>
      </section>
      <TopEvents data={report.data} />
    </div>
  )
}
