import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, COMMERCE_MSG, type AdminPlan } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { validatePricing, type PricingFormValues } from '../lib/pricing-form'
import { PricingEditor } from './pricing-editor'

/**
 * The requests the form sent: the connectivity monitor's background HEAD /api/health may tick in
 * meanwhile on a slow machine, and is not the form's.
 */
const sentByForm = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => url !== API.health)

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const plan: AdminPlan = {
  code: 'anual',
  name: 'Anual',
  description: '12 meses',
  currency: 'BRL',
  originalPriceCents: 47_880,
  currentPriceCents: 47_880,
  intervalMonths: 12,
  savings: null,
  popular: true,
  isActive: true,
  hasPromotion: false,
  discountPercentage: null,
  promotionEndDate: null,
  promotionLabel: null,
  displayOrder: 3,
  benefits: ['Todos os campos e áudios', 'Novos conteúdos todo mês', 'Ouça também sem internet'],
  buttonText: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const NOW = Date.parse('2026-06-01T12:00:00Z')
const base: PricingFormValues = { price: '478,80', hasPromotion: true, discount: '20', label: '', endsAt: '2026-07-01T10:00' }

afterEach(() => vi.unstubAllGlobals())

describe('validatePricing (promotion data)', () => {
  const errorsOf = (values: Partial<PricingFormValues>) => {
    const result = validatePricing({ ...base, ...values }, () => NOW)
    return 'errors' in result ? result.errors : {}
  }

  it('accepts a valid promotion and sends centavos and an ISO end date', () => {
    const result = validatePricing(base, () => NOW)
    expect(result).toEqual({
      body: { originalPriceCents: 47_880, hasPromotion: true, discountPercentage: 20, promotionEndDate: new Date('2026-07-01T10:00').toISOString(), promotionLabel: null },
    })
  })

  it.each([
    [{ discount: '0' }, 'discount', COMMERCE_MSG.discountRange],
    [{ discount: '101' }, 'discount', COMMERCE_MSG.discountRange],
    [{ discount: '12,5' }, 'discount', COMMERCE_MSG.discountRange],
    [{ discount: '' }, 'discount', COMMERCE_MSG.discountRange],
    [{ endsAt: '' }, 'endsAt', COMMERCE_MSG.promotionEndRequired],
    [{ endsAt: '2026-05-01T10:00' }, 'endsAt', COMMERCE_MSG.promotionEndFuture],
    [{ price: '0' }, 'price', COMMERCE_MSG.originalPricePositive],
    [{ price: '' }, 'price', COMMERCE_MSG.originalPricePositive],
  ])('%j → %s: %s', (values, field, message) => {
    expect(errorsOf(values)).toMatchObject({ [field]: message })
  })

  it('ignores the promotion fields while the promotion is off', () => {
    expect(validatePricing({ ...base, hasPromotion: false, discount: '', endsAt: '' }, () => NOW)).toMatchObject({ body: { hasPromotion: false } })
  })
})

describe('PricingEditor', () => {
  it('shows the product messages next to the fields and sends nothing while invalid', async () => {
    const fetchMock = vi.fn(fetchByPath({}))
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<PricingEditor plan={plan} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Promoção ativa' }))
    fireEvent.change(screen.getByLabelText(/Desconto/), { target: { value: '150' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar preço' }))
    await screen.findByText(COMMERCE_MSG.discountRange)
    screen.getByText(COMMERCE_MSG.promotionEndRequired)
    expect(screen.getByLabelText(/Desconto/).getAttribute('aria-invalid')).toBe('true')
    expect(sentByForm(fetchMock)).toEqual([])
  })

  it('keeps everything the admin typed when the server refuses the save, and shows why', async () => {
    const fetchMock = vi.fn(
      fetchByPath({
        [API.commerce.admin.planPricing('anual')]: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: COMMERCE_MSG.promotionEndFuture }, 400),
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderWithProviders(<PricingEditor plan={plan} />)
    const future = new Date(Date.now() + 3 * 86_400_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    const local = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T10:00`
    fireEvent.change(screen.getByLabelText(/Preço do período/), { target: { value: '399,90' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Promoção ativa' }))
    fireEvent.change(screen.getByLabelText(/Desconto/), { target: { value: '25' } })
    fireEvent.change(screen.getByLabelText(/Selo/), { target: { value: 'Aniversário' } })
    fireEvent.change(screen.getByLabelText(/Termina em/, { selector: 'input' }), { target: { value: local } })
    // The preview already shows the promotional price: 399,90 − 25 % = 299,93.
    const preview = screen.getByRole('list', { name: 'Prévia do plano Anual' })
    expect(within(preview).getByTestId('plan-price').textContent).toMatch(/299,93/)
    within(preview).getByText(/Aniversário/)

    fireEvent.click(screen.getByRole('button', { name: 'Salvar preço' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(COMMERCE_MSG.promotionEndFuture))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar preço' })).toHaveProperty('disabled', false))
    const sent = sentByForm(fetchMock)
    expect(sent).toHaveLength(1)
    const body = JSON.parse(String((sent[0]![1] as RequestInit).body)) as Record<string, unknown>
    expect(body).toMatchObject({ originalPriceCents: 39_990, hasPromotion: true, discountPercentage: 25, promotionLabel: 'Aniversário' })
    expect((screen.getByLabelText(/Preço do período/) as HTMLInputElement).value).toBe('399,90')
    expect((screen.getByLabelText(/Desconto/) as HTMLInputElement).value).toBe('25')
    expect((screen.getByLabelText(/Selo/) as HTMLInputElement).value).toBe('Aniversário')
    expect((screen.getByLabelText(/Termina em/, { selector: 'input' }) as HTMLInputElement).value).toBe(local)
    expect((screen.getByRole('checkbox', { name: 'Promoção ativa' }) as HTMLInputElement).checked).toBe(true)
  })
})
