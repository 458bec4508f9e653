import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { API, type PaymentVerification, type SubscriptionDetails } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { ANNUAL_DETAILS, TEST_PLANS } from '../testing/fixtures'
import { PaymentCancelledPage, PaymentResultPage } from './payment-result-pages'
import { SUCCESS_SPINNER_MS, SubscriptionSuccessPage } from './subscription-success-page'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ')
const PAID: PaymentVerification = {
  paymentStatus: 'paid',
  customerName: 'Maria Souza',
  customerEmail: 'maria@exemplo.com',
  amount: 47_880,
  currency: 'BRL',
  planCode: 'anual',
  installments: null,
  installmentsWithInterest: false,
}

function stubVerify(answer: () => Response, details?: SubscriptionDetails) {
  const verify = vi.fn((_url: string, _init?: RequestInit) => answer())
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.commerce.payments.verify]: verify,
        ...(details ? { [API.commerce.subscription.details]: () => jsonResponse(details) } : {}),
      }),
    ),
  )
  return verify
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

describe('/pagamento/sucesso', () => {
  const render = (path: string) => renderRoutes([{ path: '/pagamento/sucesso', element: <PaymentResultPage productName="Sintonia" /> }], path)

  it('verifies, then confirms with the purchase details (minor units ÷ 100)', async () => {
    const verify = stubVerify(() => jsonResponse(PAID))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verificando seu pagamento...')
    await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })
    expect(JSON.parse(String(verify.mock.calls[0]?.[1]?.body))).toEqual({ sessionId: 'cs_sbx_123456' })
    expect(screen.getByTestId('payment-customer-name').textContent).toBe('Maria Souza')
    expect(screen.getByTestId('payment-customer-email').textContent).toBe('maria@exemplo.com')
    expect(text(screen.getByTestId('payment-amount'))).toBe('R$ 478,80')
    // Not by card (or not said): no instalments line.
    expect(screen.queryByTestId('payment-installments')).toBeNull()
    expect(screen.getByRole('link', { name: /Acessar Dashboard/ }).getAttribute('href')).toBe('/dashboard')
  })

  it('shows the instalments a card payment was split into', async () => {
    stubVerify(() => jsonResponse({ ...PAID, installments: 12 }))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })
    expect(text(screen.getByTestId('payment-installments'))).toBe('Cartão em 12x de R$ 39,90 sem juros')
  })

  it("says so when the admin's interest is in the instalments, with the total charged", async () => {
    stubVerify(() => jsonResponse({ ...PAID, amount: 53_880, installments: 12, installmentsWithInterest: true }))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })
    expect(text(screen.getByTestId('payment-amount'))).toBe('R$ 538,80')
    expect(text(screen.getByTestId('payment-installments'))).toBe('Cartão em 12x de R$ 44,90 com juros (total R$ 538,80)')
  })

  it.each([
    ['USD', '$1,234.50'],
    ['EUR', '1.234,50 €'],
  ])('shows %s amounts in their own locale', async (currency, shown) => {
    stubVerify(() => jsonResponse({ ...PAID, amount: 123_450, currency }))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    await screen.findByRole('heading', { name: 'Pagamento Confirmado!' })
    expect(text(screen.getByTestId('payment-amount'))).toBe(shown)
  })

  it('any status other than paid shows processing, with a button that checks again', async () => {
    stubVerify(() => jsonResponse({ ...PAID, paymentStatus: 'unpaid' }))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    await screen.findByRole('heading', { name: 'Processando Pagamento...' })
    screen.getByRole('button', { name: /Verificar Novamente/ })
  })

  it('an error offers the way home', async () => {
    stubVerify(() => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Sessão de pagamento não encontrada' }, 404))
    render('/pagamento/sucesso?session_id=cs_sbx_123456')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sessão de pagamento não encontrada')
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/')
  })

  it('without a checkout id says so, without asking the server', () => {
    const verify = stubVerify(() => jsonResponse(PAID))
    render('/pagamento/sucesso')
    screen.getByText('ID da sessão não encontrado')
    expect(verify).not.toHaveBeenCalled()
  })
})

describe('/pagamento/cancelado', () => {
  it('offers to try again or go home', () => {
    renderRoutes([{ path: '/pagamento/cancelado', element: <PaymentCancelledPage productName="Sintonia" /> }], '/pagamento/cancelado')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pagamento Cancelado')
    expect(screen.getByRole('link', { name: 'Tentar Novamente' }).getAttribute('href')).toBe('/pagamento')
    expect(screen.getByRole('link', { name: 'Voltar ao Início' }).getAttribute('href')).toBe('/')
  })
})

describe('/assinatura/sucesso', () => {
  const DETAILS: SubscriptionDetails = { ...ANNUAL_DETAILS, subscription: { ...ANNUAL_DETAILS.subscription!, startedAt: '2026-11-22T12:00:00.000Z' } }
  const ANNUAL = TEST_PLANS[2]!

  beforeEach(() => vi.useFakeTimers())

  it('spins for 2 s, sets justSubscribed, forces a fresh subscription check, then shows the activation', async () => {
    stubVerify(() => jsonResponse(PAID), DETAILS)
    const refresh = vi.fn(() => Promise.resolve(null))
    renderRoutes(
      [{ path: '/assinatura/sucesso', element: <SubscriptionSuccessPage productName="Sintonia" signedIn refreshSubscription={refresh} plans={[ANNUAL]} /> }],
      '/assinatura/sucesso?session_id=cs_sbx_123456',
    )
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(window.localStorage.getItem('justSubscribed')).toBe('true')
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ativando sua assinatura...')
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_SPINNER_MS - 10))
    expect(screen.queryByRole('heading', { name: 'Assinatura Ativada!' })).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(10))
    screen.getByRole('heading', { name: 'Assinatura Ativada!' })
    expect(screen.getByTestId('success-plan').textContent).toBe('Anual')
    expect(text(screen.getByTestId('success-amount'))).toBe('R$ 478,80 (R$ 39,90/mês)')
    expect(text(screen.getByTestId('success-payment-method'))).toBe('Cartão em 12x de R$ 39,90 sem juros')
    expect(screen.getByTestId('success-next-charge').textContent).toBe('22 de novembro de 2027')
    expect(screen.getByTestId('success-status').textContent).toBe('Ativa')
    // The checkout id is the provider's internal reference: never on a buyer's screen.
    expect(screen.queryByTestId('success-session')).toBeNull()
    expect(document.body.textContent).not.toContain('cs_sbx_123456')
    expect(screen.queryByText('Sessão')).toBeNull()
    screen.getByRole('region', { name: 'O que está incluído' })
    screen.getByRole('region', { name: 'Próximos passos' })
    expect(screen.getByRole('link', { name: /Começar a Usar Agora/ }).getAttribute('href')).toBe('/dashboard')
    screen.getByRole('button', { name: /Gerenciar assinatura/ })
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('a visitor (not signed in) still gets the confirmation from the payment, without the portal', async () => {
    stubVerify(() => jsonResponse(PAID))
    const refresh = vi.fn(() => Promise.resolve(null))
    renderRoutes(
      [{ path: '/assinatura/sucesso', element: <SubscriptionSuccessPage productName="Sintonia" signedIn={false} refreshSubscription={refresh} plans={undefined} /> }],
      '/assinatura/sucesso?session_id=cs_sbx_123456',
    )
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_SPINNER_MS))
    screen.getByRole('heading', { name: 'Assinatura Ativada!' })
    expect(text(screen.getByTestId('success-amount'))).toBe('R$ 478,80')
    expect(screen.queryByTestId('success-payment-method')).toBeNull()
    expect(screen.queryByRole('button', { name: /Gerenciar assinatura/ })).toBeNull()
    expect(refresh).not.toHaveBeenCalled()
  })
})
