import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, ADMIN_MSG, COMMERCE_MSG, DEFAULT_PLAN_BENEFITS, adminPlansResponseSchema, plansResponseSchema, type AdminPlan } from '@sintonia/contract'
import { auditLog, plans } from '../../src/db/schema/index.js'
import { DEFAULT_PLANS } from '../../src/seed/default-plans.js'
import { DOMAIN_EVENTS_CHANNEL } from '../../src/plugins/domain-events.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'

const DAY = 86_400_000
let ctx: TestContext
let boss: Account
const events: string[] = []

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
  await ctx.database.notifications.listen(DOMAIN_EVENTS_CHANNEL, (payload: string) => {
    events.push((JSON.parse(payload) as { name: string }).name)
  })
})
afterAll(() => ctx.close())

beforeEach(async () => {
  events.length = 0
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
        savings: plan.savings,
      })
      .where(eq(plans.code, plan.code))
  }
})

async function adminPlans(): Promise<AdminPlan[]> {
  const res = await callAs(ctx, boss, { url: API.commerce.admin.plans })
  expect(res.statusCode).toBe(200)
  return adminPlansResponseSchema.parse(res.json()).plans
}

async function publicPlans() {
  return plansResponseSchema.parse((await ctx.app.inject({ url: '/api/plans' })).json()).plans
}

const pricing = (over: Record<string, unknown> = {}) => ({
  originalPriceCents: 19_700,
  hasPromotion: false,
  discountPercentage: null,
  promotionEndDate: null,
  promotionLabel: null,
  ...over,
})

function details(plan: AdminPlan, over: Record<string, unknown> = {}) {
  return {
    name: plan.name,
    description: plan.description,
    intervalMonths: plan.intervalMonths,
    savings: plan.savings,
    popular: plan.popular,
    isActive: plan.isActive,
    displayOrder: plan.displayOrder,
    ...over,
  }
}

async function waitForEvents(names: string[]) {
  for (let i = 0; i < 50 && !names.every((n) => events.includes(n)); i++) await new Promise((r) => setTimeout(r, 20))
  expect(events).toEqual(expect.arrayContaining(names))
}

describe('admin plans', () => {
  it('refuses anonymous (401) and listeners (403)', async () => {
    const who = await listener(ctx)
    for (const [method, url, payload] of [
      ['GET', API.commerce.admin.plans, undefined],
      ['PUT', API.commerce.admin.planPricing('anual'), pricing()],
      ['PUT', API.commerce.admin.planDetails('anual'), { name: 'x' }],
    ] as const) {
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401)
      expect((await callAs(ctx, who, { method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(403)
    }
  })

  it('lists every plan, inactive ones too', async () => {
    await ctx.database.db.update(plans).set({ isActive: false }).where(eq(plans.code, 'trimestral'))
    const list = await adminPlans()
    expect(list.map((p) => p.code).sort()).toEqual(['anual', 'semestral', 'trimestral'])
    expect(list.find((p) => p.code === 'trimestral')!.isActive).toBe(false)
  })

  it('saves a new price, shows it on GET /api/plans, audits it and announces plans_changed and content_changed', async () => {
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planPricing('anual'), payload: pricing({ originalPriceCents: 39_900 }) })
    expect(res.statusCode).toBe(200)
    expect(res.json().plan).toMatchObject({ code: 'anual', originalPriceCents: 39_900, currentPriceCents: 39_900 })
    const anual = (await publicPlans()).find((p) => p.code === 'anual')!
    expect(anual).toMatchObject({ priceCents: 39_900, originalPriceCents: 39_900, promotion: null })
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.target, 'plan:anual'))
    expect(audits.some((a) => a.action === 'plan_pricing_updated' && a.actorUserId === boss.userId)).toBe(true)
    await waitForEvents(['plans_changed', 'content_changed'])
  })

  it('"Economize N%" follows the prices unless the admin wrote a text of their own', async () => {
    expect((await publicPlans()).map((p) => [p.code, p.savings])).toEqual([
      ['trimestral', null],
      ['semestral', 'Economize 10%'],
      ['anual', 'Economize 20%'],
    ])
    // The annual plan at R$ 418,80 (34,90 a month against 49,90): 30 %.
    expect((await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planPricing('anual'), payload: pricing({ originalPriceCents: 41_880 }) })).statusCode).toBe(200)
    expect((await publicPlans()).find((p) => p.code === 'anual')!.savings).toBe('Economize 30%')
    const semestral = (await adminPlans()).find((p) => p.code === 'semestral')!
    expect((await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('semestral'), payload: details(semestral, { savings: 'Mais escolhido' }) })).statusCode).toBe(200)
    expect((await publicPlans()).find((p) => p.code === 'semestral')!.savings).toBe('Mais escolhido')
  })

  it('a promotion changes the public price until its end date, with its label', async () => {
    const end = new Date(Date.now() + 5 * DAY).toISOString()
    const res = await callAs(ctx, boss, {
      method: 'PUT',
      url: API.commerce.admin.planPricing('semestral'),
      payload: pricing({ originalPriceCents: 20_000, hasPromotion: true, discountPercentage: 25, promotionEndDate: end, promotionLabel: 'Black Friday' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().plan).toMatchObject({ currentPriceCents: 15_000, hasPromotion: true, discountPercentage: 25 })
    const semestral = (await publicPlans()).find((p) => p.code === 'semestral')!
    expect(semestral).toMatchObject({ priceCents: 15_000, originalPriceCents: 20_000, promotion: { discountPercentage: 25, label: 'Black Friday', endsAt: end } })
  })

  it.each([
    [{ originalPriceCents: 0 }, COMMERCE_MSG.originalPricePositive],
    [{ originalPriceCents: -5 }, COMMERCE_MSG.originalPricePositive],
    [{ hasPromotion: true, discountPercentage: 0, promotionEndDate: new Date(Date.now() + DAY).toISOString() }, COMMERCE_MSG.discountRange],
    [{ hasPromotion: true, discountPercentage: 101, promotionEndDate: new Date(Date.now() + DAY).toISOString() }, COMMERCE_MSG.discountRange],
    [{ hasPromotion: true, discountPercentage: 10, promotionEndDate: null }, COMMERCE_MSG.promotionEndRequired],
    [{ hasPromotion: true, discountPercentage: 10, promotionEndDate: new Date(Date.now() - DAY).toISOString() }, COMMERCE_MSG.promotionEndFuture],
  ])('refuses %j with the product message and changes nothing', async (over, message) => {
    const before = await adminPlans()
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planPricing('anual'), payload: pricing(over) })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
    expect(await adminPlans()).toEqual(before)
  })

  it('with the promotion off, out-of-range leftovers are dropped instead of failing', async () => {
    const res = await callAs(ctx, boss, {
      method: 'PUT',
      url: API.commerce.admin.planPricing('anual'),
      payload: pricing({ hasPromotion: false, discountPercentage: 150.5, promotionEndDate: 'amanhã' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().plan).toMatchObject({ hasPromotion: false, discountPercentage: null, promotionEndDate: null })
  })

  it('an inactive plan disappears from GET /api/plans; the last active one cannot be switched off', async () => {
    const list = await adminPlans()
    const trimestral = list.find((p) => p.code === 'trimestral')!
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('trimestral'), payload: details(trimestral, { isActive: false, name: 'Trimestral Plus' }) })
    expect(res.statusCode).toBe(200)
    expect(res.json().plan).toMatchObject({ isActive: false, name: 'Trimestral Plus' })
    expect((await publicPlans()).map((p) => p.code)).not.toContain('trimestral')

    for (const code of ['semestral'] as const) {
      const plan = list.find((p) => p.code === code)!
      expect((await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails(code), payload: details(plan, { isActive: false }) })).statusCode).toBe(200)
    }
    const anual = list.find((p) => p.code === 'anual')!
    const last = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('anual'), payload: details(anual, { isActive: false }) })
    expect(last.statusCode).toBe(409)
    expect(last.json().message).toBe(ADMIN_MSG.lastActivePlan)
    expect((await publicPlans()).map((p) => p.code)).toEqual(['anual'])
  })

  it('reorders plans and changes texts; refuses an empty name and an unknown plan', async () => {
    const list = await adminPlans()
    const semestral = list.find((p) => p.code === 'semestral')!
    await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('semestral'), payload: details(semestral, { displayOrder: 0, savings: 'Economize 10%', popular: true }) })
    const publicList = await publicPlans()
    expect(publicList[0]).toMatchObject({ code: 'semestral', savings: 'Economize 10%', popular: true })

    const empty = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('semestral'), payload: details(semestral, { name: '   ' }) })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain(ADMIN_MSG.planNameRequired)
    const unknown = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('mensal'), payload: details(semestral) })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toContain(ADMIN_MSG.planNotFound)
  })

  it("edits a plan's benefits and button text; GET /api/plans shows them, and leaving them out keeps them", async () => {
    const anual = (await adminPlans()).find((p) => p.code === 'anual')!
    expect(anual).toMatchObject({ benefits: [...DEFAULT_PLAN_BENEFITS], buttonText: null })

    const res = await callAs(ctx, boss, {
      method: 'PUT',
      url: API.commerce.admin.planDetails('anual'),
      payload: details(anual, { benefits: ['  Todos os áudios por 12 meses ', 'Suporte por e-mail'], buttonText: '  Quero o plano anual ' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().plan).toMatchObject({ benefits: ['Todos os áudios por 12 meses', 'Suporte por e-mail'], buttonText: 'Quero o plano anual' })
    expect((await publicPlans()).find((p) => p.code === 'anual')).toMatchObject({
      benefits: ['Todos os áudios por 12 meses', 'Suporte por e-mail'],
      buttonText: 'Quero o plano anual',
    })
    await waitForEvents(['plans_changed', 'content_changed'])

    // An older form that does not send them changes the other texts only.
    const kept = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('anual'), payload: details(anual, { description: 'Nova descrição' }) })
    expect(kept.json().plan).toMatchObject({ description: 'Nova descrição', benefits: ['Todos os áudios por 12 meses', 'Suporte por e-mail'], buttonText: 'Quero o plano anual' })

    // A blank button text goes back to 'Assinar {name}'.
    const blank = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('anual'), payload: details(anual, { buttonText: '   ' }) })
    expect(blank.json().plan.buttonText).toBeNull()
    expect((await publicPlans()).find((p) => p.code === 'anual')!.buttonText).toBe('Assinar Anual')
  })

  it.each([
    [{ benefits: ['Todos os áudios', '   '] }, COMMERCE_MSG.planBenefitRequired],
    [{ benefits: ['x'.repeat(81)] }, COMMERCE_MSG.planBenefitTooLong],
    [{ benefits: [] }, COMMERCE_MSG.planBenefitsCount],
    [{ benefits: Array.from({ length: 9 }, (_, i) => `Benefício ${i + 1}`) }, COMMERCE_MSG.planBenefitsCount],
    [{ benefits: 'Tudo' }, COMMERCE_MSG.planBenefitsCount],
    [{ buttonText: 'x'.repeat(41) }, COMMERCE_MSG.planButtonTextTooLong],
  ])('refuses plan texts %j with a pt-BR message and changes nothing', async (over, message) => {
    const before = await adminPlans()
    const semestral = before.find((p) => p.code === 'semestral')!
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.planDetails('semestral'), payload: details(semestral, over) })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
    expect(await adminPlans()).toEqual(before)
  })
})
