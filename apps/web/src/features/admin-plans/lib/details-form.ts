import { planButtonText, planDetailsSchema, type AdminPlan, type PlanDetailsInput, type PublicPlan } from '@sintonia/contract'
import { previewPlan, pricingValuesOf } from './pricing-form'

/** What the plan form holds: text as typed, so a failed save never loses a keystroke. */
export interface DetailsValues {
  name: string
  description: string
  intervalMonths: string
  savings: string
  popular: boolean
  isActive: boolean
  displayOrder: string
  /** One line per benefit of the card, in order. */
  benefits: string[]
  /** Blank: 'Assinar {name}'. */
  buttonText: string
}

type ScalarField = Exclude<keyof DetailsValues, 'benefits'>

export interface DetailsErrors extends Partial<Record<ScalarField, string>> {
  /** About the list as a whole (how many lines). */
  benefits?: string
  /** Per line, by position. */
  benefitLines?: Partial<Record<number, string>>
}

export function detailsValuesOf(plan: AdminPlan): DetailsValues {
  return {
    name: plan.name,
    description: plan.description,
    intervalMonths: String(plan.intervalMonths),
    savings: plan.savings ?? '',
    popular: plan.popular,
    isActive: plan.isActive,
    displayOrder: String(plan.displayOrder),
    benefits: [...plan.benefits],
    buttonText: plan.buttonText ?? '',
  }
}

const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * Checks the form with the server's own schema (docs/product/admin.md#plans-adminsubscription-plans)
 * and builds the request body; the errors per field (and per benefit line) otherwise.
 */
export function validateDetails(values: DetailsValues): { errors: DetailsErrors } | { body: PlanDetailsInput } {
  const parsed = planDetailsSchema.safeParse({
    name: values.name,
    description: values.description,
    intervalMonths: wholeNumber(values.intervalMonths),
    savings: values.savings.trim() || null,
    popular: values.popular,
    isActive: values.isActive,
    displayOrder: wholeNumber(values.displayOrder),
    benefits: values.benefits,
    buttonText: values.buttonText.trim() || null,
  })
  if (parsed.success) return { body: parsed.data }
  const errors: DetailsErrors = {}
  for (const issue of parsed.error.issues) {
    const [field, line] = issue.path
    if (field === 'benefits' && typeof line === 'number') {
      errors.benefitLines ??= {}
      errors.benefitLines[line] ??= issue.message
    } else if (field === 'benefits') {
      errors.benefits ??= issue.message
    } else {
      errors[String(field) as ScalarField] ??= issue.message
    }
  }
  return { errors }
}

/** The card as the public will see it with these texts, at the plan's current price (live preview). */
export function detailsPreview(plan: AdminPlan, values: DetailsValues, now = Date.now()): PublicPlan {
  const months = Number(values.intervalMonths)
  const priced = previewPlan({ ...plan, intervalMonths: Number.isInteger(months) && months > 0 ? months : plan.intervalMonths }, pricingValuesOf(plan), now)
  const name = values.name.trim() || plan.name
  return {
    ...priced,
    name,
    description: values.description.trim(),
    savings: values.savings.trim() || null,
    popular: values.popular,
    benefits: values.benefits.map((line) => line.trim()).filter(Boolean),
    buttonText: planButtonText(name, values.buttonText),
  }
}
