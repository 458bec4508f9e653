import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GIFT_MSG, GIFT_PATHS, type GiftPreview, type GiftSummary } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { GiftLinkPage, type GiftLinkPageProps } from './gift-link-page'
import { GiftPage } from './gift-page'

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789'
const PREVIEW: GiftPreview = {
  fromName: 'Paula Ramos',
  recipientName: 'Ana Souza',
  recipientEmail: 'ana@exemplo.com.br',
  message: 'Feliz aniversário!',
  planName: 'Trimestral',
  months: 3,
  state: 'ready',
  accountExists: false,
}
const GIFT: GiftSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  planCode: 'trimestral',
  planName: 'Trimestral',
  months: 3,
  recipientName: 'Ana Souza',
  recipientEmail: 'ana@exemplo.com.br',
  message: '',
  deliverOn: '2027-03-12',
  state: 'scheduled',
  amountCents: 14970,
  currency: 'BRL',
  method: 'card',
  paidAt: '2027-03-10T15:00:00.000Z',
  deliveredAt: null,
  redeemedAt: null,
  refundedAt: null,
  refundableUntil: '2027-03-17T15:00:00.000Z',
  payUrl: null,
}

afterEach(() => vi.unstubAllGlobals())

function renderLink(preview: GiftPreview | Response, viewer: GiftLinkPageProps['viewer'], handlers: Parameters<typeof fetchByPath>[0] = {}) {
  const fetchMock = vi.fn(fetchByPath({ [GIFT_PATHS.preview(TOKEN)]: () => (preview instanceof Response ? preview : jsonResponse(preview)), ...handlers }))
  vi.stubGlobal('fetch', fetchMock)
  const props = { onSignedIn: vi.fn(), afterRedeem: vi.fn(async () => '/hoje'), navigate: vi.fn() }
  renderWithProviders(<GiftLinkPage productName="Sintonia" token={TOKEN} viewer={viewer} loginPath={`/login?redirect=/presente/${TOKEN}`} {...props} />)
  return { fetchMock, ...props }
}
const ANONYMOUS = { status: 'anonymous', email: null, isAdmin: false } as const
const SIGNED_IN = { status: 'authenticated', email: 'bia@exemplo.com.br', isAdmin: false } as const

describe('the gift link page', () => {
  it('without an account: creates it with the gift’s e-mail, takes the sign-in and goes to practice', async () => {
    const user = { id: 'u1', email: PREVIEW.recipientEmail, displayName: 'Ana Souza', emailVerified: true, role: 'user' }
    const { fetchMock, onSignedIn, afterRedeem, navigate } = renderLink(PREVIEW, ANONYMOUS, { [GIFT_PATHS.account(TOKEN)]: () => jsonResponse({ user }, 201) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Paula Ramos te deu um presente' })).toBeTruthy()
    expect(screen.getByText('Feliz aniversário!')).toBeTruthy()
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta e resgatar' }))
    expect(await screen.findByText('A senha deve ter no mínimo 6 caracteres')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(GIFT_PATHS.account(TOKEN)))).toBe(false)
    fireEvent.change(screen.getByLabelText('Crie uma senha'), { target: { value: 'senha-da-ana-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta e resgatar' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/hoje'))
    expect(onSignedIn).toHaveBeenCalledWith(user)
    expect(afterRedeem).toHaveBeenCalledTimes(1)
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(GIFT_PATHS.account(TOKEN)))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Ana Souza', password: 'senha-da-ana-1' })
  })

  it('with an account for the e-mail and nobody signed in: only asks to sign in, coming back here', async () => {
    renderLink({ ...PREVIEW, accountExists: true }, ANONYMOUS)
    const link = await screen.findByRole('link', { name: 'Entrar para resgatar' })
    expect(link.getAttribute('href')).toBe(`/login?redirect=/presente/${TOKEN}`)
    expect(screen.queryByRole('button', { name: 'Criar conta e resgatar' })).toBeNull()
  })

  it('signed in: redeems in that account; a refusal is shown and the link read again', async () => {
    const { fetchMock, navigate } = renderLink(PREVIEW, SIGNED_IN, {
      [GIFT_PATHS.redeem(TOKEN)]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: GIFT_MSG.alreadySubscribed }, 409),
    })
    expect(await screen.findByText('bia@exemplo.com.br')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Resgatar presente' }))
    expect(await screen.findByText(GIFT_MSG.alreadySubscribed)).toBeTruthy()
    expect(navigate).not.toHaveBeenCalled()
    await waitFor(() => expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith(GIFT_PATHS.preview(TOKEN)))).toHaveLength(2))
  })

  it('says when the gift was already redeemed', async () => {
    renderLink({ ...PREVIEW, state: 'redeemed' }, SIGNED_IN)
    expect(await screen.findByText('Este presente já foi resgatado.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resgatar presente' })).toBeNull()
  })

  it('says when the buyer had it refunded: nothing to redeem or create', async () => {
    renderLink({ ...PREVIEW, state: 'refunded' }, ANONYMOUS)
    expect(await screen.findByText('Este presente foi cancelado por quem o deu e não pode mais ser resgatado.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Criar conta e resgatar' })).toBeNull()
  })

  it('an admin is told to open it in the account of who will practise', async () => {
    renderLink(PREVIEW, { status: 'authenticated', email: 'admin@exemplo.com.br', isAdmin: true })
    expect(await screen.findByText(/Contas de administrador não resgatam presentes/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resgatar presente' })).toBeNull()
  })

  it('a dead link reads the server’s message', async () => {
    renderLink(jsonResponse({ statusCode: 400, error: 'Bad Request', message: GIFT_MSG.linkInvalid }, 400), ANONYMOUS)
    expect(await screen.findByText(GIFT_MSG.linkInvalid)).toBeTruthy()
  })
})

describe('the buyer’s gifts', () => {
  const plans = { data: [], isPending: false, isError: false, refetch: () => {} }
  function renderGifts(gifts: GiftSummary[], handlers: Parameters<typeof fetchByPath>[0] = {}) {
    const fetchMock = vi.fn(fetchByPath({ [GIFT_PATHS.list]: () => jsonResponse({ gifts, available: true }), ...handlers }))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<GiftPage productName="Sintonia" plans={plans} guaranteeDays={7} isAdmin={false} />)
    return fetchMock
  }

  it('shows each state, and offers the refund only where the server allows it', async () => {
    renderGifts([
      GIFT,
      { ...GIFT, id: '00000000-0000-4000-8000-000000000002', recipientName: 'Bruno', state: 'redeemed', redeemedAt: '2027-03-12T15:00:00.000Z', refundableUntil: null },
      { ...GIFT, id: '00000000-0000-4000-8000-000000000003', recipientName: 'Carla', state: 'awaiting_payment', paidAt: null, method: null, refundableUntil: null, payUrl: 'https://pagamento.exemplo/cs_1' },
    ])
    const scheduled = await screen.findByRole('listitem', { name: 'Presente para Ana Souza' })
    expect(within(scheduled).getByText('Agendado')).toBeTruthy()
    expect(within(scheduled).getByText('Chega a Ana Souza em 12 de março de 2027.')).toBeTruthy()
    expect(within(scheduled).getByRole('button', { name: 'Pedir reembolso' })).toBeTruthy()
    const redeemed = screen.getByRole('listitem', { name: 'Presente para Bruno' })
    expect(within(redeemed).getByText('Resgatado')).toBeTruthy()
    expect(within(redeemed).queryByRole('button', { name: 'Pedir reembolso' })).toBeNull()
    const unpaid = screen.getByRole('listitem', { name: 'Presente para Carla' })
    expect(within(unpaid).getByRole('link', { name: 'Concluir pagamento' }).getAttribute('href')).toBe('https://pagamento.exemplo/cs_1')
  })

  it('a boleto’s refund asks the account first, then sends it', async () => {
    const fetchMock = renderGifts([{ ...GIFT, method: 'boleto' }], { [GIFT_PATHS.refund(GIFT.id)]: () => jsonResponse({ message: GIFT_MSG.refunded }) })
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir reembolso' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }))
    expect(await within(dialog).findByText('Informe o código do banco com 3 dígitos (ex.: 001)')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(GIFT_PATHS.refund(GIFT.id)))).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Banco'), { target: { value: '001' } })
    fireEvent.change(within(dialog).getByLabelText('Agência'), { target: { value: '1234' } })
    fireEvent.change(within(dialog).getByLabelText('Conta'), { target: { value: '12345-6' } })
    fireEvent.change(within(dialog).getByLabelText('Nome de quem é titular'), { target: { value: 'Paula Ramos' } })
    fireEvent.change(within(dialog).getByLabelText('CPF de quem é titular'), { target: { value: '529.982.247-25' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(GIFT_PATHS.refund(GIFT.id)))).toBe(true))
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(GIFT_PATHS.refund(GIFT.id)))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ bankAccount: { bankCode: '001', agency: '1234', account: '12345-6', accountType: 'corrente', holderName: 'Paula Ramos', holderCpf: '52998224725' } })
  })

  it('a store whose provider sells no gift says so instead of the form', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [GIFT_PATHS.list]: () => jsonResponse({ gifts: [], available: false }) })))
    renderWithProviders(<GiftPage productName="Sintonia" plans={plans} guaranteeDays={7} isAdmin={false} />)
    expect(await screen.findByText(GIFT_MSG.unavailable)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Pagar presente/ })).toBeNull()
  })
})
