import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API, LEAD_CONSENT_TEXT, MSG, type LeadCreateInput } from '@sintonia/contract'
import { jsonResponse, renderRoutes } from '../../../test/render'
import { LeadSignupPage } from './lead-signup-page'
import { ThankYouPage } from './thank-you-page'

// jsdom has no canvas: the celebration's library is replaced by a spy.
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { reset: vi.fn() }) }))

const LEAD = { id: '6f1c2a7e-3b1d-4c8e-9f0a-1b2c3d4e5f60', name: 'Maria Souza', email: 'maria@example.com' }

function setup(path = '/inscricao', respond: (body: LeadCreateInput) => Response | Promise<Response> = () => jsonResponse(LEAD, 201)) {
  const bodies: LeadCreateInput[] = []
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(String(url)).toBe(API.communication.leads)
    const body = JSON.parse(String(init?.body)) as LeadCreateInput
    bodies.push(body)
    return respond(body)
  })
  vi.stubGlobal('fetch', fetchMock)
  const track = vi.fn()
  const utils = renderRoutes(
    [
      { path: '/inscricao', element: <LeadSignupPage productName="Sintonia" track={track} /> },
      { path: '/obrigado', element: <ThankYouPage productName="Sintonia" supportEmail="contato@sintonia.app" track={track} /> },
      { path: '*', element: <p>Outra página</p> },
    ],
    path,
  )
  return { ...utils, fetchMock, bodies, track }
}

const nameInput = () => screen.getByLabelText(/^Nome/)
const emailInput = () => screen.getByLabelText(/^E-mail/)
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Quero Receber Grátis|Processando/ }))

function fillValid() {
  fireEvent.change(nameInput(), { target: { value: '  Maria Souza ' } })
  fireEvent.change(emailInput(), { target: { value: 'Maria@Example.com' } })
  fireEvent.click(screen.getByRole('checkbox'))
}

afterEach(() => vi.unstubAllGlobals())

describe('lead sign-up form', () => {
  it('shows the fields, the 7 interests and the consent text with links to the legal pages', () => {
    const { track } = setup()
    // The page's title, with the product name in it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cuide da sua mente com conteúdos gratuitos do Sintonia')
    expect(emailInput().getAttribute('type')).toBe('email')
    const phone = screen.getByLabelText(/^WhatsApp/)
    expect(phone.getAttribute('inputmode')).toBe('tel')
    const select = screen.getByLabelText(/^Área de interesse/)
    expect(select.querySelectorAll('option[value]:not([value=""])')).toHaveLength(7)
    screen.getByRole('option', { name: 'Sono e Relaxamento' })
    const label = document.querySelector('label[for="lead-consent"]')!
    expect(label.textContent!.replace(' (abre em nova aba)', '')).toBe(`${LEAD_CONSENT_TEXT}*`)
    expect(screen.getByRole('link', { name: /Política de Privacidade/ }).getAttribute('href')).toBe('/privacy')
    expect(screen.getByRole('link', { name: /Termos de Uso/ }).getAttribute('href')).toBe('/terms')
    expect(screen.getAllByText('100% Gratuito').length).toBeGreaterThan(0)
    screen.getByRole('figure')
    expect(track).toHaveBeenCalledWith('lead_capture', { source: 'direto' })
  })

  it("shows every required field's message when name, e-mail and consent are missing, focuses the first and sends nothing", async () => {
    const { fetchMock } = setup()
    submit()
    expect(fetchMock).not.toHaveBeenCalled()
    screen.getByText(MSG.leads.nameRequired)
    screen.getByText(MSG.leads.emailRequired)
    screen.getByText(MSG.leads.consentRequired)
    expect(MSG.leads.nameRequired).toBe('Nome é obrigatório')
    expect(MSG.leads.emailRequired).toBe('Email é obrigatório')
    expect(nameInput().getAttribute('aria-invalid')).toBe('true')
    expect(emailInput().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(nameInput()))

    // A name of spaces is empty too; the e-mail alone missing gets its own message and the focus.
    fireEvent.change(nameInput(), { target: { value: '   ' } })
    fireEvent.change(emailInput(), { target: { value: 'maria@example.com' } })
    fireEvent.click(screen.getByRole('checkbox'))
    submit()
    screen.getByText(MSG.leads.nameRequired)
    fireEvent.change(nameInput(), { target: { value: 'Maria' } })
    fireEvent.change(emailInput(), { target: { value: '' } })
    submit()
    screen.getByText(MSG.leads.emailRequired)
    expect(screen.queryByText(MSG.leads.nameRequired)).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(emailInput()))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("checks the e-mail's form even before consent is given ('Email deve ter um formato válido')", async () => {
    const { fetchMock } = setup()
    fireEvent.change(nameInput(), { target: { value: 'Maria' } })
    fireEvent.change(emailInput(), { target: { value: 'maria@exemplo' } })
    submit()
    screen.getByText(MSG.leads.emailInvalid)
    screen.getByText(MSG.leads.consentRequired)
    await waitFor(() => expect(document.activeElement).toBe(emailInput()))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the product's e-mail check message when the server could not check the address", async () => {
    setup('/inscricao', () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: MSG.leads.emailCheckError }, 503))
    fillValid()
    submit()
    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao verificar email. Tente novamente.')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
  })

  it('asks for consent and checks the fields with the shared schema before sending', () => {
    const { fetchMock } = setup()
    fireEvent.change(nameInput(), { target: { value: 'Maria' } })
    fireEvent.change(emailInput(), { target: { value: 'maria@example.com' } })
    submit()
    screen.getByText(MSG.leads.consentRequired)
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('checkbox'))
    expect(screen.queryByText(MSG.leads.consentRequired)).toBeNull()
    fireEvent.change(screen.getByLabelText(/^WhatsApp/), { target: { value: '123' } })
    submit()
    screen.getByText(MSG.leads.phoneInvalid)
    expect(screen.getByLabelText(/^WhatsApp/).getAttribute('aria-invalid')).toBe('true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reads "Processando..." while sending, then goes to /obrigado with the name (e-mail only in state)', async () => {
    let answer!: (response: Response) => void
    const { router, bodies, track } = setup('/inscricao?utm_source=instagram&utm_medium=social&utm_campaign=lancamento&x=1', () => new Promise<Response>((resolve) => (answer = resolve)))
    fillValid()
    fireEvent.change(screen.getByLabelText(/^WhatsApp/), { target: { value: '(11) 98765-4321' } })
    fireEvent.change(screen.getByLabelText(/^Área de interesse/), { target: { value: 'sono_relaxamento' } })
    fireEvent.focus(emailInput())
    fireEvent.focus(emailInput())
    submit()

    const button = await screen.findByRole('button', { name: 'Processando...' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    submit()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({
      name: 'Maria Souza',
      email: 'Maria@Example.com',
      phone: '(11) 98765-4321',
      interestField: 'sono_relaxamento',
      consent: true,
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'lancamento',
    })

    answer(jsonResponse(LEAD, 201))
    await screen.findByRole('heading', { level: 1, name: /Maria Souza/ })
    expect(router.state.location.pathname).toBe('/obrigado')
    expect(router.state.location.search).toBe('?nome=Maria')
    expect(router.state.location.state).toEqual({ name: LEAD.name, email: LEAD.email })
    screen.getByText(/maria@example\.com/)

    // The thank-you page counts its view in an effect, after the heading is on screen.
    await vi.waitFor(() =>
      expect(track.mock.calls.map(([type]) => type)).toEqual(['lead_capture', 'form_field_focus', 'lead_submitted', 'conversion_completed', 'conversion_page_view']),
    )
    expect(track).toHaveBeenCalledWith('form_field_focus', { fieldTitle: 'email' })
    expect(JSON.stringify(track.mock.calls)).not.toMatch(/Maria|maria|98765/)
  })

  it('shows the duplicate message and clears it when a field changes', async () => {
    const { fetchMock } = setup('/inscricao', () =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: MSG.leads.duplicateEmail }, 409),
    )
    fillValid()
    submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Este email já está cadastrado em nossa lista.')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    // The form is ready for another try.
    expect((screen.getByRole('button', { name: /Quero Receber Grátis/ }) as HTMLButtonElement).disabled).toBe(false)

    fireEvent.change(emailInput(), { target: { value: 'outra@example.com' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows other server messages unchanged and a generic text for unexpected failures', async () => {
    let reply: () => Response = () =>
      jsonResponse({ statusCode: 429, error: 'Too Many Requests', message: MSG.generic.tooManyRequests }, 429)
    setup('/inscricao', () => reply())
    fillValid()
    submit()
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.generic.tooManyRequests)

    reply = () =>
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', message: 'email: Email deve ter um formato válido', issues: [{ path: 'email', message: 'Email deve ter um formato válido' }] },
        400,
      )
    submit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('email: Email deve ter um formato válido'))
    expect(emailInput().getAttribute('aria-invalid')).toBe('true')

    reply = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
    submit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.leads.unexpected))
  })
})

describe('thank-you page', () => {
  it('greets by the ?nome= fallback or "Futuro Membro" and tracks the visit once', async () => {
    const { track, unmount } = setup('/obrigado?nome=Jo%C3%A3o')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Parabéns, João!')
    expect(track.mock.calls).toEqual([['conversion_page_view']])

    const links = screen.getAllByRole('link')
    const whatsapp = links.find((link) => link.textContent?.includes('WhatsApp'))!
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/)
    fireEvent.click(whatsapp)
    expect(track).toHaveBeenLastCalledWith('social_share', { network: 'whatsapp' })
    fireEvent.click(screen.getByRole('link', { name: /Ouvir Demonstração Grátis/ }))
    expect(track).toHaveBeenLastCalledWith('thank_you_cta_click', { target: 'demo' })
    unmount()

    setup('/obrigado')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Parabéns, Futuro Membro!')
    expect(screen.getByRole('link', { name: 'contato@sintonia.app' }).getAttribute('href')).toBe('mailto:contato@sintonia.app')
    screen.getByRole('heading', { name: 'O que Esperar' })
  })
})
