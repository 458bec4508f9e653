import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { API, LEAD_SOURCE, type AdminLeadsResponse } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { LeadsPanel } from './leads-panel'

afterEach(() => vi.unstubAllGlobals())

describe('Admin › Comunicação › Leads', () => {
  it("names each lead's origin in Portuguese ('Página de inscrição'), never its code", async () => {
    const list: AdminLeadsResponse = {
      leads: [
        {
          id: '5b0c0c43-6a3e-4c39-9d1f-000000000011',
          name: 'Ana Souza',
          email: 'ana@exemplo.com',
          phone: null,
          interestField: 'autoestima',
          source: LEAD_SOURCE,
          utmSource: 'instagram',
          utmMedium: null,
          utmCampaign: null,
          createdAt: '2026-11-20T13:00:00.000Z',
        },
        {
          id: '5b0c0c43-6a3e-4c39-9d1f-000000000012',
          name: 'Bruno Lima',
          email: 'bruno@exemplo.com',
          phone: null,
          interestField: null,
          source: 'importacao_antiga',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
          createdAt: '2026-11-21T13:00:00.000Z',
        },
      ],
      pageInfo: { page: 1, pageSize: 20, total: 2 },
    }
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.communication.admin.leads]: () => jsonResponse(list) })))
    renderWithProviders(<LeadsPanel />)
    const table = await screen.findByRole('table', { name: 'Leads' })
    await within(table).findByText('Ana Souza')
    const [, ana, bruno] = within(table).getAllByRole('row')
    within(ana!).getByText('Página de inscrição · instagram')
    within(bruno!).getByText('Outra origem')
    expect(table.textContent).not.toContain(LEAD_SOURCE)
    expect(table.textContent).not.toContain('importacao_antiga')
  })
})
