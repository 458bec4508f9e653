import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import { DEFAULT_PLANS_RESPONSE, type PublicPlan } from '@sintonia/contract'
import { PlanCard } from './plan-card'

const annual = DEFAULT_PLANS_RESPONSE.plans.find((plan) => plan.code === 'anual')!
/** Intl puts a no-break space after 'R$'; compare with plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ')

function renderCard(plan: PublicPlan) {
  render(
    <ul>
      <PlanCard plan={plan} action={<button type="button">{plan.buttonText}</button>} />
    </ul>,
  )
  return screen.getByTestId('plan-card')
}

afterEach(() => vi.useRealTimers())

describe('PlanCard', () => {
  it("lists the plan's own benefits, as the admin wrote them", () => {
    const card = renderCard({ ...annual, benefits: ['Acesso a tudo por 12 meses', 'Bônus de boas-vindas'], buttonText: 'Quero o anual' })
    const benefits = within(card).getAllByRole('listitem').map((item) => item.textContent)
    expect(benefits).toEqual(['Acesso a tudo por 12 meses', 'Bônus de boas-vindas'])
    expect(within(card).queryByText('Todos os campos e áudios')).toBeNull()
    within(card).getByRole('button', { name: 'Quero o anual' })
  })

  it('tells one price story during a promotion: its discount against the original price, without the savings text', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00.000Z') })
    const promoted: PublicPlan = {
      ...annual,
      priceCents: 33_516,
      pricePerMonthCents: 2_793,
      promotion: { discountPercentage: 30, label: 'BLACK FRIDAY', endsAt: '2026-11-28T03:00:00.000Z' },
    }
    const card = renderCard(promoted)
    within(card).getByText('BLACK FRIDAY · −30%')
    expect(text(within(card).getByTestId('plan-original-price'))).toBe('R$ 478,80')
    expect(text(within(card).getByTestId('plan-price'))).toBe('R$ 335,16')
    // 'Economize 20%' compares the regular prices: beside −30% it would tell a second, different story.
    expect(within(card).queryByText('Economize 20%')).toBeNull()

    // When the promotion ends on screen, the plan's own savings text is back with its regular price.
    act(() => vi.advanceTimersByTime(8 * 86_400_000))
    within(card).getByText('Economize 20%')
    expect(within(card).queryByText(/BLACK FRIDAY/)).toBeNull()
    expect(text(within(card).getByTestId('plan-price'))).toBe('R$ 478,80')
  })
})
