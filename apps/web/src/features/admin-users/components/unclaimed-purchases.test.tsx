import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, UNCLAIMED_MSG, type UnclaimedPurchase } from '@sintonia/contract'
import type * as Sonner from 'sonner'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { UnclaimedPurchases } from './unclaimed-purchases'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))

const JOANA: UnclaimedPurchase = {
  id: '0b6f1f0e-1a2b-4c3d-9e8f-000000000001',
  email: 'joana@exemplo.com',
  customerName: 'Joana Pereira',
  planCode: 'anual',
  planName: 'Anual',
  amountCents: 29700,
  currency: 'BRL',
  paidAt: '2026-11-20T13:00:00.000Z',
  lastAccessLinkAt: null,
  accountExists: true,
}

function setup(purchases: UnclaimedPurchase[], resend: () => Response = () => jsonResponse({ message: UNCLAIMED_MSG.resent })) {
  const calls: string[] = []
  let list = purchases
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.accounts.admin.unclaimedPurchases]: () => {
          calls.push('list')
          return jsonResponse({ purchases: list })
        },
        [API.accounts.admin.unclaimedPurchaseResend(JOANA.id)]: () => {
          calls.push('resend')
          list = list.map((p) => ({ ...p, lastAccessLinkAt: '2026-11-21T15:30:00.000Z' }))
          return resend()
        },
      }),
    ),
  )
  renderWithProviders(<UnclaimedPurchases />)
  return { calls }
}

afterEach(() => {
  vi.unstubAllGlobals()
  toastMock.success.mockReset()
  toastMock.error.mockReset()
})

describe('Admin › Usuários › Pagamento sem conta', () => {
  it('says so when nothing waits', async () => {
    setup([])
    await screen.findByText('Nenhum pagamento aguardando ativação.')
    screen.getByRole('heading', { level: 2, name: 'Pagamento sem conta' })
  })

  it('lists e-mail, name, plan, amount, paid date, last link and the unconfirmed account note', async () => {
    setup([JOANA])
    const card = await screen.findByTestId(`unclaimed-card-${JOANA.email}`)
    const row = screen.getByTestId(`unclaimed-row-${JOANA.email}`)
    for (const view of [card, row]) {
      expect(view.textContent).toContain('Joana Pereira')
      expect(view.textContent).toContain('joana@exemplo.com')
      expect(view.textContent).toContain('Anual')
      expect(view.textContent).toMatch(/R\$\s?297,00/)
      expect(view.textContent).toContain('20/11/2026')
      expect(view.textContent).toContain('Nunca enviado')
      expect(view.textContent).toContain('nunca confirmou o endereço')
    }
  })

  it('"Reenviar acesso" toasts the answer and refreshes the last link sent', async () => {
    const { calls } = setup([{ ...JOANA, accountExists: false }])
    const row = await screen.findByTestId(`unclaimed-row-${JOANA.email}`)
    expect(row.textContent).not.toContain('nunca confirmou')
    fireEvent.click(within(row).getByRole('button', { name: /Reenviar acesso/ }))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(UNCLAIMED_MSG.resent, expect.objectContaining({ description: JOANA.email })))
    await waitFor(() => expect(screen.getByTestId(`unclaimed-row-${JOANA.email}`).textContent).toContain('21/11/2026'))
    expect(calls).toEqual(['list', 'resend', 'list'])
  })

  it('a refusal is toasted as an error', async () => {
    setup([JOANA], () => jsonResponse({ statusCode: 404, error: 'Not Found', message: UNCLAIMED_MSG.notFound }, 404))
    const row = await screen.findByTestId(`unclaimed-row-${JOANA.email}`)
    fireEvent.click(within(row).getByRole('button', { name: /Reenviar acesso/ }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(UNCLAIMED_MSG.notFound))
  })
})
