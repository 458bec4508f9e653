/**
 * Card instalments (docs/decisions/030-payment-methods-behind-the-gateway.md): a period's price
 * paid in up to as many monthly instalments as the plan has months — the annual plan 12×, the
 * semiannual 6×, the quarterly 3× — "sem juros" unless the admin sets a monthly interest rate,
 * then by the Price table (equal instalments: total · i / (1 − (1 + i)^−n)). One rule for the
 * checkout pages, the sandbox, the e-mails and the admin's screens.
 */
import { formatMoney } from '../common/format.js'

/** No plan is paid in more instalments than this, whatever its months. */
export const MAX_INSTALLMENTS = 12
/** The highest monthly interest rate an admin may set, in basis points (9,99 % a month). */
export const MAX_INSTALLMENT_INTEREST_BASIS_POINTS = 999

export interface InstallmentOption {
  count: number
  /** Each instalment after the first, in centavos. */
  amountCents: number
  /** The first instalment: it carries what the equal split leaves over (a few centavos at most). */
  firstAmountCents: number
  /** What the buyer pays in all: the price, plus the interest when there is any. */
  totalCents: number
  interestFree: boolean
  /** '12x de R$ 39,90 sem juros', '12x de R$ 94,50 com juros (total R$ 1.134,00)'. */
  label: string
}

/** How often a plan of `intervalMonths` is charged, as a payment page says it: 'por mês', 'por ano', 'a cada 6 meses'. */
export function billingIntervalLabel(months: number): string {
  if (months === 1) return 'por mês'
  if (months === 12) return 'por ano'
  return `a cada ${months} meses`
}

/** How many instalments a plan of `intervalMonths` may be paid in: its months, between 1 and 12. */
export function maxInstallments(intervalMonths: number): number {
  if (!Number.isFinite(intervalMonths)) return 1
  return Math.min(MAX_INSTALLMENTS, Math.max(1, Math.floor(intervalMonths)))
}

/**
 * The price `totalCents` in `count` instalments, or null when the plan does not allow that many.
 * Paid at once (1×) there is never interest. `interestBasisPoints` is the admin's monthly rate
 * (199 = 1,99 % a month); 0 means "sem juros".
 */
export function installmentOption(totalCents: number, intervalMonths: number, count: number, interestBasisPoints = 0): InstallmentOption | null {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) return null
  if (!Number.isInteger(count) || count < 1 || count > maxInstallments(intervalMonths)) return null
  const rate = Math.min(MAX_INSTALLMENT_INTEREST_BASIS_POINTS, Math.max(0, Math.round(interestBasisPoints))) / 10_000
  if (count === 1 || rate === 0) {
    const amountCents = Math.floor(totalCents / count)
    const firstAmountCents = totalCents - amountCents * (count - 1)
    return { count, amountCents, firstAmountCents, totalCents, interestFree: true, label: `${count}x de ${formatMoney(amountCents)} sem juros` }
  }
  // The Price table: equal instalments, each rounded to the centavo.
  const amountCents = Math.round((totalCents * rate) / (1 - (1 + rate) ** -count))
  const withInterest = amountCents * count
  return {
    count,
    amountCents,
    firstAmountCents: amountCents,
    totalCents: withInterest,
    interestFree: false,
    label: `${count}x de ${formatMoney(amountCents)} com juros (total ${formatMoney(withInterest)})`,
  }
}

/** Every way a plan's price may be paid by card, from 1× up to its months. */
export function installmentOptions(totalCents: number, intervalMonths: number, interestBasisPoints = 0): InstallmentOption[] {
  const options: InstallmentOption[] = []
  for (let count = 1; count <= maxInstallments(intervalMonths); count++) {
    const option = installmentOption(totalCents, intervalMonths, count, interestBasisPoints)
    if (option) options.push(option)
  }
  return options
}

/**
 * How a card payment of `totalCents` in `count` instalments is told after the fact (the success
 * page, Minha conta, the e-mails, the admin's screens): 'Cartão, à vista', 'Cartão em 12x de
 * R$ 39,90 sem juros' or, when the admin's interest applied, 'Cartão em 12x de R$ 44,90 com juros
 * (total R$ 538,80)'. `totalCents` is what was charged in all, interest included.
 */
export function paidByCardLabel(totalCents: number, count: number, withInterest = false): string {
  if (count <= 1) return 'Cartão, à vista'
  if (withInterest && Number.isInteger(count) && count > 1) {
    return `Cartão em ${count}x de ${formatMoney(Math.round(totalCents / count))} com juros (total ${formatMoney(totalCents)})`
  }
  const option = installmentOption(totalCents, count, count)
  return option ? `Cartão em ${option.label}` : `Cartão em ${count}x`
}

/** The ways a payment is recorded as made (docs/decisions/030-payment-methods-behind-the-gateway.md). */
export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * How a recorded payment was made, in the words the buyer and the admin read: 'Pix',
 * 'Cartão, à vista', 'Cartão em 6x de R$ 44,90 sem juros'. A card payment with no recorded
 * instalments counts as paid at once.
 */
export function paidWithLabel(method: PaymentMethod, totalCents: number, installments: number | null, withInterest = false): string {
  if (method === 'pix') return 'Pix'
  if (method === 'boleto') return 'Boleto'
  return paidByCardLabel(totalCents, installments ?? 1, withInterest)
}

/**
 * The ways a checkout takes, as the payment page says them before the buyer leaves for the
 * provider: 'Pix, cartão em até 12x sem juros ou boleto', 'Cartão'. `maxInstallments` is the
 * plan's (1: card at once).
 */
export function acceptedMethodsLabel(methods: readonly PaymentMethod[], card: { maxInstallments: number; interestFree: boolean }): string {
  const words = (['pix', 'card', 'boleto'] as const)
    .filter((method) => methods.includes(method))
    .map((method) => {
      if (method === 'pix') return 'Pix'
      if (method === 'boleto') return 'boleto'
      return card.maxInstallments > 1 ? `cartão em até ${card.maxInstallments}x${card.interestFree ? ' sem juros' : ''}` : 'cartão'
    })
  const text = words.length > 1 ? `${words.slice(0, -1).join(', ')} ou ${words.at(-1)}` : (words[0] ?? '')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A group of payments in the admin's finance view: 'Pix', 'Cartão, à vista', 'Cartão em 6x'. */
export function paymentGroupLabel(method: PaymentMethod, installments: number | null): string {
  if (method === 'pix') return 'Pix'
  if (method === 'boleto') return 'Boleto'
  return !installments || installments <= 1 ? 'Cartão, à vista' : `Cartão em ${installments}x`
}
