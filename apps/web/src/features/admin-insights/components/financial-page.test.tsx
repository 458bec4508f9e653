import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { API, type AdminGift, type Financial } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { FinancialPage } from './financial-page'

// The charts are recharts in a lazy chunk; the tables carry the numbers.
vi.mock('./charts', () => ({ BarsChart: () => null, LinesChart: () => null }))

const SCHEDULED_GIFT: AdminGift = {
  id: '5b0c8f3e-2f4a-4d1e-9c7b-000000000001',
  buyerEmail: 'ana@exemplo.com',
  recipientEmail: 'dora@exemplo.com',
  planName: 'Trimestral',
  deliverOn: '2026-12-24',
  state: 'scheduled',
  amountCents: 14_970,
  currency: 'BRL',
  paidAt: '2026-11-30T13:00:00.000Z',
}
const REFUNDED_GIFT: AdminGift = {
  ...SCHEDULED_GIFT,
  id: '5b0c8f3e-2f4a-4d1e-9c7b-000000000002',
  buyerEmail: 'bruno@exemplo.com',
  recipientEmail: 'caio@exemplo.com',
  planName: 'Anual',
  deliverOn: '2026-11-05',
  state: 'refunded',
  amountCents: 47_880,
}

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
  // Revenue comes from the API already net of the refunded gift (14 970, not 62 850).
  gifts: { sold: 5, revenueCents: 14_970, scheduled: 1, delivered: 2, redeemed: 1, refunded: 1, recent: [SCHEDULED_GIFT, REFUNDED_GIFT] },
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

  it('counts the gifts of the period by state and lists the latest ones', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.financial]: () => jsonResponse(REPORT) })))
    renderWithProviders(<FinancialPage />)
    const card = await screen.findByRole('region', { name: 'Presentes' })
    expect(text(within(card).getByTestId('gifts-sold'))).toBe('5')
    expect(text(within(card).getByTestId('gifts-revenue'))).toBe('R$ 149,70')
    const count = (label: string) => text(within(card).getByText(label).parentElement!)
    expect(count('Agendados')).toBe('Agendados1')
    expect(count('Entregues')).toBe('Entregues2')
    expect(count('Resgatados')).toBe('Resgatados1')
    expect(count('Reembolsados')).toBe('Reembolsados1')
    // A card per gift on a phone, a table row beside it: both say the same.
    const table = within(card).getByRole('table', { name: 'Últimos presentes do período' })
    const list = within(card).getByRole('list', { name: 'Últimos presentes do período' })
    for (const view of [within(table).getByTestId(`gift-row-${SCHEDULED_GIFT.id}`), within(list).getByTestId(`gift-card-${SCHEDULED_GIFT.id}`)]) {
      expect(text(view)).toContain('ana@exemplo.com')
      expect(text(view)).toContain('dora@exemplo.com')
      expect(text(view)).toContain('Trimestral')
      expect(text(view)).toContain('24/12/2026')
      expect(text(view)).toContain('Agendado')
      expect(text(view)).toContain('R$ 149,70')
    }
    for (const view of [within(table).getByTestId(`gift-row-${REFUNDED_GIFT.id}`), within(list).getByTestId(`gift-card-${REFUNDED_GIFT.id}`)]) {
      expect(text(view)).toContain('bruno@exemplo.com')
      expect(text(view)).toContain('caio@exemplo.com')
      expect(text(view)).toContain('05/11/2026')
      expect(text(view)).toContain('Reembolsado')
      expect(text(view)).toContain('R$ 478,80')
    }
  })

  it('says so when no gift was sold in the period', async () => {
    const noGifts = { sold: 0, revenueCents: 0, scheduled: 0, delivered: 0, redeemed: 0, refunded: 0, recent: [] }
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.financial]: () => jsonResponse({ ...REPORT, gifts: noGifts }) })))
    renderWithProviders(<FinancialPage />)
    const card = await screen.findByRole('region', { name: 'Presentes' })
    within(card).getByText('Nenhum presente vendido no período.')
    expect(within(card).queryByTestId('gifts-sold')).toBeNull()
    expect(within(card).queryByRole('table')).toBeNull()
  })
})
