import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { API, GIFT_PATHS, type AdminGift, type AdminUser, type AdminUserGifts } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { UsersPage } from './users-page'

function person(id: string, name: string, email: string): AdminUser {
  return {
    id,
    name,
    email,
    role: 'user',
    banned: false,
    banReason: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    subscription: {
      status: 'none',
      givesAccess: false,
      planCode: null,
      planName: null,
      currentPeriodEnd: null,
      provider: null,
      cancelsAt: null,
      renewsAt: null,
      graceEndsAt: null,
    },
    refundPending: false,
  }
}

const ANA = person('0e7d1c2b-0000-4000-8000-00000000000a', 'Ana Lima', 'ana@exemplo.com')
const BRUNO = person('0e7d1c2b-0000-4000-8000-00000000000b', 'Bruno Reis', 'bruno@exemplo.com')

const BOUGHT: AdminGift = {
  id: '5b0c8f3e-2f4a-4d1e-9c7b-000000000001',
  buyerEmail: ANA.email,
  recipientEmail: 'dora@exemplo.com',
  planName: 'Trimestral',
  deliverOn: '2026-12-24',
  state: 'scheduled',
  amountCents: 14_970,
  currency: 'BRL',
  // 01:30 UTC is still the 29th in Brasília.
  paidAt: '2026-11-30T01:30:00.000Z',
}
const RECEIVED: AdminGift = {
  ...BOUGHT,
  id: '5b0c8f3e-2f4a-4d1e-9c7b-000000000002',
  buyerEmail: 'caio@exemplo.com',
  recipientEmail: ANA.email,
  planName: 'Anual',
  deliverOn: '2026-10-12',
  state: 'redeemed',
  amountCents: 47_880,
  paidAt: '2026-10-01T15:00:00.000Z',
}

const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ')

/** The users page with Ana and Bruno; `gifts` answers for Ana's gifts, anyone else's is a 404. */
function setup(gifts: () => Response) {
  const requested: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.accounts.admin.users]: () => jsonResponse({ users: [ANA, BRUNO], pageInfo: { page: 1, pageSize: 20, total: 2 } }),
        [API.accounts.admin.unclaimedPurchases]: () => jsonResponse({ purchases: [] }),
        [GIFT_PATHS.adminUserGifts(ANA.id)]: () => {
          requested.push(ANA.id)
          return gifts()
        },
        [GIFT_PATHS.adminUserGifts(BRUNO.id)]: () => {
          requested.push(BRUNO.id)
          return jsonResponse({ bought: [], received: [] })
        },
      }),
    ),
  )
  renderWithProviders(<UsersPage currentUserId="admin" />)
  return { requested }
}

async function openGiftsOf(user: AdminUser) {
  const row = await screen.findByTestId(`user-row-${user.email}`)
  fireEvent.click(within(row).getByRole('button', { name: 'Presentes' }))
  return screen.findByRole('dialog', { name: `Presentes de ${user.name}` })
}

afterEach(() => vi.unstubAllGlobals())

describe('Admin › Usuários › Presentes', () => {
  it('loads the gifts of the person opened, only then, and shows what they bought and received', async () => {
    const { requested } = setup(() => jsonResponse({ bought: [BOUGHT], received: [RECEIVED] } satisfies AdminUserGifts))
    await screen.findByTestId(`user-row-${ANA.email}`)
    expect(requested).toEqual([])
    const dialog = await openGiftsOf(ANA)
    const bought = await within(dialog).findByRole('region', { name: 'Presentes comprados' })
    const received = within(dialog).getByRole('region', { name: 'Presentes recebidos' })
    expect(requested).toEqual([ANA.id])

    const boughtGift = within(bought).getByTestId(`user-gift-${BOUGHT.id}`)
    expect(text(boughtGift)).toContain('Trimestral · R$ 149,70')
    expect(text(boughtGift)).toContain('Para dora@exemplo.com')
    expect(text(boughtGift)).toContain('Agendado')
    expect(text(boughtGift)).toContain('Entrega em 24/12/2026')
    expect(text(boughtGift)).toContain('Pago em 29/11/2026')
    expect(within(bought).queryByTestId(`user-gift-${RECEIVED.id}`)).toBeNull()

    const receivedGift = within(received).getByTestId(`user-gift-${RECEIVED.id}`)
    expect(text(receivedGift)).toContain('Anual · R$ 478,80')
    expect(text(receivedGift)).toContain('De caio@exemplo.com')
    expect(text(receivedGift)).toContain('Resgatado')
    expect(text(receivedGift)).toContain('Entrega em 12/10/2026')
    expect(within(received).queryByTestId(`user-gift-${BOUGHT.id}`)).toBeNull()
  })

  it('says so when the person has no gift either way', async () => {
    const { requested } = setup(() => jsonResponse({ bought: [BOUGHT], received: [RECEIVED] }))
    const dialog = await openGiftsOf(BRUNO)
    await within(dialog).findByText('Nenhum presente comprado.')
    within(dialog).getByText('Nenhum presente recebido.')
    expect(requested).toEqual([BRUNO.id])
  })

  it('a failed load says so in pt-BR and tries again on demand', async () => {
    let answers = 0
    const { requested } = setup(() => {
      answers += 1
      return answers === 1 ? jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Erro interno' }, 500) : jsonResponse({ bought: [BOUGHT], received: [] })
    })
    const dialog = await openGiftsOf(ANA)
    const alert = await within(dialog).findByRole('alert')
    expect(text(alert)).toContain('Não foi possível carregar os presentes.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    await within(dialog).findByTestId(`user-gift-${BOUGHT.id}`)
    expect(within(dialog).queryByRole('alert')).toBeNull()
    within(dialog).getByText('Nenhum presente recebido.')
    expect(requested).toEqual([ANA.id, ANA.id])
  })
})
