import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { API, type CheckoutVerification } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { ProcessingPage, UNPAID_RECHECK_MS, UNPAID_RECHECKS } from './processing-page'

function setup(path: string, signedIn: boolean | null, answer: () => Response) {
  const verify = vi.fn((_url: string, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.commerce.payments.verifyCheckout]: verify })))
  const utils = renderRoutes(
    [
      { path: '/assinatura/processando', element: <ProcessingPage productName="Sintonia" signedIn={signedIn} /> },
      { path: '*', element: <p>outra página</p> },
    ],
    path,
  )
  const location = () => `${utils.router.state.location.pathname}${utils.router.state.location.search}`
  return { ...utils, verify, location }
}

const PAID_NEW: CheckoutVerification = { email: 'nova@exemplo.com', paid: true, accountExists: false }
const PAID_EXISTING: CheckoutVerification = { email: 'ana@exemplo.com', paid: true, accountExists: true }

async function tick(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

/** One second at a time: each second's timer is set after the previous render. */
async function seconds(count: number) {
  for (let i = 0; i < count; i += 1) await tick(1_000)
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('/assinatura/processando', () => {
  it('without session_id goes to /', async () => {
    const { location, verify } = setup('/assinatura/processando', false, () => jsonResponse(PAID_NEW))
    await tick(0)
    expect(location()).toBe('/')
    expect(verify).not.toHaveBeenCalled()
  })

  it('counts 3 seconds down on screen before verifying, then sends a new buyer to create the password', async () => {
    const { location, verify } = setup('/assinatura/processando?session_id=cs_sbx_123456', false, () => jsonResponse(PAID_NEW))
    await tick(0)
    expect(screen.getByTestId('processing-countdown').textContent).toBe('3')
    expect(screen.getByRole('status').textContent).toBe('Verificando em 3 segundos...')
    await tick(1_000)
    expect(screen.getByTestId('processing-countdown').textContent).toBe('2')
    await tick(1_000)
    expect(screen.getByTestId('processing-countdown').textContent).toBe('1')
    expect(screen.getByRole('status').textContent).toBe('Verificando em 1 segundo...')
    expect(verify).not.toHaveBeenCalled()
    await tick(1_000)
    expect(verify).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(verify.mock.calls[0]?.[1]?.body))).toEqual({ sessionId: 'cs_sbx_123456' })
    expect(location()).toBe('/onboarding/definir-senha?email=nova%40exemplo.com&session_id=cs_sbx_123456')
  })

  it('a signed-in buyer goes to the success page', async () => {
    const { location } = setup('/assinatura/processando?session_id=cs_sbx_123456', true, () => jsonResponse(PAID_EXISTING))
    await seconds(3)
    expect(location()).toBe('/assinatura/sucesso?session_id=cs_sbx_123456')
  })

  it('an existing account that is not signed in signs in with the checkout id, then sees the success page', async () => {
    const { location } = setup('/assinatura/processando?session_id=cs_sbx_123456', false, () => jsonResponse(PAID_EXISTING))
    await seconds(3)
    expect(location()).toBe(
      `/login?session_id=cs_sbx_123456&redirect=${encodeURIComponent('/assinatura/sucesso?session_id=cs_sbx_123456')}`,
    )
  })

  it('waits for the sign-in to be known before routing', async () => {
    const { location, verify } = setup('/assinatura/processando?session_id=cs_sbx_123456', null, () => jsonResponse(PAID_NEW))
    await seconds(5)
    expect(verify).not.toHaveBeenCalled()
    expect(location()).toBe('/assinatura/processando?session_id=cs_sbx_123456')
  })

  it('a failed verification goes to the plan page with error=verification_failed', async () => {
    const { location } = setup('/assinatura/processando?session_id=cs_sbx_123456', false, () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Sessão de pagamento não encontrada' }, 404),
    )
    await seconds(3)
    expect(location()).toBe('/assinatura?error=verification_failed')
  })

  it('an unpaid checkout is asked again, 2 s apart, and routed once the payment is confirmed', async () => {
    let calls = 0
    const { location, verify } = setup('/assinatura/processando?session_id=cs_sbx_123456', false, () =>
      jsonResponse({ ...PAID_NEW, paid: ++calls >= 3 }),
    )
    await seconds(3)
    expect(verify).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status').textContent).toBe('Aguardando a confirmação do pagamento...')
    await tick(UNPAID_RECHECK_MS)
    expect(verify).toHaveBeenCalledTimes(2)
    await tick(UNPAID_RECHECK_MS)
    expect(verify).toHaveBeenCalledTimes(3)
    expect(location()).toMatch(/^\/onboarding\/definir-senha/)
  })

  it('a checkout that never gets paid ends on the verification message', async () => {
    const { location, verify } = setup('/assinatura/processando?session_id=cs_sbx_123456', false, () => jsonResponse({ ...PAID_NEW, paid: false }))
    await seconds(3)
    for (let i = 0; i < UNPAID_RECHECKS; i += 1) await tick(UNPAID_RECHECK_MS)
    expect(verify).toHaveBeenCalledTimes(1 + UNPAID_RECHECKS)
    expect(location()).toBe('/assinatura?error=verification_failed')
  })
})
