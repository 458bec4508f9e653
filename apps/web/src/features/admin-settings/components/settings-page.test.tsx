import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API, ADMIN_SETTINGS_MSG, GOODBYE_MSG } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { SettingsPage } from './settings-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(() => vi.unstubAllGlobals())

const stored = { productName: 'Sintonia', supportEmail: 'contato@sintonia.app', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0, retentionPauseMaxMonths: 3, retentionDiscountPercent: 0 }

describe('SettingsPage', () => {
  it('checks the values before sending, and keeps what was typed when the server refuses', async () => {
    const sent: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.admin.settings]: (_url, init) => {
            if (init?.method === 'PUT') {
              sent.push(JSON.parse(String(init.body)))
              return jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Serviço temporariamente indisponível' }, 503)
            }
            return jsonResponse(stored)
          },
        }),
      ),
    )
    renderWithProviders(<SettingsPage />)
    const name = (await screen.findByLabelText('Nome do produto')) as HTMLInputElement
    expect(name.value).toBe('Sintonia')

    fireEvent.change(screen.getByLabelText('Prazo de garantia (dias)'), { target: { value: '0' } })
    fireEvent.change(screen.getByLabelText('E-mail de suporte'), { target: { value: 'sem-arroba' } })
    fireEvent.change(screen.getByLabelText('Carência de renovação (dias)'), { target: { value: '31' } })
    fireEvent.change(screen.getByLabelText('Juros do parcelamento no cartão (% ao mês)'), { target: { value: '12' } })
    fireEvent.change(screen.getByLabelText('Desconto oferecido na próxima cobrança (%)'), { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }))
    await screen.findByText(ADMIN_SETTINGS_MSG.guaranteeDaysRange)
    screen.getByText(ADMIN_SETTINGS_MSG.supportEmailInvalid)
    screen.getByText(ADMIN_SETTINGS_MSG.renewalGraceDaysRange)
    screen.getByText(ADMIN_SETTINGS_MSG.installmentInterestRange)
    screen.getByText(GOODBYE_MSG.discountRange)
    expect(sent).toEqual([])

    fireEvent.change(name, { target: { value: 'Sintonia Mais' } })
    fireEvent.change(screen.getByLabelText('Prazo de garantia (dias)'), { target: { value: '30' } })
    fireEvent.change(screen.getByLabelText('E-mail de suporte'), { target: { value: 'ajuda@exemplo.com.br' } })
    fireEvent.change(screen.getByLabelText('Carência de renovação (dias)'), { target: { value: '0' } })
    fireEvent.change(screen.getByLabelText('Juros do parcelamento no cartão (% ao mês)'), { target: { value: '1,99' } })
    fireEvent.change(screen.getByLabelText('Desconto oferecido na próxima cobrança (%)'), { target: { value: '20' } })
    fireEvent.change(screen.getByLabelText('Pausa oferecida (meses)'), { target: { value: '2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }))
    await waitFor(() => expect(sent).toEqual([{ productName: 'Sintonia Mais', supportEmail: 'ajuda@exemplo.com.br', guaranteeDays: 30, renewalGraceDays: 0, installmentInterestBasisPoints: 199, retentionPauseMaxMonths: 2, retentionDiscountPercent: 20 }]))
    expect((await screen.findAllByText('Serviço temporariamente indisponível')).length).toBeGreaterThan(0)
    expect((screen.getByLabelText('Nome do produto') as HTMLInputElement).value).toBe('Sintonia Mais')
    expect((screen.getByLabelText('Prazo de garantia (dias)') as HTMLInputElement).value).toBe('30')
  })
})
