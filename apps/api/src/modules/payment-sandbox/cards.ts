/**
 * The sandbox's test cards. Outcomes follow Stripe's test cards so a team used to Stripe finds the
 * same numbers; any other valid number is treated as a real card used in test mode (declined).
 */
export type CardOutcome =
  | 'succeeded'
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_cvc'
  | 'expired_card'
  | 'processing_error'
  | 'card_number_incorrect'
  | 'invalid_expiry'

export interface TestCard {
  number: string
  outcome: string
  /** The decline code it produces (null: the payment goes through). */
  code: Exclude<CardOutcome, 'succeeded'> | null
}

/** Shown on the sandbox page and by GET /api/payments/gateway (pt-BR outcome text). */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'Pagamento aprovado', code: null },
  { number: '4000 0000 0000 0002', outcome: 'Cartão recusado (card_declined)', code: 'card_declined' },
  { number: '4000 0000 0000 9995', outcome: 'Saldo insuficiente (insufficient_funds)', code: 'insufficient_funds' },
  { number: '4000 0000 0000 0127', outcome: 'CVC incorreto (invalid_cvc)', code: 'invalid_cvc' },
  { number: '4000 0000 0000 0069', outcome: 'Cartão vencido (expired_card)', code: 'expired_card' },
  { number: '4000 0000 0000 0119', outcome: 'Erro de processamento (processing_error)', code: 'processing_error' },
  { number: '4000 0000 0000 0341', outcome: 'Aprovado no checkout, recusado nas renovações', code: null },
  { number: '4000 0000 0000 0259', outcome: 'Aprovado, depois contestado pelo titular (chargeback)', code: null },
]

/** A card whose payment goes through and is then contested at the issuer (a dispute opens). */
export const DISPUTED_LAST4 = '0259'

/** A card that pays at checkout but whose renewals fail (to see past_due and the grace period). */
export const RENEWAL_FAILS_LAST4 = '0341'

export interface CardInput {
  number: string
  expiry: string
  cvc: string
}

export interface CardCheck {
  outcome: CardOutcome
  /** The decline message a provider sends (our page turns it into pt-BR). */
  providerMessage: string | null
  brand: string
  last4: string
}

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits)) return 'elo'
  return 'card'
}

/** MM/AA (or MM/AAAA) not in the past; `now` is the sandbox's clock. */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry)
  if (!match) return false
  const month = Number(match[1])
  let year = Number(match[2])
  if (month < 1 || month > 12) return false
  if (year < 100) year += 2000
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return year * 12 + (month - 1) >= current && year < now.getUTCFullYear() + 30
}

/** The outcome of charging this card, as the sandbox decides it. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '')
  const base = { brand: cardBrand(digits), last4: digits.slice(-4), providerMessage: null }
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return { ...base, outcome: 'card_number_incorrect' }
  if (!expiryValid(input.expiry, now)) return { ...base, outcome: 'invalid_expiry' }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ...base, outcome: 'invalid_cvc' }
  const known = SANDBOX_TEST_CARDS.find((card) => card.number.replace(/\s/g, '') === digits)
  if (!known) {
    return {
      ...base,
      outcome: 'card_declined',
      providerMessage: 'Your card was declined. Your request was in test mode, but used a non test card.',
    }
  }
  return { ...base, outcome: known.code ?? 'succeeded' }
}
