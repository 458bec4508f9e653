import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, type GatewayInfo } from '@sintonia/contract'
import type * as Sonner from 'sonner'
import type * as ProviderRedirect from '../lib/provider-redirect'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { TEST_PLANS } from '../testing/fixtures'
import { PaymentPage } from './payment-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), loading: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))
const redirectMock = vi.hoisted(() => ({ schedule: vi.fn(() => () => {}) }))
vi.mock('../lib/provider-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof ProviderRedirect>()),
  scheduleProviderRedirect: redirectMock.schedule,
}))

const PLANS = TEST_PLANS
const TEST_GATEWAY: GatewayInfo = {
  provider: 'sandbox',
  mode: 'test',
  testCards: [
    { number: '4242 4242 4242 4242', outcome: 'Pagamento aprovado' },
    { number: '4000 0000 0000 0002', outcome: 'Cartão recusado' },
  ],
  guaranteeDays: 14,
  methods: ['pix', 'card', 'boleto'],
  cardInstallments: true,
  installmentsInterestFree: true,
}

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ')

function setup(path: string, gateway: GatewayInfo = TEST_GATEWAY, plans = PLANS) {
  const bodies: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.commerce.payments.gateway]: () => jsonResponse(gateway),
        [API.commerce.payments.checkout]: (_u, init) => {
          bodies.push(JSON.parse(String(init?.body)))
          return jsonResponse({ url: 'http://localhost:3000/sandbox/checkout/cs_sbx_pay123', sessionId: 'cs_sbx_pay123' })
        },
      }),
    ),
  )
  const utils = renderRoutes([{ path: '/pagamento', element: <PaymentPage productName="Sintonia" plans={{ data: plans, isPending: false }} /> }], path)
  return { ...utils, bodies }
}

beforeEach(() => {
  redirectMock.schedule.mockClear()
  toastMock.loading.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('/pagamento', () => {
  it('in test mode: the badge, the annual plan by default, the test cards and the guarantee from the gateway', async () => {
    setup('/pagamento')
    expect((await screen.findByTestId('gateway-badge')).textContent).toBe('Modo de teste')
    expect(text(screen.getByRole('heading', { level: 1 }))).toBe('Plano Anual por R$ 478,80/ano')
    const cards = screen.getByRole('list', { name: 'Cartões de teste' })
    expect(within(cards).getAllByRole('listitem').map((li) => li.querySelector('code')?.textContent)).toEqual(['4242 4242 4242 4242', '4000 0000 0000 0002'])
    screen.getByRole('heading', { name: 'Garantia de 14 dias' })
    expect(screen.getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe('/terms')
    // The ways to pay, before leaving for the provider: the annual plan's card up to 12x.
    expect(screen.getByTestId('payment-methods').textContent).toBe('Pix, cartão em até 12x sem juros ou boleto')
  })

  it("offers its own 'Entrar' for someone with an account, keeping the chosen plan for after the sign-in", async () => {
    setup('/pagamento?plan=trimestral')
    await screen.findByTestId('gateway-badge')
    const form = screen.getByRole('form', { name: 'Dados para pagamento' })
    expect(within(form).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login?plan=trimestral')
  })

  it("lists the chosen plan's own benefits under 'O que está incluído', then how cancelling works", async () => {
    const plans = PLANS.map((plan) => (plan.code === 'trimestral' ? { ...plan, benefits: ['Três meses de acesso completo', 'Áudios novos todo mês'] } : plan))
    setup('/pagamento?plan=trimestral', TEST_GATEWAY, plans)
    const included = screen.getByRole('region', { name: 'O que está incluído' })
    expect(within(included).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Três meses de acesso completo',
      'Áudios novos todo mês',
      'Cancele quando quiser, sem multa',
    ])
    fireEvent.click(screen.getByRole('radio', { name: /Anual/ }))
    expect(within(included).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Todos os campos e áudios',
      'Novos conteúdos todo mês',
      'Ouça também sem internet',
      'Cancele quando quiser, sem multa',
    ])
  })

  it('in live mode: a secure-payment badge and no test cards', async () => {
    setup('/pagamento?plan=trimestral', { ...TEST_GATEWAY, mode: 'live', testCards: [] })
    expect((await screen.findByTestId('gateway-badge')).textContent).toBe('Pagamento seguro')
    expect(screen.queryByRole('list', { name: 'Cartões de teste' })).toBeNull()
    expect(text(screen.getByRole('heading', { level: 1 }))).toBe('Plano Trimestral por R$ 149,70/trimestre')
    expect(screen.getByTestId('payment-methods').textContent).toBe('Pix, cartão em até 3x sem juros ou boleto')
  })

  it('says the card is charged at once where the provider does not split it, and with interest where the admin set some', async () => {
    const { unmount } = setup('/pagamento', { ...TEST_GATEWAY, methods: ['card'], cardInstallments: false })
    expect((await screen.findByTestId('payment-methods')).textContent).toBe('Cartão')
    unmount()
    setup('/pagamento', { ...TEST_GATEWAY, installmentsInterestFree: false })
    expect((await screen.findByTestId('payment-methods')).textContent).toBe('Pix, cartão em até 12x ou boleto')
  })

  it('validates with the product’s messages, joined with ". ", and sends nothing', async () => {
    const { bodies } = setup('/pagamento')
    fireEvent.click(screen.getByRole('button', { name: /Continuar para o pagamento/ }))
    expect(screen.getByRole('alert').textContent).toBe('Email é obrigatório. Nome completo é obrigatório')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@exemplo' } })
    fireEvent.change(screen.getByLabelText('Nome Completo'), { target: { value: ' M ' } })
    expect(screen.getByRole('alert').textContent).toBe('Email deve ter um formato válido. Nome deve ter pelo menos 2 caracteres')
    fireEvent.click(screen.getByRole('button', { name: /Continuar para o pagamento/ }))
    expect(bodies).toEqual([])
  })

  it('sends e-mail, name and the chosen plan, then leaves for the provider', async () => {
    const { bodies, router } = setup('/pagamento?plan=semestral')
    fireEvent.click(screen.getByRole('radio', { name: /Trimestral/ }))
    expect(router.state.location.search).toBe('?plan=trimestral')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' maria@exemplo.com ' } })
    fireEvent.change(screen.getByLabelText('Nome Completo'), { target: { value: ' Maria Souza ' } })
    fireEvent.click(screen.getByRole('button', { name: /Continuar para o pagamento/ }))
    expect(toastMock.loading).toHaveBeenCalledWith('Preparando pagamento seguro...', expect.anything())
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_sbx_pay123'))
    expect(bodies).toEqual([{ email: 'maria@exemplo.com', name: 'Maria Souza', planCode: 'trimestral' }])
  })

  it('without plans it says so and cannot be sent', async () => {
    setup('/pagamento', TEST_GATEWAY, [])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finalize sua assinatura')
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível carregar os planos')
    expect(screen.getByRole('button', { name: /Continuar para o pagamento/ })).toHaveProperty('disabled', true)
  })
})
