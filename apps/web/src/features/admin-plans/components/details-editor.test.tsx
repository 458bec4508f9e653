import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, COMMERCE_MSG, DEFAULT_PLAN_BENEFITS, type AdminPlan } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { DetailsEditor } from './details-editor'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const plan: AdminPlan = {
  code: 'semestral',
  name: 'Semestral',
  description: '6 meses',
  currency: 'BRL',
  originalPriceCents: 26_940,
  currentPriceCents: 26_940,
  intervalMonths: 6,
  savings: 'Economize 10%',
  popular: false,
  isActive: true,
  hasPromotion: false,
  discountPercentage: null,
  promotionEndDate: null,
  promotionLabel: null,
  displayOrder: 2,
  benefits: [...DEFAULT_PLAN_BENEFITS],
  buttonText: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const preview = () => screen.getByRole('list', { name: /^Prévia do plano/ })
const previewBenefits = () =>
  within(preview())
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-testid') !== 'plan-card')
    .map((item) => item.textContent)

afterEach(() => vi.unstubAllGlobals())

describe('DetailsEditor: benefits and button text', () => {
  it("starts from the plan's texts, shows each change in the card preview and saves them", async () => {
    const fetchMock = vi.fn(
      fetchByPath({
        [API.commerce.admin.planDetails('semestral')]: (_url, init) =>
          jsonResponse({ plan: { ...plan, ...(JSON.parse(String(init?.body)) as object), updatedAt: '2026-01-02T00:00:00.000Z' } }),
        [API.commerce.admin.plans]: () => jsonResponse({ plans: [plan] }),
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<DetailsEditor plan={plan} />)

    expect(screen.getAllByRole('textbox', { name: /^Benefício \d$/ }).map((input) => (input as HTMLInputElement).value)).toEqual([...DEFAULT_PLAN_BENEFITS])
    expect(previewBenefits()).toEqual([...DEFAULT_PLAN_BENEFITS])
    expect(within(preview()).getByTestId('plan-button-preview').textContent).toBe('Assinar Semestral')

    // Rewrite the first line, drop the last, add one, and write the button's own text.
    fireEvent.change(screen.getByRole('textbox', { name: 'Benefício 1' }), { target: { value: 'Acesso a todos os áudios por 6 meses' } })
    fireEvent.click(screen.getByRole('button', { name: 'Remover benefício 3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar benefício' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Benefício 3' }), { target: { value: 'Suporte por e-mail' } })
    fireEvent.change(screen.getByLabelText(/Texto do botão/), { target: { value: 'Quero o semestral' } })

    expect(previewBenefits()).toEqual(['Acesso a todos os áudios por 6 meses', 'Novos conteúdos todo mês', 'Suporte por e-mail'])
    expect(within(preview()).getByTestId('plan-button-preview').textContent).toBe('Quero o semestral')

    fireEvent.click(screen.getByRole('button', { name: 'Salvar plano' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith(API.commerce.admin.planDetails('semestral')))!
    expect(JSON.parse(String(init!.body))).toMatchObject({
      benefits: ['Acesso a todos os áudios por 6 meses', 'Novos conteúdos todo mês', 'Suporte por e-mail'],
      buttonText: 'Quero o semestral',
    })
  })

  it('a blank button text reads "Assinar {name}" and is sent as none', async () => {
    const fetchMock = vi.fn(fetchByPath({ [API.commerce.admin.planDetails('semestral')]: () => jsonResponse({ plan }) }))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<DetailsEditor plan={{ ...plan, buttonText: 'Quero já' }} />)
    fireEvent.change(screen.getByLabelText(/Texto do botão/), { target: { value: '   ' } })
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Semestral Plus' } })
    expect(within(preview()).getByTestId('plan-button-preview').textContent).toBe('Assinar Semestral Plus')
    fireEvent.click(screen.getByRole('button', { name: 'Salvar plano' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ buttonText: null })
  })

  it('shows the pt-BR messages at the line or field at fault and sends nothing', async () => {
    const fetchMock = vi.fn(fetchByPath({}))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<DetailsEditor plan={plan} />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Benefício 2' }), { target: { value: '   ' } })
    fireEvent.change(screen.getByLabelText(/Texto do botão/), { target: { value: 'x'.repeat(41) } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar plano' }))

    const blank = screen.getByRole('textbox', { name: 'Benefício 2' })
    expect(blank.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(blank.getAttribute('aria-describedby')!)?.textContent).toBe(COMMERCE_MSG.planBenefitRequired)
    screen.getByText(COMMERCE_MSG.planButtonTextTooLong)
    expect(screen.getByLabelText(/Texto do botão/).getAttribute('aria-invalid')).toBe('true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps one to eight lines: the last one cannot be removed, a ninth cannot be added', () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({})))
    renderWithProviders(<DetailsEditor plan={{ ...plan, benefits: ['Único benefício'] }} />)
    expect(screen.getByRole('button', { name: 'Remover benefício 1' })).toHaveProperty('disabled', true)
    const add = screen.getByRole('button', { name: 'Adicionar benefício' })
    for (let i = 0; i < 7; i++) fireEvent.click(add)
    expect(screen.getAllByRole('textbox', { name: /^Benefício \d$/ })).toHaveLength(8)
    expect(add).toHaveProperty('disabled', true)
  })
})
