import { screen } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, it, vi } from 'vitest'
import { API, type Field } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { DashboardPage } from './dashboard-page'

const FIELD: Field = { id: '6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a0001', title: 'Calma', description: '', iconName: 'Brain', displayOrder: 1, coverImage: null, audioCount: 2 }

describe('DashboardPage offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true)
    vi.unstubAllGlobals()
  })

  it('asks for the fields even when the browser says it is offline, so the kept copy shows', async () => {
    onlineManager.setOnline(false)
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.catalogue.fields]: () => jsonResponse({ fields: [FIELD] }) })))
    renderWithProviders(<DashboardPage productName="Sintonia" renderSearch={() => null} />)
    await screen.findByRole('heading', { level: 3, name: 'Calma' })
  })
})
