import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { API, type AdvancedAnalytics } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { AdvancedAnalyticsPage } from './analytics-pages'

// The chart itself is recharts in a lazy chunk; the table under it carries the same names.
vi.mock('./charts', () => ({ BarsChart: () => null, LinesChart: () => null }))

const REPORT: AdvancedAnalytics = {
  totalEvents: 30,
  uniqueUsers: 12,
  dailyActiveUsers: 3,
  from: null,
  to: null,
  topEventTypes: [
    { eventType: 'page_view', count: 20 },
    { eventType: 'conversion_completed', count: 7 },
    { eventType: 'evento_de_teste', count: 3 },
  ],
  // Seven people started a checkout, one was a lead: the server's share is of the visits.
  funnel: [
    { step: 'landing_view', count: 10, shareOfFirst: null },
    { step: 'lead', count: 1, shareOfFirst: 0.1 },
    { step: 'checkout_started', count: 7, shareOfFirst: 0.7 },
    { step: 'paid', count: 2, shareOfFirst: 0.2 },
  ],
  topAudios: [],
}

afterEach(() => vi.unstubAllGlobals())

describe('Analytics avançado', () => {
  it('reads each funnel step against the visits, never as a percentage of a smaller step', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.analyticsAdvanced]: () => jsonResponse(REPORT) })))
    renderWithProviders(<AdvancedAnalyticsPage />)
    const checkouts = await screen.findByTestId('funnel-checkout_started')
    expect(checkouts.textContent).toBe('Checkouts iniciados7 · 70% das visitas')
    expect(screen.getByTestId('funnel-lead').textContent).toBe('Leads1 · 10% das visitas')
    expect(screen.getByTestId('funnel-landing_view').textContent).toBe('Visitas à página inicial10')
    expect(document.body.textContent).not.toMatch(/etapa anterior|700/)
  })

  it('names the events in Portuguese in the table', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.insights.admin.analyticsAdvanced]: () => jsonResponse(REPORT) })))
    renderWithProviders(<AdvancedAnalyticsPage />)
    const table = await screen.findByRole('table', { name: 'Tipos de evento mais frequentes' })
    expect(within(table).getByTestId('event-row-page_view').textContent).toBe('Página visitada20')
    expect(within(table).getByTestId('event-row-conversion_completed').textContent).toBe('Inscrição concluída7')
    expect(within(table).getByTestId('event-row-evento_de_teste').textContent).toBe('evento_de_teste3')
    expect(table.textContent).not.toContain('conversion_completed')
  })
})
