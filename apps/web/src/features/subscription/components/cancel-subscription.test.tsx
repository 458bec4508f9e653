import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, GOODBYE_MSG, type SubscriptionDetails } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { ANNUAL_DETAILS } from '../testing/fixtures'
import { CurrentSubscriptionCard } from './current-subscription-card'

type Subscription = NonNullable<SubscriptionDetails['subscription']>
const ACTIVE: Subscription = { ...ANNUAL_DETAILS.subscription!, retentionOffer: { pauseMaxMonths: 3, discountPercent: 20 } }

function renderCard(subscription: Subscription, handlers: Parameters<typeof fetchByPath>[0] = {}) {
  const fetchMock = vi.fn(fetchByPath(handlers))
  vi.stubGlobal('fetch', fetchMock)
  renderWithProviders(
    <CurrentSubscriptionCard subscription={subscription} onOpenPortal={() => {}} portalBusy={false} onSubscribeAgain={() => {}} onPayPending={() => {}} payPendingBusy={false} />,
  )
  return fetchMock
}
const bodyOf = (fetchMock: ReturnType<typeof renderCard>, path: string) => {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path))
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined
}

afterEach(() => vi.unstubAllGlobals())

describe('a fair goodbye in Minha conta', () => {
  it('asks why (optional), offers the pause or the discount once, and sends the chosen pause with the answer', async () => {
    const fetchMock = renderCard(ACTIVE, { [API.commerce.subscription.pause]: () => jsonResponse({ message: 'Assinatura pausada.' }) })
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar assinatura' }))
    const why = await screen.findByTestId('goodbye-why')
    fireEvent.click(within(why).getByRole('radio', { name: 'Não tenho tido tempo para praticar' }))
    fireEvent.change(within(why).getByRole('textbox', { name: /Quer contar mais/ }), { target: { value: ' Muitas viagens ' } })
    fireEvent.click(within(why).getByRole('button', { name: 'Continuar' }))

    const offer = await screen.findByTestId('goodbye-offer')
    expect(within(offer).getByRole('heading', { name: '20% de desconto na próxima cobrança' })).toBeTruthy()
    // The pause starts when the paid period ends (22 Nov 2027) and the renewal moves with it.
    expect(offer.textContent).toContain('Você pratica até 22 de novembro de 2027. Depois, 1 mês sem acesso e sem cobrança; a assinatura volta sozinha em 22 de dezembro de 2027.')
    fireEvent.click(within(offer).getByRole('radio', { name: '2 meses' }))
    expect(offer.textContent).toContain('a assinatura volta sozinha em 22 de janeiro de 2028')
    fireEvent.click(within(offer).getByRole('button', { name: 'Pausar por 2 meses' }))
    await waitFor(() => expect(bodyOf(fetchMock, API.commerce.subscription.pause)).toEqual({ reason: 'time', note: 'Muitas viagens', months: 2 }))
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(API.commerce.subscription.cancel))).toBe(false)
  })

  it('without an offer goes from the question to the confirmation, and shows a refusal in the dialog', async () => {
    const fetchMock = renderCard({ ...ACTIVE, retentionOffer: null }, {
      [API.commerce.subscription.cancel]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: GOODBYE_MSG.alreadyCanceling }, 409),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar assinatura' }))
    fireEvent.click(within(await screen.findByTestId('goodbye-why')).getByRole('button', { name: 'Continuar' }))
    const confirm = await screen.findByTestId('goodbye-confirm')
    expect(screen.getByRole('dialog').textContent).toContain('Você mantém o acesso até 22 de novembro de 2027.')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar cancelamento' }))
    expect(await within(confirm).findByText(GOODBYE_MSG.alreadyCanceling)).toBeTruthy()
    expect(bodyOf(fetchMock, API.commerce.subscription.cancel)).toEqual({ reason: null, note: '' })
  })

  it('a scheduled cancellation offers the one-tap return; a pause not begun can be undone', async () => {
    const fetchMock = renderCard({ ...ACTIVE, cancelAtPeriodEnd: true, retentionOffer: null }, { [API.commerce.subscription.resume]: () => jsonResponse({ message: 'ok' }) })
    expect(screen.getByTestId('subscription-ending').textContent).toContain('você mantém o acesso até 22 de novembro de 2027. Mudou de ideia? Continue com um toque.')
    expect(screen.queryByRole('button', { name: 'Cancelar assinatura' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continuar assinando' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(API.commerce.subscription.resume))).toBe(true))
  })

  it('tells a pause ahead and a pause running apart', () => {
    const pause = { startsAt: '2027-11-22T12:00:00.000Z', endsAt: '2028-01-22T12:00:00.000Z' }
    renderCard({ ...ACTIVE, retentionOffer: null, currentPeriodEnd: pause.endsAt, pause })
    expect(screen.getByTestId('subscription-paused').textContent).toContain('Pausa marcada: você pratica até 22 de novembro de 2027; depois, sem acesso e sem cobrança até 22 de janeiro de 2028')
    expect(screen.getByTestId('subscription-period-end').textContent).toBe('22 de novembro de 2027')
    expect(screen.getByRole('button', { name: 'Desfazer pausa' })).toBeTruthy()
  })

  it('a pause running: no access, no undo, the date it comes back', () => {
    const pause = { startsAt: '2026-11-01T12:00:00.000Z', endsAt: '2027-01-01T12:00:00.000Z' }
    renderCard({ ...ACTIVE, retentionOffer: null, givesAccess: false, currentPeriodEnd: pause.endsAt, pause })
    expect(screen.getByTestId('subscription-paused').textContent).toContain('Sua assinatura está pausada: sem acesso e sem cobrança até 1 de janeiro de 2027, quando ela volta sozinha.')
    expect(screen.queryByRole('button', { name: 'Desfazer pausa' })).toBeNull()
  })
})
