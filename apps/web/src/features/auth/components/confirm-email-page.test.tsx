import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { API, AUTH_MSG, type SignedInUser, type VerifyEmailResult } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { subscriptionChecker } from '../../../lib/use-subscription'
import { ConfirmEmailPage } from './confirm-email-page'

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFuYUBleGVtcGxvLmNvbSJ9.assinatura'
const ANA: SignedInUser = { id: 'u1', email: 'ana@exemplo.com', emailVerified: true, displayName: 'Ana', role: 'user' }

function setup(path: string, { verify, user = null }: { verify: () => Response | Promise<Response>; user?: SignedInUser | null }) {
  const verifyCalls: unknown[] = []
  let meCalls = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.accounts.verifyEmail]: (_url, init) => {
          verifyCalls.push(JSON.parse(String(init?.body)))
          return verify()
        },
        [API.accounts.me]: () => {
          meCalls += 1
          return jsonResponse({ user: user ?? null })
        },
      }),
    ),
  )
  const utils = renderRoutes(
    [
      { path: '/confirmar-email', element: <ConfirmEmailPage productName="Sintonia" /> },
      { path: '/onboarding/definir-senha', element: <p>página do link de acesso</p> },
      { path: '*', element: <p>outra página</p> },
    ],
    path,
  )
  return { ...utils, verifyCalls, meCalls: () => meCalls }
}

const result = (over: Partial<VerifyEmailResult> = {}): VerifyEmailResult => ({
  message: AUTH_MSG.emailVerified,
  email: 'ana@exemplo.com',
  accessToken: null,
  ...over,
})

afterEach(() => {
  vi.unstubAllGlobals()
  subscriptionChecker.clear()
})

describe('/confirmar-email', () => {
  it('the answer carries an access link (ADR 023): straight to choosing the password, replacing this page', async () => {
    const { router, verifyCalls } = setup(`/confirmar-email?token=${TOKEN}`, { verify: () => jsonResponse(result({ accessToken: 'acc_0123456789abcdefghij' })) })
    await screen.findByText('página do link de acesso')
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/onboarding/definir-senha?token=acc_0123456789abcdefghij&confirmado=1')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(verifyCalls).toEqual([{ token: TOKEN }])
  })

  it('an e-mail change, even while signed in: straight to choosing the password too, the sign-in read again', async () => {
    const { router, meCalls } = setup(`/confirmar-email?token=${TOKEN}`, {
      // Answers after the sign-in was read, as the server would: the sign-in is then read again.
      verify: () =>
        new Promise((resolve) =>
          setTimeout(() => resolve(jsonResponse(result({ message: AUTH_MSG.emailChanged, email: 'nova@exemplo.com', accessToken: 'acc_troca_0123456789abcdef' }))), 30),
        ),
      user: ANA,
    })
    await screen.findByText('página do link de acesso')
    expect(router.state.location.search).toBe('?token=acc_troca_0123456789abcdef&confirmado=1')
    await waitFor(() => expect(meCalls()).toBe(2))
  })

  it('a link opened again once the e-mail is confirmed, signed out: the message and the way to the login; the link is sent once', async () => {
    const { verifyCalls } = setup(`/confirmar-email?token=${TOKEN}`, { verify: () => jsonResponse(result()) })
    await screen.findByRole('heading', { name: AUTH_MSG.emailVerified })
    screen.getByText('ana@exemplo.com')
    expect((await screen.findByRole('link', { name: /Entrar/ })).getAttribute('href')).toBe('/login')
    expect(verifyCalls).toHaveLength(1)
  })

  it('a link opened again once the e-mail is confirmed, signed in: the way to the dashboard', async () => {
    setup(`/confirmar-email?token=${TOKEN}`, { verify: () => jsonResponse(result()), user: ANA })
    await screen.findByRole('heading', { name: AUTH_MSG.emailVerified })
    expect((await screen.findByRole('link', { name: /Ir para o início/ })).getAttribute('href')).toBe('/dashboard')
  })

  it('a bad or expired link (400) says so and points to Minha conta', async () => {
    setup(`/confirmar-email?token=${TOKEN}`, {
      verify: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: AUTH_MSG.verifyLinkInvalid }, 400),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MSG.verifyLinkInvalid)
    expect(screen.getByRole('link', { name: 'Ir para Minha conta' }).getAttribute('href')).toBe('/minha-conta')
  })

  it('without a token nothing is sent', async () => {
    const { verifyCalls } = setup('/confirmar-email', { verify: () => jsonResponse(result()) })
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MSG.verifyLinkInvalid)
    expect(verifyCalls).toHaveLength(0)
  })
})
