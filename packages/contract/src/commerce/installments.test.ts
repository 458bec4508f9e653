import { describe, expect, it } from 'vitest'
import { DEFAULT_PLANS } from './default-plans.js'
import { acceptedMethodsLabel, installmentOption, installmentOptions, maxInstallments, paidByCardLabel, paidWithLabel, paymentGroupLabel } from './installments.js'

const nbsp = (text: string) => text.replaceAll(' R$ ', ' R$\u00a0').replace(/^R\$ /, 'R$\u00a0')

describe('card instalments', () => {
  it('pays each default plan in up to its months, sem juros, as its card shows it', () => {
    const labels = DEFAULT_PLANS.map((plan) => installmentOptions(plan.priceCents, plan.intervalMonths).at(-1)?.label)
    expect(labels).toEqual(['3x de R$ 49,90 sem juros', '6x de R$ 44,90 sem juros', '12x de R$ 39,90 sem juros'].map(nbsp))
    expect(installmentOptions(12 * 3990, 12).map((option) => option.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('never more than the plan has months, nor more than 12, nor fewer than 1', () => {
    expect([0, 1, 3, 6, 12, 24, Number.NaN].map(maxInstallments)).toEqual([1, 1, 3, 6, 12, 12, 1])
    expect(installmentOption(14970, 3, 4)).toBeNull()
    expect(installmentOption(14970, 3, 0)).toBeNull()
    expect(installmentOption(14970, 3, 2.5)).toBeNull()
    expect(installmentOption(0, 3, 1)).toBeNull()
  })

  it('puts what an equal split leaves over on the first instalment, so the total is the price to the centavo', () => {
    const option = installmentOption(10000, 12, 3)!
    expect(option).toMatchObject({ count: 3, amountCents: 3333, firstAmountCents: 3334, totalCents: 10000, interestFree: true })
    expect(option.label).toBe(nbsp('3x de R$ 33,33 sem juros'))
  })

  it("with the admin's monthly rate, equal instalments by the Price table; paid at once there is no interest", () => {
    // R$ 1.000,00 at 1,99 % a month in 12: 1000 × 0,0199 / (1 − 1,0199^−12) = 94,5015…
    expect(installmentOption(100000, 12, 12, 199)).toEqual({
      count: 12,
      amountCents: 9450,
      firstAmountCents: 9450,
      totalCents: 113400,
      interestFree: false,
      label: nbsp('12x de R$ 94,50 com juros (total R$ 1.134,00)'),
    })
    expect(installmentOption(100000, 12, 1, 199)).toMatchObject({ totalCents: 100000, interestFree: true })
    expect(installmentOptions(26940, 6, 299).at(-1)).toMatchObject({ amountCents: 4971, totalCents: 29826 })
  })

  it('tells a card payment after the fact: at once, or in its instalments', () => {
    expect(paidByCardLabel(47880, 1)).toBe('Cartão, à vista')
    expect(paidByCardLabel(47880, 12)).toBe(nbsp('Cartão em 12x de R$ 39,90 sem juros'))
  })

  it('tells any recorded payment: Pix, or the card with its instalments (none recorded counts as at once)', () => {
    expect(paidWithLabel('pix', 47880, null)).toBe('Pix')
    expect(paidWithLabel('card', 47880, null)).toBe('Cartão, à vista')
    expect(paidWithLabel('card', 26940, 6)).toBe(nbsp('Cartão em 6x de R$ 44,90 sem juros'))
  })

  it("names the admin's groups of payments", () => {
    expect(paymentGroupLabel('pix', null)).toBe('Pix')
    expect(paymentGroupLabel('card', 1)).toBe('Cartão, à vista')
    expect(paymentGroupLabel('card', null)).toBe('Cartão, à vista')
    expect(paymentGroupLabel('card', 12)).toBe('Cartão em 12x')
  })

  it('tells a payment with the admin\'s interest as such, with its total', () => {
    const option = installmentOption(47_880, 12, 12, 199)!
    expect(paidByCardLabel(option.totalCents, 12, true).replace(/\u00a0/g, ' ')).toBe(`Cartão em 12x de R$ ${(option.amountCents / 100).toFixed(2).replace('.', ',')} com juros (total R$ ${(option.totalCents / 100).toFixed(2).replace('.', ',')})`)
    expect(paidByCardLabel(47_880, 1, true)).toBe('Cartão, à vista')
    expect(paidByCardLabel(47_880, 12).replace(/\u00a0/g, ' ')).toBe('Cartão em 12x de R$ 39,90 sem juros')
  })

  it('says which ways a checkout takes before the buyer leaves for it', () => {
    expect(acceptedMethodsLabel(['card', 'pix', 'boleto'], { maxInstallments: 12, interestFree: true })).toBe('Pix, cartão em até 12x sem juros ou boleto')
    expect(acceptedMethodsLabel(['pix', 'card', 'boleto'], { maxInstallments: 3, interestFree: false })).toBe('Pix, cartão em até 3x ou boleto')
    expect(acceptedMethodsLabel(['pix', 'card'], { maxInstallments: 1, interestFree: true })).toBe('Pix ou cartão')
    expect(acceptedMethodsLabel(['card'], { maxInstallments: 1, interestFree: true })).toBe('Cartão')
  })
})
