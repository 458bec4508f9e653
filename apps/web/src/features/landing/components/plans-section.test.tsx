import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, DEFAULT_LANDING_CONTENT, DEFAULT_PLAN_BENEFITS, type LandingResponse, type PublicPlan } from '@sintonia/contract'
import { INITIAL_DATA_ELEMENT_ID, resetInitialDataForTests } from '../../../lib/initial-data'
import { PLANS_CACHE_KEY } from '../lib/plans-cache'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { LandingPage, preloadLandingBelowFold } from './landing-page'
import { PlansSection } from './plans-section'

const plan = (overrides: Partial<PublicPlan> & Pick<PublicPlan, 'code' | 'name'>): PublicPlan => ({
  description: '',
  currency: 'BRL',
  intervalMonths: 3,
  priceCents: 14_970,
  originalPriceCents: 14_970,
  pricePerMonthCents: 4_990,
  savings: null,
  popular: false,
  promotion: null,
  benefits: [...DEFAULT_PLAN_BENEFITS],
  buttonText: `Assinar ${overrides.name}`,
  ...overrides,
})

const PLANS: PublicPlan[] = [
  plan({ code: 'trimestral', name: 'Trimestral', description: '3 meses de acesso.' }),
  plan({
    code: 'semestral',
    name: 'Semestral',
    intervalMonths: 6,
    priceCents: 26_940,
    originalPriceCents: 26_940,
    pricePerMonthCents: 4_490,
    savings: 'Economize 10%',
  }),
  plan({
    code: 'anual',
    name: 'Anual',
    intervalMonths: 12,
    priceCents: 47_880,
    originalPriceCents: 47_880,
    pricePerMonthCents: 3_990,
    savings: 'Economize 20%',
    popular: true,
  }),
]

/** Intl puts a no-break space after 'R$'; compare with plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ')

function embed(data: Record<string, unknown>) {
  const script = document.createElement('script')
  script.id = INITIAL_DATA_ELEMENT_ID
  script.type = 'application/json'
  script.textContent = JSON.stringify(data)
  document.body.append(script)
}

function stubFetch(plans: () => Response) {
  const fetchMock = vi.fn(fetchByPath({ [API.commerce.plans]: plans }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove()
  resetInitialDataForTests()
})

describe('PlansSection', () => {
  it('shows three skeleton cards while the plans load', () => {
    stubFetch(() => new Promise<Response>(() => {}) as unknown as Response)
    renderWithProviders(<PlansSection />)
    const section = document.getElementById('planos')!
    expect(section.getAttribute('aria-busy')).toBe('true')
    expect(within(section).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('status').textContent).toBe('Carregando planos...')
    expect(screen.queryByTestId('plan-card')).toBeNull()
  })

  it('renders one card per plan with prices, savings, the popular badge and the calls to action', async () => {
    stubFetch(() => jsonResponse({ plans: PLANS, guaranteeDays: 14 }))
    renderWithProviders(<PlansSection />)
    const cards = await screen.findAllByTestId('plan-card')
    expect(cards.map((card) => card.getAttribute('data-plan'))).toEqual(['trimestral', 'semestral', 'anual'])
    expect(cards[0]!.parentElement!.className).toContain('lg:grid-cols-3')

    const [trimestral, semestral, anual] = cards as [HTMLElement, HTMLElement, HTMLElement]
    expect(text(within(trimestral).getByTestId('plan-price'))).toBe('R$ 149,70')
    expect(text(trimestral)).toContain('/trimestre')
    expect(text(trimestral)).toContain('Equivale a R$ 49,90 por mês')
    expect(text(semestral)).toContain('R$ 269,40/semestre')
    within(semestral).getByText('Economize 10%')
    expect(text(anual)).toContain('R$ 478,80/ano')
    expect(text(anual)).toContain('R$ 39,90 por mês')

    within(anual).getByText('Mais popular')
    expect(within(trimestral).queryByText('Mais popular')).toBeNull()
    expect(anual.className).toContain('border-brand-600')

    expect(within(trimestral).getByRole('link', { name: 'Assinar Trimestral' }).getAttribute('href')).toBe(
      '/assinatura?plan=trimestral',
    )
    expect(within(anual).getByRole('link', { name: 'Assinar Anual' }).getAttribute('href')).toBe('/assinatura?plan=anual')
    // The admin's guarantee setting, as every page shows it — not a constant 7.
    screen.getByText('Garantia de 14 dias')
    expect(screen.queryByRole('timer')).toBeNull()
  })

  it("reads each plan's own button text and benefits", async () => {
    const custom = PLANS.map((p) => (p.code === 'anual' ? { ...p, buttonText: 'Quero o plano anual', benefits: ['Um ano inteiro de prática'] } : p))
    stubFetch(() => jsonResponse({ plans: custom, guaranteeDays: 7 }))
    renderWithProviders(<PlansSection />)
    const cards = await screen.findAllByTestId('plan-card')
    const anual = cards.find((card) => card.getAttribute('data-plan') === 'anual')!
    expect(within(anual).getByRole('link', { name: 'Quero o plano anual' }).getAttribute('href')).toBe('/assinatura?plan=anual')
    within(anual).getByText('Um ano inteiro de prática')
    expect(within(anual).queryByText('Todos os campos e áudios')).toBeNull()
  })

  it('paints the guarantee days of the first HTML (the server render writes them too)', () => {
    embed({ plans: PLANS, guaranteeDays: 30 })
    stubFetch(() => jsonResponse({ plans: PLANS, guaranteeDays: 30 }))
    renderWithProviders(<PlansSection />)
    screen.getByText('Garantia de 30 dias')
  })

  it('uses one or two columns for one or two plans', async () => {
    stubFetch(() => jsonResponse({ plans: PLANS.slice(0, 2), guaranteeDays: 7 }))
    const two = renderWithProviders(<PlansSection />)
    const cards = await screen.findAllByTestId('plan-card')
    expect(cards).toHaveLength(2)
    expect(cards[0]!.parentElement!.className).toContain('sm:grid-cols-2')
    expect(cards[0]!.parentElement!.className).not.toContain('grid-cols-3')
    two.unmount()

    stubFetch(() => jsonResponse({ plans: PLANS.slice(2), guaranteeDays: 7 }))
    renderWithProviders(<PlansSection />)
    const [only] = await screen.findAllByTestId('plan-card')
    expect(only!.parentElement!.className).not.toMatch(/grid-cols-\d/)
  })

  it('points to /assinatura when no plan is active', async () => {
    stubFetch(() => jsonResponse({ plans: [], guaranteeDays: 7 }))
    renderWithProviders(<PlansSection />)
    const link = await screen.findByRole('link', { name: 'Ver planos e preços' })
    expect(link.getAttribute('href')).toBe('/assinatura')
    expect(screen.queryByTestId('plan-card')).toBeNull()
    // The section stays, under its id, as the target of the page's links to the plans.
    expect(screen.getByRole('region', { name: 'Escolha seu plano' }).id).toBe('planos')
  })

  it('when the plans cannot be loaded, shows the last ones this browser saw, says so and retries', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // An earlier visit kept the plans with a price the admin had set.
    let answer = () => jsonResponse({ plans: PLANS.map((p) => (p.code === 'anual' ? { ...p, priceCents: 39_900, originalPriceCents: 39_900 } : p)), guaranteeDays: 21 })
    stubFetch(() => answer())
    const first = renderWithProviders(<PlansSection />)
    await screen.findAllByTestId('plan-card')
    expect(JSON.parse(localStorage.getItem(PLANS_CACHE_KEY)!).data.guaranteeDays).toBe(21)
    first.unmount()

    let failing = true
    answer = () =>
      failing ? jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Indisponível' }, 503) : jsonResponse({ plans: PLANS, guaranteeDays: 10 })
    renderWithProviders(<PlansSection />)
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toContain('Não foi possível atualizar os planos.')
    const cards = screen.getAllByTestId('plan-card')
    expect(cards).toHaveLength(3)
    expect(text(within(cards[2]!).getByTestId('plan-price'))).toBe('R$ 399,00')
    screen.getByText('Garantia de 21 dias')

    failing = false
    fireEvent.click(within(notice).getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(text(within(screen.getAllByTestId('plan-card')[2]!).getByTestId('plan-price'))).toBe('R$ 478,80')
    screen.getByText('Garantia de 10 dias')
    warn.mockRestore()
  })

  it('without any copy in this browser, a failed load shows the default plans', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    stubFetch(() => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Indisponível' }, 503))
    renderWithProviders(<PlansSection />)
    await screen.findByRole('alert')
    const cards = screen.getAllByTestId('plan-card')
    expect(cards.map((card) => card.getAttribute('data-plan'))).toEqual(['trimestral', 'semestral', 'anual'])
    expect(text(within(cards[0]!).getByTestId('plan-price'))).toBe('R$ 149,70')
    screen.getByText('Garantia de 7 dias')
    warn.mockRestore()
  })

  it('shows a promotion with its label, the struck original price and a countdown, then falls back at zero without reload', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00.000Z') })
    const endsAt = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 4 * 60 + 3) * 1000).toISOString()
    const promoted = plan({
      code: 'anual',
      name: 'Anual',
      intervalMonths: 12,
      priceCents: 35_910,
      originalPriceCents: 47_880,
      pricePerMonthCents: 2_993,
      savings: 'Economize 20%',
      popular: true,
      promotion: { discountPercentage: 25, label: 'Semana da mente', endsAt },
    })
    embed({ plans: [promoted] })
    const fetchMock = stubFetch(() => jsonResponse({ plans: [], guaranteeDays: 7 }))
    renderWithProviders(<PlansSection />)
    // The cards are a lazy chunk: let it arrive (no network, no timers involved).
    await act(async () => {
      await vi.dynamicImportSettled()
    })

    const card = screen.getByTestId('plan-card')
    expect(text(within(card).getByTestId('plan-price'))).toBe('R$ 359,10')
    expect(text(within(card).getByTestId('plan-original-price'))).toBe('R$ 478,80')
    expect(within(card).getByTestId('plan-original-price').tagName).toBe('S')
    within(card).getByText('Semana da mente · −25%')
    expect(text(card)).toContain('R$ 29,93 por mês')
    const timer = within(card).getByRole('timer')
    expect(within(timer).getAllByTestId('countdown-value').map((v) => v.textContent)).toEqual(['2', '03', '04', '03'])
    expect(timer.getAttribute('aria-label')).toBe('Termina em 2 dias, 3 horas, 4 min, 3 s')

    act(() => vi.advanceTimersByTime(1000))
    expect(within(timer).getAllByTestId('countdown-value').map((v) => v.textContent)).toEqual(['2', '03', '04', '02'])

    act(() => vi.advanceTimersByTime((2 * 86_400 + 3 * 3600 + 4 * 60 + 2) * 1000))
    expect(within(card).queryByRole('timer')).toBeNull()
    expect(within(card).queryByTestId('plan-original-price')).toBeNull()
    expect(text(within(card).getByTestId('plan-price'))).toBe('R$ 478,80')
    expect(text(card)).toContain('R$ 39,90 por mês')
    within(card).getByText('Economize 20%')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('price comparison own-plan row', () => {
  // The sections below the hero are a lazy chunk: load it once, before the clock of any test runs.
  beforeAll(async () => {
    await preloadLandingBelowFold()
  })

  function landing(): LandingResponse {
    return { productName: 'Sintonia', content: DEFAULT_LANDING_CONTENT, videos: { active_video_id: null, videos: [] }, updatedAt: null }
  }

  it("shows the annual plan's real yearly price instead of the content's", async () => {
    embed({ landing: landing(), fields: [], plans: PLANS })
    stubFetch(() => jsonResponse({ plans: PLANS, guaranteeDays: 7 }))
    renderWithProviders(<LandingPage />)
    const table = await screen.findByRole('table')
    const highlighted = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Melhor escolha'))!
    expect(text(highlighted)).toContain('R$ 478,80')
    expect(text(table)).not.toContain('R$ 358,80')
    // The other options keep their content prices.
    expect(text(table)).toContain('R$ 7.200,00')
  })

  it("keeps the admin's price on a highlighted row that is not the product's own", async () => {
    const comparison = DEFAULT_LANDING_CONTENT.priceComparison
    const content = {
      ...DEFAULT_LANDING_CONTENT,
      priceComparison: {
        ...comparison,
        // The admin highlights 'Terapia individual' instead of the product's row.
        options: comparison.options.map((option) => ({ ...option, isHighlight: option.id === 'terapia-semanal', badge: option.id === 'terapia-semanal' ? 'Mais comum' : option.badge })),
      },
    }
    embed({ landing: { ...landing(), content }, fields: [], plans: PLANS, guaranteeDays: 7 })
    stubFetch(() => jsonResponse({ plans: PLANS, guaranteeDays: 7 }))
    renderWithProviders(<LandingPage />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    const therapy = rows.find((row) => within(row).queryByText('Terapia individual'))!
    const own = rows.find((row) => within(row).queryByText(/Plano Anual/))!
    expect(text(therapy)).toContain('R$ 7.200,00')
    expect(text(therapy)).not.toContain('R$ 478,80')
    expect(text(own)).toContain('R$ 478,80')
  })
})
