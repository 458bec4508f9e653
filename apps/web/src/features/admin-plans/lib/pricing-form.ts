import {
  ADMIN_MSG,
  COMMERCE_MSG,
  centsToReaisInput,
  parseReaisToCents,
  planPricingSchemaAt,
  planButtonText,
  planPriceAt,
  type AdminPlan,
  type PlanPricingInput,
  type PublicPlan,
} from '@sintonia/contract'

/** What the pricing form holds: text as typed, so a failed save never loses a keystroke. */
export interface PricingFormValues {
  price: string
  hasPromotion: boolean
  discount: string
  label: string
  /** `datetime-local` value (local time, no zone). */
  endsAt: string
}

export type PricingErrors = Partial<Record<keyof PricingFormValues, string>>

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function pricingValuesOf(plan: AdminPlan): PricingFormValues {
  return {
    price: centsToReaisInput(plan.originalPriceCents),
    hasPromotion: plan.hasPromotion,
    discount: plan.discountPercentage === null ? '' : String(plan.discountPercentage),
    label: plan.promotionLabel ?? '',
    endsAt: toLocalInput(plan.promotionEndDate),
  }
}

const FIELD_OF: Record<string, keyof PricingFormValues> = {
  originalPriceCents: 'price',
  discountPercentage: 'discount',
  promotionEndDate: 'endsAt',
  promotionLabel: 'label',
}

/**
 * Checks the form with the server's own schema (its promotion messages:
 * docs/product/admin.md#prices-adminpricing) and builds the request body. Returns the errors per
 * field, or the body when everything is valid.
 */
export function validatePricing(values: PricingFormValues, now: () => number = Date.now): { errors: PricingErrors } | { body: PlanPricingInput } {
  const errors: PricingErrors = {}
  const cents = parseReaisToCents(values.price)
  if (cents === null) errors.price = values.price.trim() === '' ? COMMERCE_MSG.originalPricePositive : ADMIN_MSG.priceInvalid
  const discountText = values.discount.trim()
  const discount = discountText === '' ? null : Number(discountText.replace(',', '.'))
  const endsAt = values.endsAt ? new Date(values.endsAt) : null
  const body = {
    originalPriceCents: cents ?? 0,
    hasPromotion: values.hasPromotion,
    discountPercentage: discount !== null && Number.isFinite(discount) ? discount : values.hasPromotion && discountText ? Number.NaN : null,
    promotionEndDate: endsAt && !Number.isNaN(endsAt.getTime()) ? endsAt.toISOString() : values.endsAt ? 'data inválida' : null,
    promotionLabel: values.label.trim() || null,
  }
  const parsed = planPricingSchemaAt(now).safeParse(body)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])]
      if (field && !errors[field]) errors[field] = issue.message
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  return { body: parsed.data! }
}

/** The plan as the public will see it with these values (for the live preview). */
export function previewPlan(plan: AdminPlan, values: PricingFormValues, now = Date.now()): PublicPlan {
  const original = parseReaisToCents(values.price) ?? plan.originalPriceCents
  const discount = values.discount.trim() === '' ? null : Number(values.discount)
  const endsAt = values.endsAt ? new Date(values.endsAt) : null
  const price = planPriceAt(
    {
      originalPriceCents: original,
      intervalMonths: plan.intervalMonths,
      hasPromotion: values.hasPromotion,
      discountPercentage: discount,
      promotionEndDate: endsAt && !Number.isNaN(endsAt.getTime()) ? endsAt : null,
      promotionLabel: values.label,
    },
    now,
  )
  return {
    code: plan.code,
    name: plan.name,
    description: plan.description,
    currency: plan.currency,
    intervalMonths: plan.intervalMonths,
    priceCents: price.priceCents,
    originalPriceCents: original,
    pricePerMonthCents: price.pricePerMonthCents,
    savings: plan.savings,
    popular: plan.popular,
    promotion: price.promotion,
    benefits: plan.benefits,
    buttonText: planButtonText(plan.name, plan.buttonText),
  }
}
