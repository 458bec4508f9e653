import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, AUTH_MSG, DEFAULT_LANDING_CONTENT, type SignedInUser, type SubscriptionState } from '@sintonia/contract'
import type * as Sonner from 'sonner'
import { subscriptionChecker } from '../lib/use-subscription'
import { fetchByPath, jsonResponse, renderRoutes } from '../test/render'
import { routes } from './router'

// Every toast the pages may raise, even after a test ends (a redirect to the plans page starts a checkout's 'loading' toast).
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))

const landing = { productName: 'Sintonia', content: DEFAULT_LANDING_CONTENT, videos: { active_video_id: null, videos: [] }, updatedAt: null }
const ANA: SignedInUser = { id: 'u1', email: 'ana@exemplo.com', emailVerified: true, displayName: 'Ana', role: 'user' }
/** An account the fake API reports with role admin (as admin:create would have made it). */
const ADMIN: SignedInUser = {
  id: 'a1',
  email: 'equipe@exemplo.com',
  emailVerified: true,
  displayName: 'equipe',
  role: 'admin',
}
const ACTIVE: SubscriptionState = { subscribed: true, subscription_tier: 'anual', subscription_end: '2030-01-01T00:00:00.000Z', subscription_status: 'active' }
const NONE: SubscriptionState = { subscribed: false, subscription_tier: null, subscription_end: null, subscription_status: 'none' }

function apiError(status: number, message: string) {
  return jsonResponse({ statusCode: status, error: 'Erro', message }, status)
}

interface FakeApi {
  user: SignedInUser | null
  subscription: SubscriptionState
  bodies: Record<string, unknown[]>
}

function stubApi(initial: Partial<FakeApi> = {}) {
  const api: FakeApi = { user: null, subscription: ACTIVE, bodies: {}, ...initial }
  const record = (path: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined
    ;(api.bodies[path] ??= []).push(body)
    return body as Record<string, string>
  }
  const fetchMock = vi.fn(
    fetchByPath({
      [API.content.landing]: () => jsonResponse(landing),
      [API.catalogue.publicFields]: () => jsonResponse({ fields: [] }),
      // The server's answer for a visitor: no 401, so no error in the browser's console.
      [API.accounts.me]: () => jsonResponse({ user: api.user ?? null }),
      [API.accounts.signIn]: (_url, init) => {
        const body = record(API.accounts.signIn, init)
        if (body.password !== 'segredo123') return apiError(401, AUTH_MSG.invalidCredentials)
        const user = body.email === ADMIN.email ? ADMIN : { ...ANA, email: body.email ?? ANA.email }
        if (user.role === 'admin' && body.portal === 'user') return apiError(403, AUTH_MSG.adminMustUseAdminLogin)
        if (user.role === 'user' && body.portal === 'admin') return apiError(403, AUTH_MSG.userMustUseUserLogin)
        api.user = user
        return jsonResponse({ user })
      },
      [API.accounts.signUp]: (_url, init) => {
        const body = record(API.accounts.signUp, init)
        if (body.email === 'existe@exemplo.com') return apiError(409, AUTH_MSG.alreadyRegistered)
        api.user = { ...ANA, email: body.email ?? '', emailVerified: false, displayName: body.name ?? 'novo' }
        return jsonResponse({ user: api.user })
      },
      [API.accounts.signOut]: () => {
        api.user = null
        return jsonResponse({ message: AUTH_MSG.logoutSuccess })
      },
      [API.commerce.subscription.check]: () => (api.user ? jsonResponse(api.subscription) : apiError(401, 'Faça login para continuar')),
      [API.accounts.forgotPassword]: (_url, init) => {
        record(API.accounts.forgotPassword, init)
        return jsonResponse({ message: AUTH_MSG.resetEmailSent })
      },
      [API.accounts.resetPassword]: (_url, init) => {
        const body = record(API.accounts.resetPassword, init)
        return body.token === 'token-valido-123' ? jsonResponse({ message: AUTH_MSG.resetDone }) : apiError(400, AUTH_MSG.resetInvalidToken)
      },
      [API.accounts.accessLinkPreview]: (_url, init) => {
        const body = record(API.accounts.accessLinkPreview, init)
        if (!body.token?.startsWith('link-valido')) return apiError(400, AUTH_MSG.accessLinkInvalid)
        return jsonResponse({ email: 'pagou@exemplo.com', displayName: 'Paula', plans: ['Anual'], accountExists: false })
      },
      [API.accounts.onboardingPassword]: (_url, init) => {
        const body = record(API.accounts.onboardingPassword, init)
        // 'link-valido-usado…': the link was used in another tab between the preview and the submit.
        if (body.token !== 'link-valido-0123456789abcdef') return apiError(400, AUTH_MSG.accessLinkInvalid)
        api.user = { ...ANA, email: 'pagou@exemplo.com' }
        return jsonResponse({ user: api.user })
      },
      [API.commerce.payments.resendAccessLink]: (_url, init) => {
        record(API.commerce.payments.resendAccessLink, init)
        return jsonResponse({ message: AUTH_MSG.accessLinkSent })
      },
      [API.accounts.deleteAccount]: (_url, init) => {
        const body = record(API.accounts.deleteAccount, init)
        if (body.password !== 'segredo123') return apiError(403, AUTH_MSG.deleteConfirmationWrong)
        api.user = null
        return jsonResponse({ message: AUTH_MSG.accountDeleted })
      },
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return { api, fetchMock }
}

function currentPath(router: ReturnType<typeof renderRoutes>['router']) {
  return `${router.state.location.pathname}${router.state.location.search}`
}

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } })
}

beforeEach(() => {
  window.localStorage.clear()
  subscriptionChecker.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
  toastMock.success.mockReset()
  toastMock.error.mockReset()
  window.localStorage.clear()
  subscriptionChecker.clear()
})

describe('/login', () => {
  it('shows the Login tab by default, with the forgot-password link', async () => {
    stubApi()
    renderRoutes(routes, '/login')
    const loginTab = await screen.findByRole('tab', { name: 'Login' })
    expect(loginTab.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: 'Cadastro' }).getAttribute('aria-selected')).toBe('false')
    expect(screen.queryByLabelText(/Nome/)).toBeNull()
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email')
    screen.getByRole('button', { name: 'Entrar' })
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe('/esqueci-senha')
    screen.getByText('Pagou e ainda não criou sua senha? Use “Esqueci minha senha” e enviaremos seu link de acesso.')
  })

  it('?email= opens Cadastro with the e-mail filled in; ?plan= shows the one-step note', async () => {
    stubApi()
    renderRoutes(routes, '/login?email=nova%40exemplo.com&plan=anual')
    const signupTab = await screen.findByRole('tab', { name: 'Cadastro' })
    expect(signupTab.getAttribute('aria-selected')).toBe('true')
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('nova@exemplo.com')
    screen.getByLabelText(/Nome/)
    screen.getByText('Você está a um passo de assinar!')
    screen.getByRole('button', { name: 'Criar conta' })
  })

  it('toggles the password visibility', async () => {
    stubApi()
    renderRoutes(routes, '/login')
    const input = (await screen.findByLabelText('Senha')) as HTMLInputElement
    expect(input.type).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }))
    expect(input.type).toBe('text')
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }))
    expect(input.type).toBe('password')
  })

  it('signs in, reads "Entrando..." meanwhile, and lands on /dashboard', async () => {
    const { api } = stubApi()
    const { router } = renderRoutes(routes, '/login')
    await screen.findByRole('tab', { name: 'Login' })
    fillLogin('ana@exemplo.com', 'segredo123')
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await screen.findByRole('button', { name: 'Entrando...' })
    await screen.findByRole('heading', { name: 'Bem-vindo, Ana' })
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(api.bodies[API.accounts.signIn]?.[0]).toEqual({ email: 'ana@exemplo.com', password: 'segredo123', portal: 'user' })
  })

  it('shows the catalogue message under the form on wrong credentials', async () => {
    stubApi()
    renderRoutes(routes, '/login')
    await screen.findByRole('tab', { name: 'Login' })
    fillLogin('ana@exemplo.com', 'errada')
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou senha incorretos')
  })

  it('refuses admins with the admin-login message', async () => {
    stubApi()
    renderRoutes(routes, '/login')
    await screen.findByRole('tab', { name: 'Login' })
    fillLogin(ADMIN.email, 'segredo123')
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Use o login administrativo para contas de admin')
  })

  it('offers "Ir para Login" when the e-mail is already registered, keeping the e-mail', async () => {
    stubApi()
    renderRoutes(routes, '/login?email=existe%40exemplo.com')
    await screen.findByRole('tab', { name: 'Cadastro' })
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(AUTH_MSG.alreadyRegistered)
    fireEvent.click(within(alert).getByRole('button', { name: 'Ir para Login' }))
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true')
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('existe@exemplo.com')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('checks the password length before signing up', async () => {
    const { api } = stubApi()
    renderRoutes(routes, '/login?email=nova%40exemplo.com')
    await screen.findByRole('tab', { name: 'Cadastro' })
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: '123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }))
    expect((await screen.findByRole('alert')).textContent).toContain('A senha deve ter pelo menos 6 caracteres')
    expect(api.bodies[API.accounts.signUp]).toBeUndefined()
  })

  it('signs up with name and session_id, then follows redirect with auto_plan', async () => {
    const { api } = stubApi()
    const { router } = renderRoutes(routes, '/login?email=nova%40exemplo.com&plan=anual&redirect=%2Fassinatura&session_id=cs_test_abc123')
    await screen.findByRole('tab', { name: 'Cadastro' })
    fireEvent.change(screen.getByLabelText(/Nome/), { target: { value: '  Bia ' } })
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }))
    await waitFor(() => expect(currentPath(router)).toBe('/assinatura?auto_plan=anual'))
    expect(api.bodies[API.accounts.signUp]?.[0]).toEqual({
      email: 'nova@exemplo.com',
      password: 'segredo123',
      name: 'Bia',
      checkoutId: 'cs_test_abc123',
    })
    // The new account's e-mail is not confirmed yet: the listener is told where the link went.
    expect(toastMock.success).toHaveBeenCalledWith(AUTH_MSG.verificationSent, expect.anything())
  })

  it('never follows an external redirect', async () => {
    stubApi({ user: ANA })
    const { router } = renderRoutes(routes, '/login?redirect=https%3A%2F%2Fevil.example%2F')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('sends a signed-in admin to /admin', async () => {
    stubApi({ user: ADMIN })
    const { router } = renderRoutes(routes, '/login')
    // The admin area is three lazy chunks (guard, shell, home): give them time to load.
    await screen.findByRole('heading', { name: 'Área administrativa' }, { timeout: 5000 })
    expect(router.state.location.pathname).toBe('/admin')
    screen.getByText(ADMIN.email)
  })
})

describe("the sign-in forms' own checks", () => {
  // The forms are noValidate: in jsdom as in a browser, a submit with empty or malformed fields reaches the app.
  for (const [path, heading, submit] of [
    ['/admin/login', 'Acesso administrativo', /Entrar no painel/],
    ['/login', 'Login', /^Entrar$/],
    ['/login?email=x', 'Cadastro', /Criar conta/],
  ] as const) {
    it(`${path}: the app's pt-BR messages under the fields, never the browser's bubbles, and nothing sent`, async () => {
      const { api } = stubApi()
      const page = renderRoutes(routes, path)
      await screen.findByRole(path.startsWith('/admin') ? 'heading' : 'tab', { name: heading })
      const form = screen.getByLabelText('E-mail').closest('form')!
      expect(form.noValidate).toBe(true)
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '' } })
      fireEvent.click(screen.getByRole('button', { name: submit }))
      const email = screen.getByLabelText('E-mail')
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
      expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(AUTH_MSG.emailRequired)
      const password = screen.getByLabelText('Senha')
      expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(AUTH_MSG.passwordRequired)
      // The first error takes the focus (docs/product/README.md#forms).
      await waitFor(() => expect(document.activeElement).toBe(email))

      fireEvent.change(email, { target: { value: 'ana@exemplo' } })
      fireEvent.change(password, { target: { value: 'segredo123' } })
      fireEvent.click(screen.getByRole('button', { name: submit }))
      await waitFor(() => expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(AUTH_MSG.invalidEmail))
      expect(password.getAttribute('aria-invalid')).toBeNull()
      expect(api.bodies[API.accounts.signIn]).toBeUndefined()
      expect(api.bodies[API.accounts.signUp]).toBeUndefined()
      page.unmount()
    })
  }
})

describe('/admin/login', () => {
  it('refuses listener accounts and signs admins in to /admin', async () => {
    const { api } = stubApi()
    const { router } = renderRoutes(routes, '/admin/login')
    await screen.findByRole('heading', { name: 'Acesso administrativo' })
    fillLogin('ana@exemplo.com', 'segredo123')
    fireEvent.click(screen.getByRole('button', { name: /Entrar no painel/ }))
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MSG.userMustUseUserLogin)

    fillLogin(ADMIN.email, 'segredo123')
    fireEvent.click(screen.getByRole('button', { name: /Entrar no painel/ }))
    // The admin area is three lazy chunks (guard, shell, home): give them time to load.
    await screen.findByRole('heading', { name: 'Área administrativa' }, { timeout: 5000 })
    expect(router.state.location.pathname).toBe('/admin')
    expect(api.bodies[API.accounts.signIn]?.[1]).toMatchObject({ portal: 'admin' })
  })
})

describe('route guards', () => {
  it('sends a visitor from /dashboard to /login, remembering the origin, and back after login', async () => {
    stubApi()
    const { router } = renderRoutes(routes, '/dashboard')
    await screen.findByRole('tab', { name: 'Login' })
    expect(currentPath(router)).toBe('/login?redirect=%2Fdashboard')
    fillLogin('ana@exemplo.com', 'segredo123')
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await screen.findByRole('heading', { name: 'Bem-vindo, Ana' })
    expect(currentPath(router)).toBe('/dashboard')
  })

  it('shows the subscription-required card to an unsubscribed listener', async () => {
    stubApi({ user: ANA, subscription: NONE })
    renderRoutes(routes, '/dashboard')
    await screen.findByRole('heading', { name: 'Escolha Seu Plano' })
    screen.getByText(/escolha um dos nossos planos: trimestral, semestral ou anual/)
    expect(screen.getByRole('link', { name: /Ver Planos Disponíveis/ }).getAttribute('href')).toBe('/assinatura')
  })

  it('sends an admin away from subscriber pages to /admin', async () => {
    stubApi({ user: ADMIN })
    const { router } = renderRoutes(routes, '/dashboard')
    // The admin area is three lazy chunks (guard, shell, home): give them time to load.
    await screen.findByRole('heading', { name: 'Área administrativa' }, { timeout: 5000 })
    expect(router.state.location.pathname).toBe('/admin')
  })

  it('sends a visitor from /admin to /admin/login, and a listener to /login (then home)', async () => {
    stubApi()
    const first = renderRoutes(routes, '/admin')
    await screen.findByRole('heading', { name: 'Acesso administrativo' })
    expect(first.router.state.location.pathname).toBe('/admin/login')
    first.unmount()

    stubApi({ user: ANA })
    const second = renderRoutes(routes, '/admin')
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'))
  })

  it('shows a skeleton while the sign-in loads', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})))
    renderRoutes(routes, '/dashboard')
    // The connectivity pill's live region (mounted once the page is idle, empty while online) is a
    // status too: the skeleton is the one that says it is loading.
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Carregando...'))).toBe(true))
    expect(screen.queryByRole('button', { name: /Entrar|Sair/ })).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Acesso à conta' })).toBeNull()
  })

  it('redirects /subscription to /assinatura', async () => {
    stubApi()
    const { router } = renderRoutes(routes, '/subscription?x=1')
    await waitFor(() => expect(currentPath(router)).toBe('/assinatura?x=1'))
  })
})

describe('header sign-in button', () => {
  it('reads Sair when signed in; signing out toasts, goes home and forgets personal data', async () => {
    stubApi({ user: ANA })
    window.localStorage.setItem('justSubscribed', 'true')
    window.localStorage.setItem('hasSeenWelcomeBanner', JSON.stringify([ANA.id]))
    window.localStorage.setItem('playlists', '[]')
    window.localStorage.setItem('audio-preferences', '{"volume":50}')
    const { router } = renderRoutes(routes, '/dashboard')
    await screen.findByRole('heading', { name: 'Bem-vindo, Ana' })
    expect(screen.getAllByRole('link', { name: /Minha conta/ })[0]?.getAttribute('href')).toBe('/minha-conta')

    fireEvent.click(screen.getAllByRole('button', { name: 'Sair' })[0]!)
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Logout realizado com sucesso!', expect.anything()))
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findAllByRole('link', { name: /Entrar/ })).not.toHaveLength(0)
    expect(window.localStorage.getItem('justSubscribed')).toBeNull()
    expect(window.localStorage.getItem('playlists')).toBeNull()
    expect(window.localStorage.getItem('subscription_cache')).toBeNull()
    expect(window.localStorage.getItem('dm:lastRoute')).toBeNull()
    expect(window.localStorage.getItem('audio-preferences')).toBe('{"volume":50}')
    // Who closed the welcome banner stays known, so it never comes back for them.
    expect(window.localStorage.getItem('hasSeenWelcomeBanner')).toBe(JSON.stringify([ANA.id]))
  })

  it("offers 'Downloads' only to subscribers, the listeners who may download", async () => {
    stubApi({ user: ANA, subscription: NONE })
    const first = renderRoutes(routes, '/')
    await screen.findAllByRole('button', { name: 'Sair' })
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Minha conta/ }).length).toBeGreaterThan(0))
    await waitFor(() => expect(subscriptionChecker.getSnapshot().data?.subscribed).toBe(false))
    expect(screen.queryByRole('link', { name: /Downloads/ })).toBeNull()
    first.unmount()
    subscriptionChecker.clear()

    stubApi({ user: ANA, subscription: ACTIVE })
    renderRoutes(routes, '/')
    const links = await screen.findAllByRole('link', { name: /Downloads/ })
    expect(links[0]?.getAttribute('href')).toBe('/downloads')
    // The bottom bar has it too.
    within(screen.getByRole('navigation', { name: 'Acesso à conta' })).getByRole('link', { name: /Downloads/ })
  })

  it("starts a subscriber's bottom bar with 'Início' and 'Hoje', as an app does, and keeps 'Sair' in it", async () => {
    stubApi({ user: ANA, subscription: ACTIVE })
    const { router } = renderRoutes(routes, '/progresso')
    const bar = await screen.findByRole('navigation', { name: 'Acesso à conta' })
    await waitFor(() => expect(within(bar).getAllByRole('link')).toHaveLength(5))
    const tabs = [...within(bar).getAllByRole('link'), within(bar).getByRole('button', { name: 'Sair' })]
    expect(tabs.map((tab) => tab.getAttribute('aria-label') ?? tab.textContent)).toEqual(['Início', 'Hoje', 'Progresso', 'Downloads', 'Minha conta', 'Sair'])
    expect(tabs.slice(0, 5).map((tab) => tab.getAttribute('href'))).toEqual(['/dashboard', '/hoje', '/progresso', '/downloads', '/minha-conta'])
    expect(within(bar).getByRole('link', { name: 'Progresso' }).getAttribute('aria-current')).toBe('page')
    // The Diário, without a tab of its own, opens from the progress page, whose tab stays marked.
    fireEvent.click(await screen.findByRole('link', { name: 'Abrir o Diário' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/diario'))
    expect(within(bar).getByRole('link', { name: 'Progresso' }).getAttribute('aria-current')).toBe('page')
    // A field's page is under 'Início'.
    await router.navigate('/campo/00000000-0000-4000-8000-000000000000')
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBe('page'))
  })

  it("the sign-in pages do not repeat 'Entrar' beside their own form: no header button, no bottom bar for a visitor", async () => {
    stubApi()
    const home = renderRoutes(routes, '/')
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Entrar/ }).length).toBe(2))
    screen.getByRole('navigation', { name: 'Acesso à conta' })
    home.unmount()

    for (const path of ['/login', '/esqueci-senha', '/admin/login']) {
      stubApi()
      const page = renderRoutes(routes, path)
      await screen.findByRole('heading', { level: 1 })
      await waitFor(() => expect(screen.getByRole('banner').querySelector('[aria-hidden="true"][href="/login"]')).toBeNull())
      expect(screen.queryByRole('link', { name: /Entrar/ }), path).toBeNull()
      expect(screen.queryByRole('navigation', { name: 'Acesso à conta' }), path).toBeNull()
      page.unmount()
    }
  })

  it("leaves a visitor's checkout without the 'Entrar' bar, which covered 'Continuar para o pagamento' at a phone's fold", async () => {
    stubApi()
    renderRoutes(routes, '/pagamento?plan=anual')
    await screen.findByRole('button', { name: /Continuar para o pagamento/ })
    // The header's 'Entrar' is known (the sign-in has loaded): the bar would be there by now.
    await waitFor(() => expect(document.querySelector('header a[href="/login"]:not([aria-hidden])')).not.toBeNull())
    expect(screen.queryByRole('navigation', { name: 'Acesso à conta' })).toBeNull()
  })

  it('invites visitors and listeners to the free newsletter in the footer, never subscribers nor admins', async () => {
    const invitation = () => within(screen.getAllByRole('contentinfo').at(-1)!).queryByRole('link', { name: 'Inscreva-se na nossa lista' })
    for (const [who, expected] of [
      [{}, true],
      [{ user: ANA, subscription: NONE }, true],
      [{ user: ANA, subscription: ACTIVE }, false],
      [{ user: ADMIN }, false],
    ] as const) {
      stubApi(who)
      const page = renderRoutes(routes, '/lgpd')
      await screen.findByRole('heading', { level: 1 })
      if (expected) await waitFor(() => expect(invitation()).not.toBeNull())
      else await waitFor(() => expect(invitation()).toBeNull())
      page.unmount()
      subscriptionChecker.clear()
    }
  })

  it('toasts the failure when sign-out fails', async () => {
    const { fetchMock } = stubApi({ user: ANA })
    renderRoutes(routes, '/')
    const button = (await screen.findAllByRole('button', { name: 'Sair' }))[0]!
    const base = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation((input, init) =>
      String(input).includes(API.accounts.signOut) ? Promise.resolve(apiError(500, 'Erro interno no logout')) : base(input, init),
    )
    fireEvent.click(button)
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Erro ao fazer logout', expect.objectContaining({ description: 'Erro interno no logout' })))
  })
})

describe('password pages', () => {
  it('/esqueci-senha shows the neutral confirmation', async () => {
    stubApi()
    renderRoutes(routes, '/esqueci-senha')
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@exemplo.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }))
    await screen.findByText(AUTH_MSG.resetEmailSent)
  })

  it('/redefinir-senha checks the confirmation, then toasts and goes to /login', async () => {
    stubApi()
    const { router } = renderRoutes(routes, '/redefinir-senha?token=token-valido-123')
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'novasenha1' } })
    fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: 'outra' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect((await screen.findByRole('alert')).textContent).toContain('As senhas não coincidem')
    fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: 'novasenha1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(toastMock.success).toHaveBeenCalledWith(AUTH_MSG.resetDone, expect.anything())
  })

  it('/redefinir-senha explains an invalid token', async () => {
    stubApi()
    renderRoutes(routes, '/redefinir-senha?token=expirado-0000000')
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'novasenha1' } })
    fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: 'novasenha1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(AUTH_MSG.resetInvalidToken)
    expect(within(alert).getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/esqueci-senha')
  })

  it('/onboarding/definir-senha?token= validates, then creates the password and signs in to /dashboard', async () => {
    const { api } = stubApi()
    const { router } = renderRoutes(routes, '/onboarding/definir-senha?token=link-valido-0123456789abcdef')
    await screen.findByRole('heading', { name: 'Crie Sua Senha' })
    expect((await screen.findByTestId('onboarding-email')).textContent).toBe('pagou@exemplo.com')
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull()
    screen.getByText('Plano Anual')
    const submit = () => fireEvent.click(screen.getByRole('button', { name: /Criar senha e entrar/ }))

    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: '123' } })
    submit()
    expect((await screen.findByRole('alert')).textContent).toContain('A senha deve ter no mínimo 6 caracteres')

    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'segredo123' } })
    fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: 'segredo124' } })
    submit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('As senhas não coincidem'))
    expect(api.bodies[API.accounts.onboardingPassword]).toBeUndefined()

    fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: 'segredo123' } })
    submit()
    await screen.findByRole('heading', { name: 'Bem-vindo, Ana' })
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(api.bodies[API.accounts.onboardingPassword]).toEqual([
      { token: 'link-valido-0123456789abcdef', password: 'segredo123', confirmPassword: 'segredo123' },
    ])
  })

  it('/onboarding/definir-senha?token= shows the refusal received, with the way to a new link', async () => {
    stubApi()
    const { router } = renderRoutes(routes, '/onboarding/definir-senha?token=link-valido-usado-em-outra-aba')
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'segredo123' } })
    fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: 'segredo123' } })
    fireEvent.click(screen.getByRole('button', { name: /Criar senha e entrar/ }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(AUTH_MSG.accessLinkInvalid)
    expect(within(alert).getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/esqueci-senha')
    expect(router.state.location.pathname).toBe('/onboarding/definir-senha')
  })

  it('/onboarding/definir-senha without a token asks to confirm the e-mail and never sends a password', async () => {
    const { api, fetchMock } = stubApi()
    renderRoutes(routes, '/onboarding/definir-senha?email=pagou%40exemplo.com&session_id=cs_teste_123')
    await screen.findByRole('heading', { name: 'Confirme seu e-mail' })
    screen.getByText('pagou@exemplo.com')
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar link' }))
    // Found by its text: the connectivity pill's empty live region is also a status on this page.
    const sent = await screen.findByText(AUTH_MSG.accessLinkSent)
    expect(sent.closest('[role="status"]')).not.toBeNull()
    expect(api.bodies[API.commerce.payments.resendAccessLink]).toEqual([{ sessionId: 'cs_teste_123' }])
    const calls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(calls.some((url) => url.includes(API.accounts.onboardingPassword))).toBe(false)
  })
})

describe('/minha-conta', () => {
  it('sends visitors to /login with the origin', async () => {
    stubApi()
    const { router } = renderRoutes(routes, '/minha-conta')
    await screen.findByRole('tab', { name: 'Login' })
    expect(currentPath(router)).toBe('/login?redirect=%2Fminha-conta')
  })

  it('shows profile and subscription; deletion asks the password and then logs out', async () => {
    stubApi({ user: ANA })
    const { router } = renderRoutes(routes, '/minha-conta')
    await screen.findByRole('heading', { level: 1, name: 'Minha conta' })
    screen.getByText(ANA.email)
    await screen.findByText('Ativa')
    screen.getByText('Anual')
    screen.getByRole('button', { name: /Baixar meus dados/ })

    fireEvent.click(screen.getByRole('button', { name: /Excluir minha conta/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir sua conta?' })
    fireEvent.change(within(dialog).getByLabelText('Digite sua senha para confirmar'), { target: { value: 'errada' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Excluir definitivamente/ }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(AUTH_MSG.deleteConfirmationWrong)

    fireEvent.change(within(dialog).getByLabelText('Digite sua senha para confirmar'), { target: { value: 'segredo123' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Excluir definitivamente/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(toastMock.success).toHaveBeenCalledWith(AUTH_MSG.accountDeleted, expect.anything())
    expect(await screen.findAllByRole('link', { name: /Entrar/ })).not.toHaveLength(0)
  })
})

describe('installed app start', () => {
  it('returns a signed-in person on / to the last route', async () => {
    stubApi({ user: ANA })
    window.localStorage.setItem('dm:lastRoute', '/minha-conta')
    const { resetLastRouteStartForTests } = await import('../features/auth/testing')
    resetLastRouteStartForTests()
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === '(display-mode: standalone)' })) as typeof window.matchMedia
    try {
      const { router } = renderRoutes(routes, '/')
      await waitFor(() => expect(router.state.location.pathname).toBe('/minha-conta'))
    } finally {
      window.matchMedia = original
    }
  })
})
