import {
  ADMIN_MSG,
  planPricingSchemaAt,
  type AdminPlan,
  type PlanDetailsInput,
  type PlanPricingInput,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { recordAudit } from '../../lib/audit/service.js'
import { planBenefits, toPublicPlan } from './plans-service.js'
import type { AdminActor } from '../../plugins/signed-in.js'
import { countOtherActivePlans, listAllPlans, lockPlan, updatePlan, type PlanRow } from './plans-admin-repository.js'

export function toAdminPlan(row: PlanRow, now = new Date()): AdminPlan {
  const current = toPublicPlan(row, now)
  return {
    code: row.code as AdminPlan['code'],
    name: row.name,
    description: row.description,
    currency: row.currency,
    originalPriceCents: row.originalPriceCents,
    currentPriceCents: current?.priceCents ?? row.originalPriceCents,
    intervalMonths: row.intervalMonths,
    savings: row.savings,
    popular: row.popular,
    isActive: row.isActive,
    hasPromotion: row.hasPromotion,
    discountPercentage: row.discountPercentage,
    promotionEndDate: row.promotionEndDate?.toISOString() ?? null,
    promotionLabel: row.promotionLabel,
    displayOrder: row.displayOrder,
    benefits: planBenefits(row.benefits),
    buttonText: row.buttonText,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listAdminPlans(db: Database): Promise<AdminPlan[]> {
  const now = new Date()
  return (await listAllPlans(db)).map((row) => toAdminPlan(row, now))
}

async function savePlan(
  db: Database,
  actor: AdminActor,
  code: string,
  action: string,
  change: (tx: Database, current: PlanRow) => Promise<Parameters<typeof updatePlan>[2]>,
): Promise<AdminPlan> {
  const row = await db.transaction(async (tx) => {
    const current = await lockPlan(tx, code)
    if (!current) throw new HttpError(404, ADMIN_MSG.planNotFound)
    const changes = await change(tx, current)
    const saved = await updatePlan(tx, code, changes)
    await recordAudit(tx, { actorUserId: actor.userId, action, target: `plan:${code}`, outcome: 'success', ip: actor.ip, details: changes })
    return saved
  })
  return toAdminPlan(row)
}

/**
 * Price and promotion (/admin/pricing). The schema already checked the product's promotion rules at
 * the request; they are checked again here against the clock of the save. With the promotion off
 * its fields are kept, so switching it back on restores what the admin typed. `price_cents` keeps
 * what the period costs at the moment of the save; the public price is always recomputed from the
 * original price and a still-valid promotion (plans/service.ts).
 */
export async function savePlanPricing(db: Database, actor: AdminActor, code: string, input: PlanPricingInput): Promise<AdminPlan> {
  const checked = planPricingSchemaAt().safeParse(input)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    throw new HttpError(400, issue?.message ?? ADMIN_MSG.invalidDate)
  }
  return savePlan(db, actor, code, 'plan_pricing_updated', async (_tx, current) => {
    // With the promotion off its fields are only kept when they would be valid if switched on.
    const discount = input.discountPercentage
    const end = input.promotionEndDate ? new Date(input.promotionEndDate) : null
    const changes = {
      originalPriceCents: input.originalPriceCents,
      hasPromotion: input.hasPromotion,
      discountPercentage: discount !== null && Number.isInteger(discount) && discount >= 1 && discount <= 100 ? discount : null,
      promotionEndDate: end && !Number.isNaN(end.getTime()) ? end : null,
      promotionLabel: input.promotionLabel?.trim() || null,
    }
    const preview = toPublicPlan({ ...current, ...changes }, new Date())
    return { ...changes, priceCents: Math.max(1, preview?.priceCents ?? input.originalPriceCents) }
  })
}

/**
 * Texts, visibility and order (/admin/subscription-plans). The last active plan cannot be switched
 * off. Benefits and the button text left out of the request stay as stored; a blank button text
 * goes back to 'Assinar {name}'.
 */
export async function savePlanDetails(db: Database, actor: AdminActor, code: string, input: PlanDetailsInput): Promise<AdminPlan> {
  return savePlan(db, actor, code, 'plan_details_updated', async (tx, current) => {
    if (current.isActive && !input.isActive && (await countOtherActivePlans(tx, code)) === 0) {
      throw new HttpError(409, ADMIN_MSG.lastActivePlan)
    }
    return {
      name: input.name,
      description: input.description,
      intervalMonths: input.intervalMonths,
      savings: input.savings?.trim() || null,
      popular: input.popular,
      isActive: input.isActive,
      displayOrder: input.displayOrder,
      ...(input.benefits === undefined ? {} : { benefits: input.benefits }),
      ...(input.buttonText === undefined ? {} : { buttonText: input.buttonText?.trim() || null }),
    }
  })
}
