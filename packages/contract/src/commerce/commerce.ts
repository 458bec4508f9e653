/**
 * Commerce contract (docs/product/commerce.md#checkout-flows): the six server functions as API
 * routes, the gateway's public mode and the guarantee. The browser never decides payment: every
 * answer here comes from the server after it asked the gateway or read verified webhook state.
 */
import { z } from 'zod'
import { PLAN_CODES } from '../common/constants.js'
import { COMMERCE_MSG } from './commerce-messages.js'
import { CPF_MSG, normalizeCpf } from '../common/cpf.js'
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from './installments.js'
import { retentionOfferSchema, subscriptionPauseSchema } from './goodbye.js'

/** The gateways behind PAYMENT_GATEWAY (ADR 004; Asaas: ADR 029). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'asaas'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/**
 * Access we grant ourselves, with nothing to manage at a payment provider: an admin's courtesy and a
 * redeemed gift (docs/product/commerce.md#gifts). No portal, no cancelling, no guarantee, no MRR.
 */
export const OWN_ACCESS_PROVIDERS = ['complimentary', 'gift'] as const
export const isOwnAccess = (provider: string): boolean => (OWN_ACCESS_PROVIDERS as readonly string[]).includes(provider)

/** A checkout id as the gateways issue them (a Stripe Checkout Session's `cs_test_…`, sandbox `cs_sbx_…`, an Asaas checkout's UUID). */
export const checkoutIdSchema = z
  .string({ error: COMMERCE_MSG.missingCheckoutId })
  .trim()
  .min(6, { error: COMMERCE_MSG.missingCheckoutId })
  .max(255)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Sessão de pagamento inválida' })

const planCode = z.enum(PLAN_CODES, { error: 'Plano inválido' })

/** GET gateway: drives the payment page's badge, which shows the gateway's real mode, never a hard-coded one. */
export const gatewayInfoSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  mode: z.enum(['test', 'live']),
  /** Test cards to list on the payment page while in test mode (empty in live mode). */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
  /** The guarantee shown on every plan and payment page (one setting, default 7). */
  guaranteeDays: z.number().int().positive(),
  /** The ways this provider's checkout takes, and whether its card may be split in instalments. */
  methods: z.array(z.enum(PAYMENT_METHODS)),
  cardInstallments: z.boolean(),
  /** No interest on instalments (the admin's rate is 0). */
  installmentsInterestFree: z.boolean(),
})
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>

/** create-subscription (auth-first): a signed-in listener picks a plan. */
export const createSubscriptionSchema = z.object({ planCode }).strict()
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>

/** create-payment (docs/product/commerce.md#pay-first): body {email, name}; the plan defaults to 'anual'. */
export const createPaymentSchema = z
  .object({
    email: z
      .string({ error: COMMERCE_MSG.emailRequired })
      .trim()
      .min(1, { error: COMMERCE_MSG.emailRequired })
      .max(254, { error: COMMERCE_MSG.emailInvalid })
      .pipe(z.email({ error: COMMERCE_MSG.emailInvalid })),
    name: z
      .string({ error: COMMERCE_MSG.nameRequired })
      .trim()
      .min(1, { error: COMMERCE_MSG.nameRequired })
      .min(2, { error: COMMERCE_MSG.nameTooShort })
      .max(120, { error: 'Nome deve ter no máximo 120 caracteres' }),
    planCode: planCode.default('anual'),
  })
  .strict()
export type CreatePaymentInput = z.input<typeof createPaymentSchema>

/**
 * Answer of create-subscription and create-payment: the provider's hosted page and the checkout id,
 * whose wire name stays `sessionId` (docs/decisions/022-one-word-per-meaning.md).
 */
export const checkoutRedirectSchema = z.object({ url: z.string(), sessionId: z.string() })
export type CheckoutRedirect = z.infer<typeof checkoutRedirectSchema>

/** customer-portal: the provider's billing portal for the signed-in subscriber. */
export const portalRedirectSchema = z.object({ url: z.string() })
export type PortalRedirect = z.infer<typeof portalRedirectSchema>

/** The checkout id of verify-payment, verify-session and the access link's resend; `sessionId` on the wire (ADR 022). */
export const checkoutIdBodySchema = z.object({ sessionId: checkoutIdSchema }).strict()
export type CheckoutIdBody = z.infer<typeof checkoutIdBodySchema>

/** verify-payment: 'paid' shows confirmed, anything else processing (docs/product/commerce.md#payment-result-pagamentosucesso). */
export const paymentVerificationSchema = z.object({
  paymentStatus: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** Minor units (centavos); shown divided by 100. */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  planCode: z.enum(PLAN_CODES),
  /** Paid by card in this many instalments (1 = at once); null when paid otherwise or not said. */
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS).nullable(),
  /** …with the admin's interest: `amount` includes it. */
  installmentsWithInterest: z.boolean(),
})
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>

/**
 * verify-session: the buyer's e-mail plus what the processing page needs to route
 * (docs/product/commerce.md#processing-page-assinaturaprocessando):
 * whether the payment is done and whether an account with that e-mail exists.
 */
export const checkoutVerificationSchema = z.object({
  email: z.string(),
  paid: z.boolean(),
  accountExists: z.boolean(),
})
export type CheckoutVerification = z.infer<typeof checkoutVerificationSchema>

export const SUBSCRIPTION_STATES = ['active', 'past_due', 'canceled', 'expired'] as const
/** How many days before a renewal its notice goes out (amount, date, method). */
export const RENEWAL_NOTICE_DAYS = 7

/**
 * A renewal paid by boleto is payable ahead, from the notice on (RENEWAL_NOTICE_DAYS before the
 * period ends) until that day, so a boleto subscriber renews without going past due: an active
 * subscription, not set to end, whose last payment was a boleto.
 */
export function renewalPayableAhead(
  sub: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null; lastPaymentMethod: string | null },
  now: Date,
): boolean {
  if (sub.status !== 'active' || sub.cancelAtPeriodEnd || sub.lastPaymentMethod !== 'boleto' || !sub.currentPeriodEnd) return false
  const left = sub.currentPeriodEnd.getTime() - now.getTime()
  return left > 0 && left <= RENEWAL_NOTICE_DAYS * 86_400_000
}
/** Days a failed renewal keeps access while the listener pays the period by Pix or boleto (admin setting). */
export const DEFAULT_RENEWAL_GRACE_DAYS = 3
export const MAX_RENEWAL_GRACE_DAYS = 30
export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const

/** GET subscription details for /assinatura and /assinatura/sucesso (signed-in user). */
export const subscriptionDetailsSchema = z.object({
  subscription: z
    .object({
      id: z.string(),
      planCode: z.enum(PLAN_CODES),
      planName: z.string(),
      status: z.enum(SUBSCRIPTION_STATES),
      /** Whether this subscription gives access now (same rule as the route guard). */
      givesAccess: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** The amount of the last recorded payment (centavos) and its currency, if any. */
      lastPaymentCents: z.number().int().nullable(),
      /** How the last recorded payment was made, and its card instalments (null for Pix). */
      lastPaymentMethod: z.enum(PAYMENT_METHODS).nullable(),
      lastPaymentInstallments: z.number().int().min(1).max(MAX_INSTALLMENTS).nullable(),
      /** Those instalments carried the admin's interest (the amount includes it). */
      lastPaymentWithInterest: z.boolean(),
      /** Past due: when access ends unless the open period is paid (the admin's grace days); null otherwise. */
      graceEndsAt: z.string().nullable(),
      /** Renewals are debited by Pix Automático under the payer's authorisation. */
      pixAutomatic: z.boolean(),
      /** The next period (a boleto's) can be paid now, before the renewal date (`renewalPayableAhead`). */
      renewalPayableAhead: z.boolean(),
      currency: z.string(),
      startedAt: z.string(),
      /** Complimentary access granted by an admin has no provider and no portal. */
      managedByProvider: z.boolean(),
      /** The subscriber can cancel (and come back) here, in Minha conta, with this payment. */
      selfCancel: z.boolean(),
      /** What the subscriber is offered before cancelling (once), or null. */
      retentionOffer: retentionOfferSchema,
      /** A pause taken instead of cancelling, until it ends. */
      pause: subscriptionPauseSchema,
    })
    .nullable(),
  guarantee: z.object({
    days: z.number().int().positive(),
    /** End of the guarantee window of the current subscription, or null. */
    eligibleUntil: z.string().nullable(),
    canRequestRefund: z.boolean(),
    request: z
      .object({
        status: z.enum(REFUND_REQUEST_STATUSES),
        requestedAt: z.string(),
        decisionReason: z.string().nullable(),
      })
      .nullable(),
  }),
})
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>

export const REFUND_ACCOUNT_TYPES = ['corrente', 'poupanca'] as const
export const REFUND_ACCOUNT_TYPE_LABELS: Record<(typeof REFUND_ACCOUNT_TYPES)[number], string> = { corrente: 'Conta corrente', poupanca: 'Poupança' }

/**
 * Where a boleto's refund goes (docs/payments.md, guarantee): a boleto has no way back to the
 * payer's account, so the buyer names one and the gateway transfers the amount there. Kept only
 * until the admin decides; then erased.
 */
export const refundBankAccountSchema = z
  .object({
    bankCode: z.string({ error: COMMERCE_MSG.refundBankCode }).trim().regex(/^\d{3}$/, { error: COMMERCE_MSG.refundBankCode }),
    agency: z.string({ error: COMMERCE_MSG.refundAgency }).trim().regex(/^\d{1,5}$/, { error: COMMERCE_MSG.refundAgency }),
    account: z
      .string({ error: COMMERCE_MSG.refundAccount })
      .trim()
      .toUpperCase()
      .regex(/^\d{1,12}-?[\dX]$/, { error: COMMERCE_MSG.refundAccount }),
    accountType: z.enum(REFUND_ACCOUNT_TYPES, { error: COMMERCE_MSG.refundAccountType }),
    holderName: z.string({ error: COMMERCE_MSG.refundHolderName }).trim().min(3, { error: COMMERCE_MSG.refundHolderName }).max(120, { error: COMMERCE_MSG.refundHolderName }),
    holderCpf: z
      .string({ error: CPF_MSG.required })
      .transform((value, ctx) => {
        const cpf = normalizeCpf(value)
        if (!cpf) ctx.addIssue({ code: 'custom', message: value.trim() ? CPF_MSG.invalid : CPF_MSG.required })
        return cpf ?? ''
      }),
  })
  .strict()
export type RefundBankAccount = z.output<typeof refundBankAccountSchema>

export const refundRequestSchema = z
  .object({
    reason: z.string().trim().max(1000, { error: 'O motivo deve ter no máximo 1000 caracteres' }).default(''),
    /** Required when the payment to refund was a boleto (ignored otherwise). */
    bankAccount: refundBankAccountSchema.optional(),
  })
  .strict()
export type RefundRequestInput = z.input<typeof refundRequestSchema>
export type RefundRequestBody = z.output<typeof refundRequestSchema>

/** GET /api/subscription/check: what the signed-in person may do now. */
export const subscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.string().nullable(),
  subscription_end: z.string().nullable(),
  /** 'none' when the person never subscribed (the product's default). */
  subscription_status: z.string(),
})
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>
