import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { DEFAULT_PLAN_BENEFITS, plansResponseSchema, type PlansResponse, type PublicPlan } from '@sintonia/contract'
import { plans } from '../../src/db/schema/index.js'
import { SETTING_KEYS } from '../../src/modules/content/settings-service.js'
import { writeSetting } from '../../src/modules/content/settings-repository.js'
import { DEFAULT_PLANS } from '../../src/seed/default-plans.js'
import { toPublicPlan } from '../../src/modules/commerce/plans-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

const DAY = 24 * 60 * 60 * 1000

function webRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>')
  return dir
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, webRoot: webRoot() })
})
afterAll(() => ctx.close())

/** Back to the seeded plans before every test: each test changes only what it checks. */
beforeEach(async () => {
  for (const plan of DEFAULT_PLANS) {
    await ctx.database.db
      .update(plans)
      .set({
        priceCents: plan.priceCents,
        originalPriceCents: plan.priceCents,
        isActive: true,
        displayOrder: plan.displayOrder,
        hasPromotion: false,
        discountPercentage: null,
        promotionEndDate: null,
        promotionLabel: null,
        benefits: [...DEFAULT_PLAN_BENEFITS],
        buttonText: null,
      })
      .where(eq(plans.code, plan.code))
  }
  await writeSetting(ctx.database.db, SETTING_KEYS.guaranteeDays, 7)
})

async function setPlan(code: string, values: Partial<typeof plans.$inferInsert>) {
  await ctx.database.db.update(plans).set(values).where(eq(plans.code, code))
}

async function getPlans(): Promise<PlansResponse> {
  const res = await ctx.app.inject({ url: '/api/plans' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  const parsed = plansResponseSchema.safeParse(res.json())
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  return parsed.data!
}

function byCode(body: PlansResponse, code: string): PublicPlan {
  const plan = body.plans.find((p) => p.code === code)
  if (!plan) throw new Error(`plano ${code} ausente`)
  return plan
}

describe('GET /api/plans', () => {
  it('lists the three seeded plans in display order with their prices in centavos', async () => {
    const body = await getPlans()
    expect(body.plans.map((p) => p.code)).toEqual(['trimestral', 'semestral', 'anual'])
    expect(body.plans.map((p) => p.priceCents)).toEqual([14_970, 26_940, 47_880])
    expect(body.plans.map((p) => p.pricePerMonthCents)).toEqual([4_990, 4_490, 3_990])
    expect(body.plans.map((p) => p.intervalMonths)).toEqual([3, 6, 12])
    expect(body.plans.every((p) => p.promotion === null && p.priceCents === p.originalPriceCents)).toBe(true)
    expect(body.plans.every((p) => p.currency === 'BRL')).toBe(true)
    expect(byCode(body, 'anual')).toMatchObject({ name: 'Anual', popular: true, savings: 'Economize 20%' })
    expect(byCode(body, 'trimestral')).toMatchObject({ popular: false, savings: null })
  })

  it("carries each plan's benefits and button text, today's texts by default", async () => {
    const body = await getPlans()
    for (const plan of body.plans) {
      expect(plan.benefits).toEqual(['Todos os campos e áudios', 'Novos conteúdos todo mês', 'Ouça também sem internet'])
      expect(plan.buttonText).toBe(`Assinar ${plan.name}`)
    }

    await setPlan('anual', { benefits: ['Acesso a tudo por 12 meses', '  Bônus de boas-vindas  '], buttonText: 'Quero o anual' })
    // A list a manual edit left empty or blank reads as the default, never as a card without benefits.
    await setPlan('trimestral', { benefits: ['  '], buttonText: '   ' })
    const changed = await getPlans()
    expect(byCode(changed, 'anual')).toMatchObject({ benefits: ['Acesso a tudo por 12 meses', 'Bônus de boas-vindas'], buttonText: 'Quero o anual' })
    expect(byCode(changed, 'trimestral')).toMatchObject({ benefits: [...DEFAULT_PLAN_BENEFITS], buttonText: 'Assinar Trimestral' })
  })

  it("carries the admin's guarantee days with the plans", async () => {
    expect((await getPlans()).guaranteeDays).toBe(7)
    await writeSetting(ctx.database.db, SETTING_KEYS.guaranteeDays, 21)
    expect((await getPlans()).guaranteeDays).toBe(21)
  })

  it('follows display_order', async () => {
    await setPlan('anual', { displayOrder: 0 })
    await setPlan('trimestral', { displayOrder: 9 })
    expect((await getPlans()).plans.map((p) => p.code)).toEqual(['anual', 'semestral', 'trimestral'])
  })

  it('hides inactive plans', async () => {
    await setPlan('semestral', { isActive: false })
    expect((await getPlans()).plans.map((p) => p.code)).toEqual(['trimestral', 'anual'])
  })

  it('applies a valid promotion: discounted price from the original, and the promotion object', async () => {
    const endsAt = new Date(Date.now() + 3 * DAY)
    await setPlan('anual', {
      hasPromotion: true,
      discountPercentage: 25,
      promotionEndDate: endsAt,
      promotionLabel: 'Semana da mente',
    })
    const anual = byCode(await getPlans(), 'anual')
    expect(anual.originalPriceCents).toBe(47_880)
    expect(anual.priceCents).toBe(35_910)
    expect(anual.pricePerMonthCents).toBe(2_993) // 35 910 / 12 = 2 992,5 → 2 993
    expect(anual.promotion).toEqual({ discountPercentage: 25, label: 'Semana da mente', endsAt: endsAt.toISOString() })
  })

  it('uses the default label when the promotion has none', async () => {
    await setPlan('trimestral', { hasPromotion: true, discountPercentage: 10, promotionEndDate: new Date(Date.now() + DAY) })
    expect(byCode(await getPlans(), 'trimestral').promotion?.label).toBe('OFERTA LIMITADA')
  })

  it('ignores an expired promotion: original price and no promotion object', async () => {
    await setPlan('semestral', {
      hasPromotion: true,
      discountPercentage: 50,
      promotionEndDate: new Date(Date.now() - 60_000),
      promotionLabel: 'Acabou',
    })
    const semestral = byCode(await getPlans(), 'semestral')
    expect(semestral.priceCents).toBe(26_940)
    expect(semestral.pricePerMonthCents).toBe(4_490)
    expect(semestral.promotion).toBeNull()
  })

  it('ignores a promotion that is switched off, or has no end date or discount', async () => {
    const future = new Date(Date.now() + DAY)
    await setPlan('trimestral', { hasPromotion: false, discountPercentage: 50, promotionEndDate: future })
    await setPlan('semestral', { hasPromotion: true, discountPercentage: 50, promotionEndDate: null })
    await setPlan('anual', { hasPromotion: true, discountPercentage: null, promotionEndDate: future })
    const body = await getPlans()
    expect(body.plans.map((p) => p.promotion)).toEqual([null, null, null])
    expect(body.plans.map((p) => p.priceCents)).toEqual([14_970, 26_940, 47_880])
  })

  it('rounds the promotional price half-up to whole centavos', async () => {
    // 14 990 × 0.85 = 12 741,5 → 12 742; 14 995 × 0.67 = 10 046,65 → 10 047
    await setPlan('trimestral', {
      originalPriceCents: 14_990,
      hasPromotion: true,
      discountPercentage: 15,
      promotionEndDate: new Date(Date.now() + DAY),
    })
    await setPlan('semestral', {
      originalPriceCents: 14_995,
      hasPromotion: true,
      discountPercentage: 33,
      promotionEndDate: new Date(Date.now() + DAY),
    })
    const body = await getPlans()
    expect(byCode(body, 'trimestral').priceCents).toBe(12_742)
    expect(byCode(body, 'trimestral').pricePerMonthCents).toBe(4_247) // 12 742 / 3 = 4 247,33
    expect(byCode(body, 'semestral').priceCents).toBe(10_047)
    expect(byCode(body, 'semestral').pricePerMonthCents).toBe(1_675) // 10 047 / 6 = 1 674,5 → 1 675
  })

  it('is public: no sign-in needed', async () => {
    const res = await ctx.app.inject({ url: '/api/plans', headers: { cookie: '' } })
    expect(res.statusCode).toBe(200)
  })

  it('is embedded in the first HTML of the landing page, with the guarantee days', async () => {
    await setPlan('anual', { hasPromotion: true, discountPercentage: 50, promotionEndDate: new Date(Date.now() + DAY) })
    await writeSetting(ctx.database.db, SETTING_KEYS.guaranteeDays, 30)
    const res = await ctx.app.inject({ url: '/' })
    const match = /<script id="__SINTONIA_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)
    expect(match?.[1]).toBeTruthy()
    const data = JSON.parse(match![1]!) as PlansResponse
    expect(data.plans.map((p) => p.code)).toEqual(['trimestral', 'semestral', 'anual'])
    expect(byCode(data, 'anual').priceCents).toBe(23_940)
    expect(data.guaranteeDays).toBe(30)
  })
})

describe('toPublicPlan', () => {
  const row = {
    code: 'anual',
    name: 'Anual',
    description: '',
    priceCents: 47_880,
    originalPriceCents: 47_880,
    currency: 'BRL',
    intervalMonths: 12,
    savings: '  ',
    popular: true,
    isActive: true,
    hasPromotion: true,
    discountPercentage: 20,
    promotionEndDate: new Date('2025-01-10T00:00:00Z'),
    promotionLabel: null,
    displayOrder: 3,
    benefits: [...DEFAULT_PLAN_BENEFITS],
    buttonText: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  }

  it('decides by the clock it is given, to the millisecond', () => {
    expect(toPublicPlan(row, new Date('2025-01-09T23:59:59.999Z'))?.priceCents).toBe(38_304)
    expect(toPublicPlan(row, new Date('2025-01-10T00:00:00.000Z'))).toMatchObject({ priceCents: 47_880, promotion: null })
  })

  it('treats a blank savings text as none, and drops unknown codes', () => {
    expect(toPublicPlan(row, new Date(0))?.savings).toBeNull()
    expect(toPublicPlan({ ...row, code: 'mensal' }, new Date(0))).toBeNull()
  })
})
