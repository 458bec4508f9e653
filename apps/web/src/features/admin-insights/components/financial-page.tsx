import { useState } from 'react'
import { Banknote, CalendarClock, RotateCcw, UserRoundCheck } from 'lucide-react'
import { CANCEL_REASON_LABEL, formatMoney, paymentGroupLabel, type AdminGift, type AdminGiftReport, type GoodbyeReport } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { EmailText } from '../../../components/admin/email-text'
import { GiftHeading, GiftStateBadge, formatGiftDay } from '../../../components/gift-state'
import { QueryError } from '../../../components/admin/query-error'
import { StatTile } from '../../../components/admin/stat-tile'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { SelectInput } from '../../../components/ui/form'
import { useFinancial } from '../api/insights'
import { numberFormat } from './analytics-pages'
import { BarsChart, CHART_COLORS, ChartCard } from './chart-frame'

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' })
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`)).replace('. de ', '/').replace(' de ', '/')
const reais = (cents: number) => formatMoney(cents, 'BRL')
const compactReais = (value: number) => `R$ ${numberFormat.format(Math.round(value / 100))}`

/** `/admin/financial`: money from recorded payments, as charts and a table. */
export function FinancialPage() {
  const [months, setMonths] = useState(12)
  const report = useFinancial(months)
  const data = report.data
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Financeiro"
        description="Receita e reembolsos dos pagamentos registrados, MRR, assinaturas ativas por plano e assinaturas novas e encerradas por mês. Acessos cortesia não entram nas contas."
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="financial-months" className="text-sm font-semibold text-ink">
              Período
            </label>
            <SelectInput id="financial-months" className="h-11 w-56" value={String(months)} onChange={(e) => setMonths(Number(e.target.value))}>
              <option value="3">Últimos 3 meses</option>
              <option value="6">Últimos 6 meses</option>
              <option value="12">Últimos 12 meses</option>
              <option value="24">Últimos 24 meses</option>
            </SelectInput>
          </div>
        }
      />
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile icon={CalendarClock} label="MRR" value={data ? reais(data.mrrCents) : null} hint="Valor mensal normalizado das assinaturas ativas" testId="financial-mrr" />
        <StatTile icon={UserRoundCheck} label="Assinaturas pagas ativas" value={data ? numberFormat.format(data.activeSubscriptions) : null} />
        <StatTile icon={Banknote} label="Receita líquida no período" value={data ? reais(data.totals.netCents) : null} hint={data ? `Bruta ${reais(data.totals.revenueCents)}` : undefined} />
        <StatTile
          icon={RotateCcw}
          label="Reembolsos no período"
          value={data ? `${numberFormat.format(data.refunds.count)} · ${reais(data.refunds.totalCents)}` : null}
          hint={data ? `Contestações no cartão: ${numberFormat.format(data.disputes.count)} · ${reais(data.disputes.totalCents)}` : undefined}
          testId="financial-refunds"
        />
      </div>
      {data ? (
        <>
          <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <ChartCard title="Receita por mês">
              <BarsChart
                data={data.months.map((m) => ({ month: monthLabel(m.month), revenue: m.revenueCents, refunds: m.refundsCents }))}
                xKey="month"
                format={compactReais}
                series={[
                  { key: 'revenue', label: 'Receita', color: CHART_COLORS.brand },
                  { key: 'refunds', label: 'Reembolsos', color: CHART_COLORS.red },
                ]}
              />
            </ChartCard>
            <ChartCard title="Assinaturas novas e encerradas">
              <BarsChart
                data={data.months.map((m) => ({ month: monthLabel(m.month), created: m.newSubscriptions, ended: m.cancelledSubscriptions }))}
                xKey="month"
                series={[
                  { key: 'created', label: 'Novas', color: CHART_COLORS.green },
                  { key: 'ended', label: 'Encerradas', color: CHART_COLORS.slate },
                ]}
              />
            </ChartCard>
          </div>
          <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <ChartCard title="Assinaturas ativas por plano">
              {data.activeByPlan.length > 0 ? (
                <BarsChart data={data.activeByPlan.map((p) => ({ plan: p.planName, count: p.count }))} xKey="plan" layout="vertical" series={[{ key: 'count', label: 'Assinaturas', color: CHART_COLORS.brand }]} height={Math.max(140, data.activeByPlan.length * 48)} />
              ) : (
                <p className="text-ink-muted">Nenhuma assinatura paga ativa.</p>
              )}
            </ChartCard>
            <section aria-labelledby="financial-methods-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
              <h2 id="financial-methods-title" className="text-lg font-bold text-ink">
                Receita por forma de pagamento
              </h2>
              <p className="mt-1 text-sm text-ink-muted">Pix e cartão pelas parcelas escolhidas, no período.</p>
              {data.byMethod.length > 0 ? (
                <DataTable narrow className="mt-4" caption="Receita por forma de pagamento e parcelas no período">
                  <thead>
                    <tr>
                      <Th>Forma de pagamento</Th>
                      <Th className="text-right">Receita</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.byMethod.map((group) => (
                      <Tr key={`${group.method}-${group.installments ?? 0}`} data-testid={`financial-method-${group.method}-${group.installments ?? 0}`}>
                        <Td>
                          <span className="block font-semibold">{paymentGroupLabel(group.method, group.installments)}</span>
                          <span className="block text-xs text-ink-muted">{group.payments === 1 ? '1 pagamento' : `${numberFormat.format(group.payments)} pagamentos`}</span>
                        </Td>
                        <Td className="text-right whitespace-nowrap tabular-nums">{reais(group.revenueCents)}</Td>
                      </Tr>
                    ))}
                  </tbody>
                </DataTable>
              ) : (
                <p className="mt-4 text-ink-muted">Nenhum pagamento no período.</p>
              )}
            </section>
          </div>
          <GoodbyesCard goodbyes={data.goodbyes} />
          <GiftsCard gifts={data.gifts} />
          <section aria-labelledby="financial-table-title">
            <h2 id="financial-table-title" className="mb-3 text-lg font-bold text-ink">
              Mês a mês
            </h2>
            <DataTable caption="Financeiro mês a mês">
              <thead>
                <tr>
                  <Th>Mês</Th>
                  <Th className="text-right">Receita</Th>
                  <Th className="text-right">Pagamentos</Th>
                  <Th className="text-right">Reembolsos</Th>
                  <Th className="text-right">Novas</Th>
                  <Th className="text-right">Encerradas</Th>
                </tr>
              </thead>
              <tbody>
                {[...data.months].reverse().map((m) => (
                  <Tr key={m.month} data-testid={`financial-${m.month}`}>
                    <Td className="font-semibold capitalize">{monthLabel(m.month)}</Td>
                    <Td className="text-right tabular-nums">{reais(m.revenueCents)}</Td>
                    <Td className="text-right tabular-nums">{numberFormat.format(m.payments)}</Td>
                    <Td className="text-right tabular-nums">{reais(m.refundsCents)}</Td>
                    <Td className="text-right tabular-nums">{numberFormat.format(m.newSubscriptions)}</Td>
                    <Td className="text-right tabular-nums">{numberFormat.format(m.cancelledSubscriptions)}</Td>
                  </Tr>
                ))}
              </tbody>
            </DataTable>
          </section>
        </>
      ) : null}
    </div>
  )
}

const plural = (count: number, one: string, many: string) => `${numberFormat.format(count)} ${count === 1 ? one : many}`

/** Why subscribers asked to cancel in the period and what they chose (docs/product/commerce.md#a-fair-goodbye). */
function GoodbyesCard({ goodbyes }: { goodbyes: GoodbyeReport }) {
  return (
    <section aria-labelledby="financial-goodbyes-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      <h2 id="financial-goodbyes-title" className="text-lg font-bold text-ink">
        Pedidos de cancelamento
      </h2>
      {goodbyes.asked === 0 ? (
        <p className="mt-1 text-ink-muted">Ninguém pediu o cancelamento no período.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted" data-testid="goodbye-summary">
            {plural(goodbyes.asked, 'pedido', 'pedidos')}: {numberFormat.format(goodbyes.canceled)} {goodbyes.canceled === 1 ? 'cancelou' : 'cancelaram'},{' '}
            {numberFormat.format(goodbyes.paused)} {goodbyes.paused === 1 ? 'pausou' : 'pausaram'}, {numberFormat.format(goodbyes.discounted)}{' '}
            {goodbyes.discounted === 1 ? 'ficou' : 'ficaram'} com o desconto; {numberFormat.format(goodbyes.cameBack)} {goodbyes.cameBack === 1 ? 'voltou' : 'voltaram'} depois de cancelar.
          </p>
          <DataTable narrow className="mt-4" caption="Motivos de quem pediu o cancelamento no período">
            <thead>
              <tr>
                <Th>Motivo</Th>
                <Th className="text-right">Pedidos</Th>
              </tr>
            </thead>
            <tbody>
              {goodbyes.reasons.map((row) => (
                <Tr key={row.reason ?? 'none'} data-testid={`goodbye-reason-${row.reason ?? 'none'}`}>
                  <Td>{row.reason ? CANCEL_REASON_LABEL[row.reason] : 'Não respondeu'}</Td>
                  <Td className="text-right tabular-nums">{numberFormat.format(row.count)}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        </>
      )}
    </section>
  )
}

/** The four states a paid gift can be in, in the order a gift goes through them. */
const GIFT_COUNTS = [
  { key: 'scheduled', label: 'Agendados' },
  { key: 'delivered', label: 'Entregues' },
  { key: 'redeemed', label: 'Resgatados' },
  { key: 'refunded', label: 'Reembolsados' },
] as const

function GiftPeople({ gift }: { gift: AdminGift }) {
  return (
    <>
      <EmailText email={gift.buyerEmail} className="block font-semibold" />
      <span className="block text-ink-muted">
        <span aria-hidden="true">→ </span>
        <span className="sr-only">para </span>
        <EmailText email={gift.recipientEmail} />
      </span>
    </>
  )
}

/** Plans bought for someone else in the period (docs/product/commerce.md#gifts): how many, the money kept, where they are now. */
function GiftsCard({ gifts }: { gifts: AdminGiftReport }) {
  return (
    <section aria-labelledby="financial-gifts-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6" data-testid="financial-gifts">
      <h2 id="financial-gifts-title" className="text-lg font-bold text-ink">
        Presentes
      </h2>
      {gifts.sold === 0 && gifts.recent.length === 0 ? (
        <p className="mt-1 text-ink-muted">Nenhum presente vendido no período.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">Planos pagos para outra pessoa no período. A receita não conta os presentes reembolsados.</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
            {/* On a phone the sale and the money take a line each: a large amount does not fit half of 360 px. */}
            <div className="col-span-2 rounded-2xl bg-tint/60 px-4 py-3 sm:col-span-1">
              <dt className="text-sm text-ink-muted">Vendidos</dt>
              <dd className="mt-0.5 text-xl font-bold text-ink tabular-nums" data-testid="gifts-sold">
                {numberFormat.format(gifts.sold)}
              </dd>
            </div>
            <div className="col-span-2 rounded-2xl bg-tint/60 px-4 py-3 sm:col-span-1">
              <dt className="text-sm text-ink-muted">Receita</dt>
              <dd className="mt-0.5 text-xl font-bold whitespace-nowrap text-ink tabular-nums" data-testid="gifts-revenue">
                {reais(gifts.revenueCents)}
              </dd>
            </div>
            {GIFT_COUNTS.map(({ key, label }) => (
              <div key={key} className="rounded-2xl border border-line px-4 py-3">
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="mt-0.5 text-xl font-bold text-ink tabular-nums" data-testid={`gifts-${key}`}>
                  {numberFormat.format(gifts[key])}
                </dd>
              </div>
            ))}
          </dl>
          {gifts.recent.length > 0 ? (
            <>
              <h3 className="mt-6 font-bold text-ink">Últimos presentes</h3>
              {/* The space beside the admin menu decides: one card per gift until the five columns fit (48rem), then the table. */}
              <div className="mt-3 @container">
                <ul className="grid gap-3 @3xl:hidden" aria-label="Últimos presentes do período">
                  {gifts.recent.map((gift) => (
                    <li key={gift.id} data-testid={`gift-card-${gift.id}`} className="rounded-2xl border border-line p-4 text-sm">
                      <GiftHeading gift={gift} />
                      <div className="mt-2">
                        <GiftPeople gift={gift} />
                      </div>
                      <p className="mt-2 text-xs text-ink-muted tabular-nums">Entrega em {formatGiftDay(gift.deliverOn)}</p>
                    </li>
                  ))}
                </ul>
                <DataTable caption="Últimos presentes do período" className="hidden @3xl:block">
                  <thead>
                    <tr>
                      <Th>De → para</Th>
                      <Th>Plano</Th>
                      <Th>Entrega</Th>
                      <Th>Estado</Th>
                      <Th className="text-right">Valor</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {gifts.recent.map((gift) => (
                      <Tr key={gift.id} data-testid={`gift-row-${gift.id}`}>
                        <Td className="w-full">
                          <GiftPeople gift={gift} />
                        </Td>
                        <Td className="whitespace-nowrap">{gift.planName}</Td>
                        <Td className="whitespace-nowrap tabular-nums">{formatGiftDay(gift.deliverOn)}</Td>
                        <Td>
                          <GiftStateBadge state={gift.state} />
                        </Td>
                        <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(gift.amountCents, gift.currency)}</Td>
                      </Tr>
                    ))}
                  </tbody>
                </DataTable>
              </div>
            </>
          ) : null}
        </>
      )}
    </section>
  )
}
