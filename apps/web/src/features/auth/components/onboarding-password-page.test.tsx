import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, AUTH_MSG, COMMERCE_MSG, type AccessLinkPreview } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { subscriptionChecker } from '../../../lib/use-subscription'
import { OnboardingPasswordPage } from './onboarding-password-page'

const TOKEN = 'tok_0123456789abcdefghij'
const PREVIEW: AccessLinkPreview = { email: 'pagou@exemplo.com', displayName: 'Paula', plans: ['Anual'], accountExists: false }

function apiError(status: number, message: string) {
  return jsonResponse({ statusCode: status, error: 'Erro', message }, status)
}

type Handler = (body: Record<string, string>) => Response | Promise<Response>

function setup(path: string, handlers: Partial<Record<'preview' | 'onboarding' | 'resend', Handler>> = {}, afterPurchase?: () => Promise<string>) {
  const bodies: Record<string, unknown[]> = {}
  const wrap = (path: string, handler: Handler | undefined) => (_url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {}
    ;(bodies[path] ??= []).push(body)
    return handler ? handler(body) : apiError(500, 'sem resposta')
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.accounts.accessLinkPreview]: wrap(API.accounts.accessLinkPreview, handlers.preview ?? (() => jsonResponse(PREVIEW))),
        [API.accounts.onboardingPassword]: wrap(API.accounts.onboardingPassword, handlers.onboarding),
        [API.commerce.payments.resendAccessLink]: wrap(API.commerce.payments.resendAccessLink, handlers.resend),
        [API.commerce.subscription.check]: () => jsonResponse({ subscribed: true, subscription_tier: 'anual', subscription_end: null, subscription_status: 'active' }),
      }),
    ),
  )
  const utils = renderRoutes(
    [
      { path: '/onboarding/definir-senha', element: <OnboardingPasswordPage productName="Sintonia" afterPurchase={afterPurchase} /> },
      { path: '*', element: <p>outra página</p> },
    ],
    path,
  )
  const location = () => `${utils.router.state.location.pathname}${utils.router.state.location.search}`
  return { ...utils, bodies, location }
}

async function fillPasswords(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: password } })
  fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: confirm } })
  fireEvent.click(screen.getByRole('button', { name: /Criar senha e entrar/ }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  subscriptionChecker.clear()
})

describe('/onboarding/definir-senha?token= (the access link)', () => {
  it('reads the link first: the e-mail (text, not editable), the plans, and no password field until it answered', async () => {
    const { bodies } = setup(`/onboarding/definir-senha?token=${TOKEN}`)
    screen.getByRole('heading', { name: 'Crie Sua Senha' })
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
    expect((await screen.findByTestId('onboarding-email')).textContent).toBe('pagou@exemplo.com')
    expect(screen.queryByRole('textbox')).toBeNull()
    // Password managers still learn whose password this is.
    const username = document.querySelector<HTMLInputElement>('input[autocomplete="username"]')
    expect(username?.value).toBe('pagou@exemplo.com')
    expect(username?.readOnly).toBe(true)
    within(screen.getByRole('list', { name: 'Plano a ativar' })).getByText('Plano Anual')
    screen.getByText(/Falta só criar a senha/)
    expect(screen.queryByTestId('onboarding-account-exists')).toBeNull()
    expect(bodies[API.accounts.accessLinkPreview]).toEqual([{ token: TOKEN }])
  })

  it('explains that an existing account gets this password and its other devices are signed out', async () => {
    setup(`/onboarding/definir-senha?token=${TOKEN}`, { preview: () => jsonResponse({ ...PREVIEW, accountExists: true }) })
    const note = await screen.findByTestId('onboarding-account-exists')
    expect(note.textContent).toContain('Já existe uma conta com este e-mail')
    expect(note.textContent).toContain('os outros aparelhos conectados saem da conta')
    screen.getByText(/Defina a senha da sua conta para ativar o acesso/)
  })

  it('opened from a confirmation link, without a purchase: the e-mail is confirmed and the same password may do', async () => {
    const { bodies } = setup(`/onboarding/definir-senha?token=${TOKEN}&confirmado=1`, {
      preview: () => jsonResponse({ ...PREVIEW, plans: [], accountExists: true }),
    })
    await screen.findByText('E-mail confirmado! Para terminar, defina a senha da sua conta (pode ser a mesma de antes).')
    expect(screen.queryByRole('list', { name: 'Plano a ativar' })).toBeNull()
    expect((await screen.findByTestId('onboarding-account-exists')).textContent).toContain('os outros aparelhos conectados saem da conta')
    expect(bodies[API.accounts.accessLinkPreview]).toEqual([{ token: TOKEN }])
  })

  it('a dead link says so and offers a new one, with no form', async () => {
    setup(`/onboarding/definir-senha?token=${TOKEN}`, { preview: () => apiError(400, AUTH_MSG.accessLinkInvalid) })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(AUTH_MSG.accessLinkInvalid)
    expect(screen.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/esqueci-senha')
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
  })

  it('checks length and confirmation before sending, and focuses each error', async () => {
    const { bodies } = setup(`/onboarding/definir-senha?token=${TOKEN}`)
    await fillPasswords('12345', '12345')
    const short = await screen.findByRole('alert')
    expect(short.textContent).toBe(AUTH_MSG.onboardingPasswordTooShort)
    expect(document.activeElement).toBe(short)

    await fillPasswords('segredo123', 'segredo12')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.onboardingPasswordMismatch))
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    expect(bodies[API.accounts.onboardingPassword]).toBeUndefined()
  })

  it('reads "Salvando..." while sending, then goes to /dashboard', async () => {
    let answer: (response: Response) => void = () => {}
    const { location, bodies } = setup(`/onboarding/definir-senha?token=${TOKEN}`, {
      onboarding: () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    await fillPasswords('segredo123')
    const busy = await screen.findByRole('button', { name: 'Salvando...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    answer(jsonResponse({ user: { id: 'u1', email: 'pagou@exemplo.com', emailVerified: true, displayName: 'Paula', role: 'user' } }, 201))
    await waitFor(() => expect(location()).toBe('/dashboard'))
    expect(bodies[API.accounts.onboardingPassword]).toEqual([{ token: TOKEN, password: 'segredo123', confirmPassword: 'segredo123' }])
  })

  it('after a purchase, goes where the route says (today’s practice) once it is ready, the button busy meanwhile', async () => {
    let ready: (path: string) => void = () => {}
    const afterPurchase = vi.fn(() => new Promise<string>((resolve) => (ready = resolve)))
    const signedIn = { user: { id: 'u1', email: 'pagou@exemplo.com', emailVerified: true, displayName: 'Paula', role: 'user' } }
    const { location } = setup(`/onboarding/definir-senha?token=${TOKEN}`, { onboarding: () => jsonResponse(signedIn, 201) }, afterPurchase)
    await fillPasswords('segredo123')
    const busy = await screen.findByRole('button', { name: 'Preparando sua prática...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    expect(afterPurchase).toHaveBeenCalledTimes(1)
    expect(location()).toBe(`/onboarding/definir-senha?token=${TOKEN}`)
    ready('/hoje')
    await waitFor(() => expect(location()).toBe('/hoje'))
  })

  it('a link without a purchase (a confirmation) still goes to /dashboard', async () => {
    const afterPurchase = vi.fn(() => Promise.resolve('/hoje'))
    const signedIn = { user: { id: 'u1', email: 'pagou@exemplo.com', emailVerified: true, displayName: 'Paula', role: 'user' } }
    const { location } = setup(
      `/onboarding/definir-senha?token=${TOKEN}&confirmado=1`,
      { preview: () => jsonResponse({ ...PREVIEW, plans: [], accountExists: true }), onboarding: () => jsonResponse(signedIn, 201) },
      afterPurchase,
    )
    await fillPasswords('segredo123')
    await waitFor(() => expect(location()).toBe('/dashboard'))
    expect(afterPurchase).not.toHaveBeenCalled()
  })

  it('shows the server message, a field message first, and "Erro ao definir senha" when there is none', async () => {
    const answers = [
      apiError(429, 'Muitas tentativas. Aguarde um minuto.'),
      jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'password: x', issues: [{ path: 'password', message: AUTH_MSG.passwordTooLong }] }, 400),
      jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: '' }, 500),
    ]
    setup(`/onboarding/definir-senha?token=${TOKEN}`, { onboarding: () => answers.shift()! })
    await fillPasswords('segredo123')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Muitas tentativas. Aguarde um minuto.'))
    await fillPasswords('segredo123')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.passwordTooLong))
    await fillPasswords('segredo123')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.onboardingFailed))
  })

  it('a link used meanwhile (400 on submit) offers a new link', async () => {
    setup(`/onboarding/definir-senha?token=${TOKEN}`, { onboarding: () => apiError(400, AUTH_MSG.accessLinkInvalid) })
    await fillPasswords('segredo123')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(AUTH_MSG.accessLinkInvalid))
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/esqueci-senha')
  })
})

describe('/onboarding/definir-senha without a token (after paying)', () => {
  it('asks to confirm the e-mail, with the spam hint and "Já criei minha senha"', async () => {
    const { bodies } = setup('/onboarding/definir-senha?email=pagou%40exemplo.com&session_id=cs_sbx_123456')
    await screen.findByRole('heading', { name: 'Confirme seu e-mail' })
    screen.getByText('pagou@exemplo.com')
    screen.getByText(/Confira as pastas de spam/)
    expect(screen.getByRole('link', { name: 'Já criei minha senha' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
    expect(bodies[API.accounts.accessLinkPreview]).toBeUndefined()
  })

  it('"Reenviar link" sends the checkout id and shows the answer', async () => {
    const { bodies } = setup('/onboarding/definir-senha?email=pagou%40exemplo.com&session_id=cs_sbx_123456', {
      resend: () => jsonResponse({ message: AUTH_MSG.accessLinkSent }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar link' }))
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MSG.accessLinkSent)
    expect(bodies[API.commerce.payments.resendAccessLink]).toEqual([{ sessionId: 'cs_sbx_123456' }])
  })

  it('a purchase already activated (404) says so and points to the login', async () => {
    setup('/onboarding/definir-senha?email=pagou%40exemplo.com&session_id=cs_sbx_123456', {
      resend: () => apiError(404, COMMERCE_MSG.checkoutNotFound),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar link' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(COMMERCE_MSG.checkoutNotFound)
    expect(within(alert).getByRole('link', { name: 'entre com seu e-mail' }).getAttribute('href')).toBe('/login')
    expect(document.activeElement).toBe(alert)
  })

  it('without the checkout id there is nothing to resend: "Esqueci minha senha" is the way', async () => {
    setup('/onboarding/definir-senha')
    await screen.findByRole('heading', { name: 'Confirme seu e-mail' })
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).toBeNull()
    screen.getByText(/o e-mail usado na compra/)
    expect(screen.getByRole('link', { name: /Esqueci minha senha/ }).getAttribute('href')).toBe('/esqueci-senha')
  })
})
