import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, COMMERCE_MSG, type GatewayInfo, type SubscriptionDetails } from '@sintonia/contract'
import type * as Sonner from 'sonner'
import type * as ProviderRedirect from '../lib/provider-redirect'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { ANNUAL_DETAILS, TEST_PLANS } from '../testing/fixtures'
import { PlansPage, type PlansPageProps } from './plans-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), loading: vi.fn(), message: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))
const redirectMock = vi.hoisted(() => ({ schedule: vi.fn(() => () => {}) }))
vi.mock('../lib/provider-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof ProviderRedirect>()),
  scheduleProviderRedirect: redirectMock.schedule,
}))

const PLANS = TEST_PLANS
const GATEWAY: GatewayInfo = {
  provider: 'sandbox',
  mode: 'test',
  testCards: [],
  guaranteeDays: 7,
  methods: ['pix', 'card', 'boleto'],
  cardInstallments: true,
  installmentsInterestFree: true,
}
const DETAILS = ANNUAL_DETAILS
const NO_SUBSCRIPTION: SubscriptionDetails = { subscription: null, guarantee: { days: 7, eligibleUntil: null, canRequestRefund: false, request: null } }

interface Api {
  details: SubscriptionDetails
  checkout: () => Response
  portal: () => Response
  payPending: () => Response
  bodies: Record<string, unknown[]>
}

function stubApi(overrides: Partial<Api> = {}) {
  const api: Api = {
    details: NO_SUBSCRIPTION,
    checkout: () => jsonResponse({ url: 'http://localhost:3000/sandbox/checkout/cs_sbx_abc123', sessionId: 'cs_sbx_abc123' }),
    portal: () => jsonResponse({ url: 'http://localhost:3000/sandbox/portal/ps_1' }),
    payPending: () => jsonResponse({ url: 'http://localhost:3000/sandbox/checkout/cs_sbx_renova?metodo=pix' }),
    bodies: {},
    ...overrides,
  }
  const record = (path: string, init?: RequestInit) => (api.bodies[path] ??= []).push(init?.body ? JSON.parse(String(init.body)) : undefined)
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.commerce.payments.gateway]: () => jsonResponse(GATEWAY),
        [API.commerce.subscription.details]: () => jsonResponse(api.details),
        [API.commerce.subscription.checkout]: (_u, init) => (record(API.commerce.subscription.checkout, init), api.checkout()),
        [API.commerce.subscription.portal]: (_u, init) => (record(API.commerce.subscription.portal, init), api.portal()),
        [API.commerce.subscription.payPending]: (_u, init) => (record(API.commerce.subscription.payPending, init), api.payPending()),
        [API.commerce.subscription.refundRequest]: (_u, init) => (record(API.commerce.subscription.refundRequest, init), jsonResponse({ message: COMMERCE_MSG.refundRequested }, 201)),
      }),
    ),
  )
  return api
}

function renderPage(path: string, props: Partial<PlansPageProps> = {}) {
  const full: PlansPageProps = {
    productName: 'Sintonia',
    viewer: 'listener',
    subscription: { status: 'unsubscribed', tier: null },
    plans: { data: PLANS, isPending: false, isError: false, refetch: () => {} },
    ...props,
  }
  const utils = renderRoutes([{ path: '/assinatura', element: <PlansPage {...full} /> }, { path: '*', element: <p>outra</p> }], path)
  return { ...utils, search: () => utils.router.state.location.search }
}

beforeEach(() => {
  toastMock.success.mockClear()
  toastMock.error.mockClear()
  toastMock.loading.mockClear()
  redirectMock.schedule.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('/assinatura: plan list', () => {
  it('shows three skeleton cards while the plans load', () => {
    stubApi()
    renderPage('/assinatura', { plans: { data: undefined, isPending: true, isError: false, refetch: () => {} } })
    const section = screen.getByRole('region', { name: 'Planos' })
    expect(section.getAttribute('aria-busy')).toBe('true')
    expect(within(section).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('status').textContent).toBe('Carregando planos...')
  })

  it.each([
    [1, 'max-w-md', 'grid-cols'],
    [2, 'sm:grid-cols-2', 'lg:grid-cols-3'],
    [3, 'lg:grid-cols-3', 'sm:grid-cols-2'],
  ])('lays %i active plan(s) out in as many columns', (count, expected, absent) => {
    stubApi()
    renderPage('/assinatura', { plans: { data: PLANS.slice(0, count), isPending: false, isError: false, refetch: () => {} } })
    const grid = screen.getByTestId('plan-grid')
    expect(grid.getAttribute('data-columns')).toBe(String(count))
    expect(grid.className).toContain(expected)
    expect(grid.className).not.toContain(absent)
    expect(screen.getAllByTestId('plan-card')).toHaveLength(count)
  })

  it('titles the page by subscription state, with three benefits and a three-question FAQ', async () => {
    stubApi()
    renderPage('/assinatura')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Escolha Seu Plano')
    expect(within(screen.getByRole('region', { name: 'O que você recebe' })).getAllByRole('listitem')).toHaveLength(3)
    const faq = screen.getByRole('region', { name: 'Perguntas frequentes' })
    expect(faq.querySelectorAll('details')).toHaveLength(3)
    // Every active subscriber may download, not only "Premium and Enterprise".
    expect(faq.textContent).toContain('Todo assinante ativo, em qualquer plano, pode baixar')
    expect(faq.textContent).not.toMatch(/Premium|Enterprise/)
    await screen.findByText('Garantia de 7 dias')
  })

  it("shows the admin's guarantee days that came with the plans", () => {
    stubApi()
    renderPage('/assinatura', { viewer: 'anonymous', plans: { data: PLANS, isPending: false, isError: false, refetch: () => {}, guaranteeDays: 21 } })
    screen.getByText('Garantia de 21 dias')
    expect(screen.getByRole('region', { name: 'Perguntas frequentes' }).textContent).toContain('Você tem 21 dias de garantia')
  })

  it("reads each plan's own button text", () => {
    stubApi()
    renderPage('/assinatura', { plans: { data: PLANS.map((p) => (p.code === 'anual' ? { ...p, buttonText: 'Quero o plano anual' } : p)), isPending: false, isError: false, refetch: () => {} } })
    screen.getByRole('button', { name: 'Quero o plano anual' })
    screen.getByRole('button', { name: 'Assinar Trimestral' })
  })

  it('when the plans cannot be loaded, shows the last ones known with a notice and a retry — never an empty section', () => {
    stubApi()
    const refetch = vi.fn()
    renderPage('/assinatura', { plans: { data: PLANS, isPending: false, isError: true, refetch } })
    expect(screen.getAllByTestId('plan-card')).toHaveLength(3)
    const notice = screen.getByRole('alert')
    expect(notice.textContent).toContain('Não foi possível atualizar os planos.')
    fireEvent.click(within(notice).getByRole('button', { name: 'Tentar novamente' }))
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('explains a failed payment verification', () => {
    stubApi()
    renderPage('/assinatura?error=verification_failed')
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível verificar o pagamento')
  })
})

describe('/assinatura: auth-first checkout', () => {
  it('starts checkout for the chosen plan and leaves for the provider after the toasts', async () => {
    const api = stubApi()
    renderPage('/assinatura')
    fireEvent.click(screen.getByRole('button', { name: 'Assinar Anual' }))
    expect(toastMock.loading).toHaveBeenCalledWith('Preparando pagamento seguro...', expect.objectContaining({ id: 'provider-redirect' }))
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_sbx_abc123'))
    expect(api.bodies[API.commerce.subscription.checkout]).toEqual([{ planCode: 'anual' }])
    const [message, options] = toastMock.success.mock.calls.at(-1)!
    expect(message).toBe('Redirecionando para pagamento...')
    const action = (options as { action: { label: string; onClick: () => void } }).action
    expect(action.label).toBe('Abrir agora')
    // 'Abrir agora' is the person's own click: the same page in a new tab (ADR 008).
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    action.onClick()
    expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_sbx_abc123', '_blank', 'noopener,noreferrer')
    open.mockRestore()
    // The buttons stay busy until the page leaves: no second checkout.
    expect(screen.getByRole('button', { name: /Preparando/ })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Assinar Trimestral' })).toHaveProperty('disabled', true)
  })

  it('auto_plan starts the checkout once, by itself, and leaves the address', async () => {
    const api = stubApi()
    const { search } = renderPage('/assinatura?auto_plan=semestral')
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledTimes(1))
    expect(api.bodies[API.commerce.subscription.checkout]).toEqual([{ planCode: 'semestral' }])
    expect(search()).toBe('')
  })

  it('auto_plan waits for the subscription check and does nothing for a subscriber', async () => {
    const api = stubApi({ details: DETAILS })
    renderPage('/assinatura?auto_plan=anual', { subscription: { status: 'subscribed', tier: 'anual' } })
    await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(api.bodies[API.commerce.subscription.checkout]).toBeUndefined()
  })

  it.each([
    ['the server’s reason', () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Você já tem uma assinatura ativa' }, 409), 'Você já tem uma assinatura ativa'],
    ['the server’s 500 text', () => jsonResponse({ statusCode: 500, error: 'Internal', message: 'Erro interno do servidor' }, 500), 'Erro interno do servidor'],
    ['the retry text when the server says nothing usable', () => new Response('x', { status: 502 }), 'Erro ao criar assinatura. Tente novamente.'],
    ['the missing URL text', () => jsonResponse({ url: '', sessionId: 'cs_sbx_abc123' }), 'Erro interno: URL de pagamento não recebida'],
  ])('a failed checkout shows %s and frees the buttons', async (_name, answer, description) => {
    stubApi({ checkout: answer })
    renderPage('/assinatura')
    fireEvent.click(screen.getByRole('button', { name: 'Assinar Trimestral' }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Erro ao criar assinatura', expect.objectContaining({ description })))
    expect(redirectMock.schedule).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Assinar Trimestral' })).toHaveProperty('disabled', false)
  })
})

describe('/assinatura: visitors and admins', () => {
  it('a visitor arriving with a plan chooses between signing in and paying first', async () => {
    stubApi()
    const { search } = renderPage('/assinatura?plan=anual', { viewer: 'anonymous' })
    const dialog = await screen.findByRole('dialog', { name: 'Assinar o plano Anual' })
    expect(within(dialog).getByRole('link', { name: /Entrar ou criar conta/ }).getAttribute('href')).toBe('/login?plan=anual')
    expect(within(dialog).getByRole('link', { name: /Pagar agora/ }).getAttribute('href')).toBe('/pagamento?plan=anual')
    expect(search()).toBe('')
  })

  it('a visitor clicking a plan gets the same choice; nothing is sent', () => {
    const api = stubApi()
    renderPage('/assinatura', { viewer: 'anonymous' })
    fireEvent.click(screen.getByRole('button', { name: 'Assinar Trimestral' }))
    screen.getByRole('dialog', { name: 'Assinar o plano Trimestral' })
    expect(api.bodies[API.commerce.subscription.checkout]).toBeUndefined()
  })

  it('an admin sees the plans without subscribing', () => {
    stubApi()
    renderPage('/assinatura', { viewer: 'admin' })
    expect(screen.getByRole('note').textContent).toContain('Contas de administrador não assinam planos')
    for (const button of screen.getAllByRole('button', { name: /^Assinar/ })) expect(button).toHaveProperty('disabled', true)
  })
})

describe('/assinatura: subscribers', () => {
  it('manages the subscription: current plan marked and disabled, details, portal', async () => {
    const api = stubApi({ details: DETAILS })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gerenciar Assinatura')
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-plan').textContent).toBe('Anual')
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Ativa')
    within(card).getByText('Próxima cobrança')
    expect(within(card).getByTestId('subscription-period-end').textContent).toBe('22 de novembro de 2027')
    expect(within(card).getByTestId('subscription-payment-method').textContent?.replace(/\u00a0/g, ' ')).toBe('Cartão em 12x de R$ 39,90 sem juros')

    const annual = screen.getAllByTestId('plan-card').find((c) => c.getAttribute('data-plan') === 'anual')!
    within(annual).getByText('Plano Atual', { selector: 'span' })
    expect(within(annual).getByRole('button', { name: 'Plano Atual' })).toHaveProperty('disabled', true)

    fireEvent.click(within(card).getByRole('button', { name: 'Abrir portal' }))
    expect(toastMock.loading).toHaveBeenCalledWith('Abrindo portal de gerenciamento...', expect.anything())
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledWith('http://localhost:3000/sandbox/portal/ps_1'))
    expect(toastMock.success.mock.calls.at(-1)?.[0]).toBe('Redirecionando...')
    expect(api.bodies[API.commerce.subscription.portal]).toHaveLength(1)
  })

  it('shows the cancel-at-period-end state with the date access ends', async () => {
    stubApi({ details: { ...DETAILS, subscription: { ...DETAILS.subscription!, cancelAtPeriodEnd: true } } })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByRole('note').textContent).toContain('cancela no fim do período: você mantém o acesso até 22 de novembro de 2027')
    within(card).getByText('Acesso até')
  })

  it('complimentary access shows when access ends, no charge, no portal and no refund', async () => {
    stubApi({ details: { ...DETAILS, subscription: { ...DETAILS.subscription!, managedByProvider: false, lastPaymentCents: null } } })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    within(card).getByText('Acesso até')
    expect(within(card).queryByText('Próxima cobrança')).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Abrir portal' })).toBeNull()
    expect(card.textContent).toContain('Acesso de cortesia')
    expect(screen.queryByRole('region', { name: 'Garantia de 7 dias' })).toBeNull()
  })

  it('a refunded subscription offers no portal and no plan change, only the way to subscribe again', async () => {
    const refunded: SubscriptionDetails = {
      subscription: { ...DETAILS.subscription!, status: 'canceled', givesAccess: false, currentPeriodEnd: '2026-11-23T12:00:00.000Z' },
      guarantee: { ...DETAILS.guarantee, canRequestRefund: false, request: { status: 'approved', requestedAt: '2026-11-21T10:00:00.000Z', decisionReason: null } },
    }
    const api = stubApi({ details: refunded })
    const refresh = vi.fn()
    // The browser's subscription check (up to 5 minutes old) still says subscribed.
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual', refresh } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Cancelada')
    expect(card.textContent).toContain('Esta assinatura não dá mais acesso aos áudios.')
    expect(within(card).queryByRole('button', { name: 'Abrir portal' })).toBeNull()
    expect(card.textContent).not.toContain('Troque de plano')
    expect(card.textContent).toContain('Esta assinatura foi encerrada.')

    // The fresh details win: the plans are to subscribe again, none is 'current', none opens the portal.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Escolha Seu Plano')
    expect(screen.queryByRole('button', { name: /^Mudar para/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Plano Atual' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Assinar Anual' })).toHaveProperty('disabled', false)
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))

    // What became of the refund stays visible.
    expect(screen.getByTestId('refund-request').textContent).toContain('Aprovado')

    fireEvent.click(within(card).getByRole('button', { name: /Assinar novamente/ }))
    expect(document.activeElement?.id).toBe('planos')
    fireEvent.click(screen.getByRole('button', { name: 'Assinar Anual' }))
    await waitFor(() => expect(api.bodies[API.commerce.subscription.checkout]).toEqual([{ planCode: 'anual' }]))
    expect(api.bodies[API.commerce.subscription.portal]).toBeUndefined()
  })

  it('past due: says until when access lasts and leaves for the Pix-or-boleto page; a failure shows the pt-BR reason', async () => {
    const pastDue: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...DETAILS.subscription!, status: 'past_due', currentPeriodEnd: '2026-11-22T12:00:00.000Z', graceEndsAt: '2026-11-25T12:00:00.000Z' },
    }
    const api = stubApi({ details: pastDue })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Pagamento pendente')
    expect(within(card).getByTestId('subscription-pending').textContent).toContain('Seu acesso continua até 25 de novembro de 2026')
    expect(within(card).getByTestId('subscription-grace-end').textContent).toBe('25 de novembro de 2026')
    expect(within(card).queryByText('Próxima cobrança')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Pagar com Pix ou boleto' }))
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_sbx_renova?metodo=pix'))
    expect(api.bodies[API.commerce.subscription.payPending]).toHaveLength(1)
  })

  it('past due after the grace: access paused, and a gateway failure is told in pt-BR', async () => {
    const paused: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...DETAILS.subscription!, status: 'past_due', givesAccess: false, graceEndsAt: '2026-11-25T12:00:00.000Z' },
    }
    stubApi({ details: paused, payPending: () => jsonResponse({ statusCode: 502, error: 'x', message: COMMERCE_MSG.pendingPaymentFailed }, 502) })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-pending').textContent).toContain('Seu acesso está pausado')
    expect(within(card).queryByTestId('subscription-grace-end')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Pagar com Pix ou boleto' }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(COMMERCE_MSG.pendingPaymentFailed, expect.anything()))
    expect(redirectMock.schedule).not.toHaveBeenCalled()
  })

  it('a boleto renewal payable ahead: says until when, and leaves for its page', async () => {
    const ahead: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...DETAILS.subscription!, lastPaymentMethod: 'boleto', lastPaymentInstallments: null, currentPeriodEnd: '2026-12-03T12:00:00.000Z', renewalPayableAhead: true },
    }
    const api = stubApi({ details: ahead })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-renewal-ahead').textContent).toContain('Pague até 3 de dezembro de 2026 para continuar sem interrupção')
    expect(within(card).queryByTestId('subscription-pending')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Pagar a renovação' }))
    await waitFor(() => expect(redirectMock.schedule).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_sbx_renova?metodo=pix'))
    expect(api.bodies[API.commerce.subscription.payPending]).toHaveLength(1)
  })

  it('a boleto subscription whose renewal is not near offers nothing to pay', async () => {
    stubApi({ details: { ...DETAILS, subscription: { ...DETAILS.subscription!, lastPaymentMethod: 'boleto', lastPaymentInstallments: null, renewalPayableAhead: false } } })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-payment-method').textContent).toBe('Boleto')
    expect(within(card).queryByTestId('subscription-renewal-ahead')).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Pagar a renovação' })).toBeNull()
  })

  it('a subscription paid by Pix says it renews by Pix Automático', async () => {
    stubApi({ details: { ...DETAILS, subscription: { ...DETAILS.subscription!, lastPaymentMethod: 'pix', lastPaymentInstallments: null, pixAutomatic: true } } })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const card = await screen.findByRole('region', { name: 'Sua assinatura' })
    expect(within(card).getByTestId('subscription-payment-method').textContent).toBe('Pix Automático')
    expect(within(card).queryByTestId('subscription-pending')).toBeNull()
  })

  it('a portal failure shows the product’s message', async () => {
    stubApi({ details: DETAILS, portal: () => jsonResponse({ statusCode: 502, error: 'x', message: 'Erro ao processar sua solicitação. Tente novamente.' }, 502) })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir portal' }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Erro ao abrir portal do cliente', expect.anything()))
  })

  it('asks for a refund within the guarantee, with an optional reason, after confirming', async () => {
    const api = stubApi({ details: DETAILS })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const guarantee = await screen.findByRole('region', { name: 'Garantia de 7 dias' })
    expect(guarantee.textContent).toContain('Você pode pedir o reembolso até 27 de novembro de 2026')
    fireEvent.click(within(guarantee).getByRole('button', { name: 'Pedir reembolso' }))
    const dialog = screen.getByRole('dialog', { name: 'Pedir reembolso?' })
    expect(api.bodies[API.commerce.subscription.refundRequest]).toBeUndefined()
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: '  Não tive tempo de ouvir  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }))
    await waitFor(() => expect(api.bodies[API.commerce.subscription.refundRequest]).toEqual([{ reason: 'Não tive tempo de ouvir' }]))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Pedido de reembolso enviado. Você receberá a resposta por e-mail.', expect.anything()))
  })

  it('a boleto is refunded to an account: the dialog asks for it, checks it, and sends it', async () => {
    const api = stubApi({ details: { ...DETAILS, subscription: { ...DETAILS.subscription!, lastPaymentMethod: 'boleto', lastPaymentInstallments: null } } })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const guarantee = await screen.findByRole('region', { name: 'Garantia de 7 dias' })
    fireEvent.click(within(guarantee).getByRole('button', { name: 'Pedir reembolso' }))
    const dialog = screen.getByRole('dialog', { name: 'Pedir reembolso?' })
    expect(within(dialog).getByTestId('refund-way').textContent).toContain('informe a conta que vai receber o valor')
    fireEvent.change(within(dialog).getByLabelText('Banco'), { target: { value: '1' } })
    fireEvent.change(within(dialog).getByLabelText('CPF de quem é titular'), { target: { value: '111.111.111-11' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }))
    await within(dialog).findByText(COMMERCE_MSG.refundBankCode)
    within(dialog).getByText(COMMERCE_MSG.refundAgency)
    within(dialog).getByText('CPF inválido. Confira os números.')
    expect(api.bodies[API.commerce.subscription.refundRequest]).toBeUndefined()

    fireEvent.change(within(dialog).getByLabelText('Banco'), { target: { value: '341' } })
    fireEvent.change(within(dialog).getByLabelText('Agência'), { target: { value: '0123' } })
    fireEvent.change(within(dialog).getByLabelText('Conta'), { target: { value: '98765-x' } })
    fireEvent.change(within(dialog).getByLabelText('Tipo de conta'), { target: { value: 'poupanca' } })
    fireEvent.change(within(dialog).getByLabelText('Nome de quem é titular'), { target: { value: 'Paula Ramos' } })
    fireEvent.change(within(dialog).getByLabelText('CPF de quem é titular'), { target: { value: '529.982.247-25' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }))
    await waitFor(() =>
      expect(api.bodies[API.commerce.subscription.refundRequest]).toEqual([
        { reason: '', bankAccount: { bankCode: '341', agency: '0123', account: '98765-X', accountType: 'poupanca', holderName: 'Paula Ramos', holderCpf: '52998224725' } },
      ]),
    )
  })

  it('shows the status of a refund request', async () => {
    stubApi({
      details: {
        ...DETAILS,
        guarantee: { ...DETAILS.guarantee, canRequestRefund: false, request: { status: 'rejected', requestedAt: '2026-11-21T10:00:00.000Z', decisionReason: 'Fora do prazo' } },
      },
    })
    renderPage('/assinatura', { subscription: { status: 'subscribed', tier: 'anual' } })
    const request = await screen.findByTestId('refund-request')
    expect(request.textContent).toContain('Recusado')
    expect(request.textContent).toContain('Motivo: Fora do prazo')
    expect(screen.queryByRole('button', { name: 'Pedir reembolso' })).toBeNull()
  })
})
