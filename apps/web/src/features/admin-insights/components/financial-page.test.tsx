import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { API, type Financial } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { FinancialPage } from './financial-page'

// The charts are recharts in a lazy chunk; the tables carry the numbers.
vi.mock('./charts', () => ({ BarsChart: () => null, LinesChart: () => null }))

const REPORT: Financial = {
  currency: 'BRL',
  mrrCents: 9_000,
  activeSubscriptions: 4,
  months: [{ month: '2026-11', revenueCents: 141_480, refundsCents: 0, payments: 4, newSubscriptions: 4, cancelledSubscriptions: 0 }],
  activeByPlan: [{ planCode: 'anual', planName: 'Anual', count: 4 }],
  refunds: { count: 0, totalCents: 0 },
  disputes: { count: 1, totalCents: 47_880 },
  byMethod: [
    { method: 'pix', installments: null, payments: 1, revenueCents: 14_970 },
    { method: 'card', installments: 1, payments: 1, revenueCents: 47_880 },
    { method: 'card', installments: 12, payments: 2, revenueCents: 78_630 },
  ],
  totals: { revenueCents: 141_480, refundsCents: 0, netCents: 141_480 },
  goodbyes: {
    asked: 5,
    canceled: 2,
    paused: 2,
    discounted: 1,
    cameBack: 1,
    reasons: [
      { reason: 'price', count: 3 },
      { reason: null, count: 2 },
    ],
  },
}

const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ')

afterEach(() => vi.unstubAllGlobals())

describe('Financeiro', () => {
  it('shows the revenue by method and instalments, in the words of the receipts', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.financial]: () => jsonResponse(REPORT) })))
    renderWithProviders(<FinancialPage />)
    const table = await screen.findByRole('table', { name: 'Receita por forma de pagamento e parcelas no período' })
    expect(text(within(table).getByTestId('financial-method-pix-0'))).toBe('Pix1 pagamentoR$ 149,70')
    expect(text(within(table).getByTestId('financial-method-card-1'))).toBe('Cartão, à vista1 pagamentoR$ 478,80')
    expect(text(within(table).getByTestId('financial-method-card-12'))).toBe('Cartão em 12x2 pagamentosR$ 786,30')
    expect(text(screen.getByTestId('financial-refunds').parentElement!)).toContain('Contestações no cartão: 1 · R$ 478,80')
  })

  it('says so when the period has no payment', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.financial]: () => jsonResponse({ ...REPORT, byMethod: [] }) })))
    renderWithProviders(<FinancialPage />)
    await screen.findByText('Nenhum pagamento no período.')
    expect(screen.queryByRole('table', { name: 'Receita por forma de pagamento e parcelas no período' })).toBeNull()
  })

  it('shows why subscribers asked to cancel and what they chose', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.financial]: () => jsonResponse(REPORT) })))
    renderWithProviders(<FinancialPage />)
    const table = await screen.findByRole('table', { name: 'Motivos de quem pediu o cancelamento no período' })
    expect(text(within(table).getByTestId('goodbye-reason-price'))).toBe('Está caro para mim agora3')
    expect(text(within(table).getByTestId('goodbye-reason-none'))).toBe('Não respondeu2')
    expect(text(screen.getByTestId('goodbye-summary'))).toBe('5 pedidos: 2 cancelaram, 2 pausaram, 1 ficou com o desconto; 1 voltou depois de cancelar.')
  })
})
