/**
 * Admin side of commerce: plans and pricing, the guarantee and its refunds. Money is integer centavos on
 * the wire; the admin forms show and accept reais. The promotion texts come from COMMERCE_MSG verbatim
 * (docs/product/admin.md#prices-adminpricing).
 */
import { z } from 'zod'
import { COMMERCE_MSG } from './commerce-messages.js'
import { PLAN_CODES } from '../common/constants.js'
import { PLAN_BENEFITS_MAX, PLAN_BENEFIT_MAX_CHARS, PLAN_BUTTON_TEXT_MAX } from './plans.js'
import { PAYMENT_METHODS } from './installments.js'
import { REFUND_ACCOUNT_TYPES } from './commerce.js'
import { ADMIN_MSG, isoDate } from '../common/admin.js'

export const adminPlanSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  /** The regular price of one period (struck through while a promotion runs). */
  originalPriceCents: z.number().int(),
  /** What the period costs now (promotion applied while valid). */
  currentPriceCents: z.number().int(),
  intervalMonths: z.number().int(),
  savings: z.string().nullable(),
  popular: z.boolean(),
  isActive: z.boolean(),
  hasPromotion: z.boolean(),
  discountPercentage: z.number().int().nullable(),
  promotionEndDate: isoDate.nullable(),
  promotionLabel: z.string().nullable(),
  displayOrder: z.number().int(),
  /** The card's list, as stored. */
  benefits: z.array(z.string()),
  /** The admin's button text, or null for 'Assinar {name}'. */
  buttonText: z.string().nullable(),
  updatedAt: isoDate,
})
export type AdminPlan = z.infer<typeof adminPlanSchema>
export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) })
export type AdminPlansResponse = z.infer<typeof adminPlansResponseSchema>
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema })

export const planCodeParamsSchema = z.object({ code: z.enum(PLAN_CODES, { error: ADMIN_MSG.planNotFound }) })

/**
 * Prices and promotion of one plan (/admin/pricing, docs/product/admin.md#prices-adminpricing):
 * discount 1–100, end date required and in the future (only while the promotion is switched on),
 * original price above zero. `now` is injectable so the form and the server apply the same rule.
 */
export function planPricingSchemaAt(now: () => number = Date.now) {
  return z
    .object({
      originalPriceCents: z
        .number({ error: COMMERCE_MSG.originalPricePositive })
        .int({ error: ADMIN_MSG.priceInvalid })
        .positive({ error: COMMERCE_MSG.originalPricePositive })
        .max(100_000_000, { error: ADMIN_MSG.priceInvalid }),
      hasPromotion: z.boolean(),
      discountPercentage: z.number({ error: COMMERCE_MSG.discountRange }).nullable(),
      promotionEndDate: z.string().nullable(),
      promotionLabel: z.string().trim().max(40, { error: ADMIN_MSG.promotionLabelTooLong }).nullable(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!value.hasPromotion) return
      const discount = value.discountPercentage
      if (discount === null || !Number.isInteger(discount) || discount < 1 || discount > 100) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.discountRange, path: ['discountPercentage'] })
      }
      const end = value.promotionEndDate?.trim() ? Date.parse(value.promotionEndDate) : Number.NaN
      if (!value.promotionEndDate?.trim()) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.promotionEndRequired, path: ['promotionEndDate'] })
      } else if (Number.isNaN(end)) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.invalidDate, path: ['promotionEndDate'] })
      } else if (end <= now()) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.promotionEndFuture, path: ['promotionEndDate'] })
      }
    })
}
export const planPricingSchema = planPricingSchemaAt()
export type PlanPricingInput = z.infer<typeof planPricingSchema>

/** The card's benefits: 1–8 lines of up to 80 characters each, none blank. */
export const planBenefitsSchema = z
  .array(
    z
      .string({ error: COMMERCE_MSG.planBenefitRequired })
      .trim()
      .min(1, { error: COMMERCE_MSG.planBenefitRequired })
      .max(PLAN_BENEFIT_MAX_CHARS, { error: COMMERCE_MSG.planBenefitTooLong }),
    { error: COMMERCE_MSG.planBenefitsCount },
  )
  .min(1, { error: COMMERCE_MSG.planBenefitsCount })
  .max(PLAN_BENEFITS_MAX, { error: COMMERCE_MSG.planBenefitsCount })

/**
 * Texts, visibility and order of one plan (/admin/subscription-plans). `benefits` and
 * `buttonText` may be left out (kept as stored); a blank button text means 'Assinar {name}'.
 */
export const planDetailsSchema = z
  .object({
    name: z.string().trim().min(1, { error: ADMIN_MSG.planNameRequired }).max(60, { error: 'O nome deve ter no máximo 60 caracteres' }),
    description: z.string().trim().max(300, { error: 'A descrição deve ter no máximo 300 caracteres' }),
    intervalMonths: z
      .number({ error: ADMIN_MSG.intervalMonths })
      .int({ error: ADMIN_MSG.intervalMonths })
      .min(1, { error: ADMIN_MSG.intervalMonths })
      .max(36, { error: ADMIN_MSG.intervalMonths }),
    savings: z.string().trim().max(60, { error: 'O texto de economia deve ter no máximo 60 caracteres' }).nullable(),
    popular: z.boolean(),
    isActive: z.boolean(),
    displayOrder: z
      .number({ error: ADMIN_MSG.displayOrder })
      .int({ error: ADMIN_MSG.displayOrder })
      .min(0, { error: ADMIN_MSG.displayOrder })
      .max(1000, { error: ADMIN_MSG.displayOrder }),
    benefits: planBenefitsSchema.optional(),
    buttonText: z
      .string({ error: COMMERCE_MSG.planButtonTextTooLong })
      .trim()
      .max(PLAN_BUTTON_TEXT_MAX, { error: COMMERCE_MSG.planButtonTextTooLong })
      .nullable()
      .optional(),
  })
  .strict()
export type PlanDetailsInput = z.infer<typeof planDetailsSchema>

/** "149,70", "149.70", "R$ 1.497,00" → centavos; null when it is not an amount of money. */
export function parseReaisToCents(raw: string): number | null {
  let text = raw.replace(/R\$/i, '').replace(/\s/g, '')
  if (!text) return null
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Centavos → "149,70" for an input field. */
export function centsToReaisInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',')
}

// ───────────────────────────── Guarantee ─────────────────────────────

export const REFUND_FILTERS = ['pending', 'decided', 'all'] as const
export const adminRefundsQuerySchema = z.object({ status: z.enum(REFUND_FILTERS, { error: 'Filtro inválido' }).default('pending') })

export const adminRefundSchema = z.object({
  id: z.string(),
  email: z.string(),
  userName: z.string().nullable(),
  planCode: z.string(),
  planName: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decisionReason: z.string().nullable(),
  requestedAt: isoDate,
  decidedAt: isoDate.nullable(),
  subscriptionStartedAt: isoDate,
  /** The amount paid that a refund would return (centavos), when a payment is recorded. */
  amountCents: z.number().int().nullable(),
  /** How that payment was made: the refund goes back the same way (a boleto: to `refundAccount`). */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  refundAccount: z
    .object({ bankCode: z.string(), agency: z.string(), account: z.string(), accountType: z.enum(REFUND_ACCOUNT_TYPES), holderName: z.string(), holderCpf: z.string() })
    .nullable(),
  currency: z.string(),
  /** The request was made within the guarantee days counted from the subscription start. */
  withinWindow: z.boolean(),
})
export type AdminRefund = z.infer<typeof adminRefundSchema>
export const adminRefundsResponseSchema = z.object({ refunds: z.array(adminRefundSchema), guaranteeDays: z.number().int() })
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponseSchema>

export const refundRejectSchema = z
  .object({
    reason: z
      .string({ error: COMMERCE_MSG.refundRejectReasonRequired })
      .trim()
      .min(1, { error: COMMERCE_MSG.refundRejectReasonRequired })
      .max(1000, { error: 'O motivo deve ter no máximo 1000 caracteres' }),
  })
  .strict()
export type RefundRejectInput = z.infer<typeof refundRejectSchema>
export const refundDecisionResponseSchema = z.object({ refund: adminRefundSchema, message: z.string() })

export const guaranteeSettingSchema = z
  .object({
    days: z
      .number({ error: ADMIN_MSG.guaranteeDaysRange })
      .int({ error: ADMIN_MSG.guaranteeDaysRange })
      .min(1, { error: ADMIN_MSG.guaranteeDaysRange })
      .max(365, { error: ADMIN_MSG.guaranteeDaysRange }),
  })
  .strict()
export type GuaranteeSetting = z.infer<typeof guaranteeSettingSchema>

/** The guarantee window in days, as the admin set it (GET and PUT /api/admin/settings/guarantee). */
export const guaranteeDaysSchema = z.object({ days: z.number().int() })
