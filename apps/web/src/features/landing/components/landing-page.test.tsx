import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  API,
  DEFAULT_LANDING_CONTENT,
  type Field,
  type LandingPageContent,
  type LandingResponse,
  type PublicPlan,
} from '@sintonia/contract'
import { LANDING_CACHE_KEY } from '../lib/content-cache'
import { INITIAL_DATA_ELEMENT_ID, resetInitialDataForTests } from '../../../lib/initial-data'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { LandingPage, preloadLandingBelowFold } from './landing-page'

const fields: Field[] = [
  { id: '11111111-1111-4111-8111-111111111111', title: 'Foco', description: 'Clareza mental', iconName: 'Target', displayOrder: 2, coverImage: null, audioCount: 3 },
  { id: '22222222-2222-4222-8222-222222222222', title: 'Autoconfiança', description: '', iconName: 'NaoExiste', displayOrder: 1, coverImage: null, audioCount: 1 },
]

const annualPlan: PublicPlan = {
  code: 'anual',
  name: 'Anual',
  description: '',
  currency: 'BRL',
  intervalMonths: 12,
  priceCents: 47_880,
  originalPriceCents: 47_880,
  pricePerMonthCents: 3_990,
  savings: null,
  popular: true,
  promotion: null,
  benefits: ['Todos os campos e áudios'],
  buttonText: 'Assinar Anual',
}

function landing(content: LandingPageContent = DEFAULT_LANDING_CONTENT, productName = 'Sintonia'): LandingResponse {
  return { productName, content, videos: { active_video_id: null, videos: [] }, updatedAt: null }
}

// The sections below the hero are a lazy chunk (landing-below-fold, kept out of the initial JS:
// docs/performance.md). Its first import transforms and evaluates a dozen modules, which on a busy
// machine takes longer than findBy*'s 1 s; and a React.lazy part renders in the same commit as the
// rest of the page only once one render has resolved it. So it is loaded here, once: the module is
// imported (no timer involved, just the hook's own timeout), then one page render resolves the lazy
// component, waiting for a heading of that chunk with a generous explicit timeout — a bound on a
// condition, not a sleep. Every test then gets the sections in the first commit that has the landing
// data, whatever the machine's speed and whichever test runs first or alone.
beforeAll(async () => {
  await preloadLandingBelowFold()
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.content.landing]: () => jsonResponse(landing()),
        [API.catalogue.publicFields]: () => jsonResponse({ fields: [] }),
      }),
    ),
  )
  renderWithProviders(<LandingPage />)
  await screen.findByRole('heading', { level: 2, name: 'Campos de Desenvolvimento' }, { timeout: 30_000 })
  // This render leaves nothing behind: not its copy of the content, nor the page's initial data read.
  await waitFor(() => expect(localStorage.getItem(LANDING_CACHE_KEY)).not.toBeNull())
  cleanup()
  localStorage.removeItem(LANDING_CACHE_KEY)
  vi.unstubAllGlobals()
  resetInitialDataForTests()
}, 60_000)

afterEach(() => {
  vi.unstubAllGlobals()
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove()
  resetInitialDataForTests()
})

describe('LandingPage', () => {
  it('renders the content sections in order with the product name applied', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse(landing(DEFAULT_LANDING_CONTENT, 'Mente Leve')),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    expect(screen.getByRole('status').textContent).toBe('Carregando...')

    const h1 = await screen.findByRole('heading', { level: 1 })
    expect(h1.textContent).toBe(`${DEFAULT_LANDING_CONTENT.hero.title} ${DEFAULT_LANDING_CONTENT.hero.titleHighlight}`)
    // The sections below the hero (a lazy chunk, loaded once in beforeAll).
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings.indexOf('O que é o Mente Leve?')).toBeGreaterThanOrEqual(0)
    expect(headings.indexOf('Por que escolher o Mente Leve?')).toBeGreaterThan(headings.indexOf('O que é o Mente Leve?'))
    screen.getByText('Etapa 1')
    screen.getByText(`Etapa ${DEFAULT_LANDING_CONTENT.comoFunciona.steps.length}`)
    expect(screen.queryByText(/\{product\}/)).toBeNull()

    expect(screen.getByRole('link', { name: DEFAULT_LANDING_CONTENT.hero.ctaText }).getAttribute('href')).toBe('/assinatura')
    expect(screen.getByRole('link', { name: DEFAULT_LANDING_CONTENT.hero.demoText }).getAttribute('href')).toBe('/demo')
    expect(screen.getByRole('link', { name: 'EU QUERO!!!' }).getAttribute('href')).toBe('/assinatura')
    // The plans section, under the id the price comparison's button and the header's links target.
    expect(screen.getByRole('region', { name: 'Escolha seu plano' }).id).toBe('planos')

    const cards = await screen.findAllByTestId('field-card')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Autoconfiança', 'Foco'])
    within(cards[0]!).getByText('1 áudio')
    within(cards[1]!).getByText('3 áudios')
  })

  it('hides the optional sections when they are disabled', async () => {
    const content: LandingPageContent = {
      ...DEFAULT_LANDING_CONTENT,
      whatIsProduct: { ...DEFAULT_LANDING_CONTENT.whatIsProduct, enabled: false },
      comoFunciona: { ...DEFAULT_LANDING_CONTENT.comoFunciona, enabled: false },
      priceComparison: { ...DEFAULT_LANDING_CONTENT.priceComparison, enabled: false },
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse(landing(content)),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    await screen.findByRole('heading', { level: 1 })
    // The sections below the hero are there (the lazy chunk is loaded in beforeAll) before checking what they leave out.
    screen.getByRole('heading', { level: 2, name: 'Campos de Desenvolvimento' })
    expect(screen.queryByText('Etapa 1')).toBeNull()
    expect(screen.queryByRole('heading', { name: /O que é/ })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('falls back to the default content when the payload is malformed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse({ productName: 'Sintonia', content: { hero: 'nope' }, videos: null, updatedAt: null }),
          [API.catalogue.publicFields]: () => jsonResponse({ fields: [] }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    const h1 = await screen.findByRole('heading', { level: 1 })
    expect(h1.textContent).toContain(DEFAULT_LANDING_CONTENT.hero.title)
  })

  it('shows the error with a working "Tentar Novamente"', async () => {
    let calls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () =>
            ++calls === 1
              ? jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Serviço temporariamente indisponível.' }, 503)
              : jsonResponse(landing()),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    expect((await screen.findByRole('alert')).textContent).toContain('Serviço temporariamente indisponível.')
    // The page is not blank meanwhile: with no cached copy it shows the built-in default content.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(DEFAULT_LANDING_CONTENT.hero.title)
    fireEvent.click(screen.getByRole('button', { name: 'Tentar Novamente' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(calls).toBe(2)
  })

  it('falls back to this browser’s last copy of the content before the default', async () => {
    const cached = landing()
    cached.content = { ...cached.content, hero: { ...cached.content.hero, title: 'Título guardado neste navegador' } }
    localStorage.setItem(LANDING_CACHE_KEY, JSON.stringify({ data: cached, savedAt: Date.now() - 3_600_000 }))
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Fora do ar.' }, 503),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    expect((await screen.findByRole('alert')).textContent).toContain('Fora do ar.')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Título guardado neste navegador')
    localStorage.removeItem(LANDING_CACHE_KEY)
  })

  it('keeps a copy of each successful load for later failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse(landing()),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    localStorage.removeItem(LANDING_CACHE_KEY)
    renderWithProviders(<LandingPage />)
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(localStorage.getItem(LANDING_CACHE_KEY)).not.toBeNull())
    localStorage.removeItem(LANDING_CACHE_KEY)
  })

  it('renders the price comparison as a table with the highlighted option and its badge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.content.landing]: () => jsonResponse(landing()),
          [API.catalogue.publicFields]: () => jsonResponse({ fields }),
        }),
      ),
    )
    renderWithProviders(<LandingPage />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(DEFAULT_LANDING_CONTENT.priceComparison.options.length + 1)
    // The highlighted option's row carries both its yearly price and its badge.
    const highlighted = within(table).getByText('Melhor escolha').closest('tr')!
    within(highlighted).getByText('R$ 358,80', { normalizer: (s) => s.replace(/\s/g, ' ') })

    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    fireEvent.click(screen.getByRole('button', { name: DEFAULT_LANDING_CONTENT.priceComparison.ctaButton.text }))
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('planos'))
    expect(document.activeElement).toBe(document.getElementById('planos'))
    scroll.mockRestore()
  })

  it('paints at once from the data the server embedded in the page', async () => {
    const script = document.createElement('script')
    script.id = INITIAL_DATA_ELEMENT_ID
    script.type = 'application/json'
    script.textContent = JSON.stringify({ landing: landing(DEFAULT_LANDING_CONTENT, 'Embutido'), fields, plans: [annualPlan] })
    document.body.append(script)
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}))
    vi.stubGlobal('fetch', fetchMock)

    renderWithProviders(<LandingPage />)
    expect(screen.queryByText('Carregando...')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${DEFAULT_LANDING_CONTENT.hero.title} ${DEFAULT_LANDING_CONTENT.hero.titleHighlight}`)
    screen.getByRole('heading', { level: 2, name: 'O que é o Embutido?' })
    expect(screen.getAllByTestId('field-card')).toHaveLength(2)
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(1)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
