import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { ADMIN_SETTINGS_MSG, API, GOODBYE_MSG, DEFAULT_GUARANTEE_DAYS, DEFAULT_PRODUCT_NAME, DEFAULT_RENEWAL_GRACE_DAYS } from '@sintonia/contract'
import { auditLog } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { nonAdminStatuses } from '../helpers/multipart.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

const put = (payload: unknown) => callAs(ctx, cast.admin, { method: 'PUT', url: API.content.admin.settings, payload: payload as object })

describe('admin general settings', () => {
  it('are for admins only', async () => {
    expect(await nonAdminStatuses(ctx, cast, { method: 'GET', url: API.content.admin.settings })).toEqual([401, 403, 403])
    expect(await nonAdminStatuses(ctx, cast, { method: 'PUT', url: API.content.admin.settings, payload: { productName: 'X', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0 } })).toEqual([401, 403, 403])
  })

  it('read the defaults, save them all, show the new name on the landing and announce it', async () => {
    const first = await callAs(ctx, cast.admin, { method: 'GET', url: API.content.admin.settings })
    expect(first.json()).toMatchObject({ productName: DEFAULT_PRODUCT_NAME, guaranteeDays: DEFAULT_GUARANTEE_DAYS, renewalGraceDays: DEFAULT_RENEWAL_GRACE_DAYS, installmentInterestBasisPoints: 0 })

    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    expect(first.json()).toMatchObject({ retentionPauseMaxMonths: 3, retentionDiscountPercent: 0 })
    const saved = await put({ productName: '  Sintonia Plus ', supportEmail: 'Ajuda@Exemplo.com.br', guaranteeDays: 14, renewalGraceDays: 0, installmentInterestBasisPoints: 199, retentionPauseMaxMonths: 2, retentionDiscountPercent: 20 })
    expect(saved.statusCode).toBe(200)
    const all = { productName: 'Sintonia Plus', supportEmail: 'ajuda@exemplo.com.br', guaranteeDays: 14, renewalGraceDays: 0, installmentInterestBasisPoints: 199, retentionPauseMaxMonths: 2, retentionDiscountPercent: 20 }
    expect(saved.json()).toEqual(all)
    expect(publish).toHaveBeenCalledWith('content_changed')
    publish.mockRestore()

    expect((await ctx.app.inject({ method: 'GET', url: API.content.landing })).json().productName).toBe('Sintonia Plus')
    expect((await ctx.app.inject({ method: 'GET', url: API.commerce.payments.gateway })).json().guaranteeDays).toBe(14)
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.target, 'settings:general'))
    expect(audits.at(-1)).toMatchObject({ actorUserId: cast.admin.userId, action: 'setting_updated', outcome: 'success' })
    expect(audits.at(-1)!.details).toMatchObject({ productName: { from: DEFAULT_PRODUCT_NAME, to: 'Sintonia Plus' }, renewalGraceDays: { from: DEFAULT_RENEWAL_GRACE_DAYS, to: 0 } })
    // A form that does not send the cancellation offer keeps it as it is.
    expect((await put({ productName: 'Sintonia Plus', supportEmail: 'ajuda@exemplo.com.br', guaranteeDays: 14, renewalGraceDays: 0, installmentInterestBasisPoints: 199 })).json()).toEqual(all)
  })

  it('refuse bad values with pt-BR messages and change nothing', async () => {
    const before = (await callAs(ctx, cast.admin, { method: 'GET', url: API.content.admin.settings })).json()
    const cases: [unknown, string][] = [
      [{ productName: '   ', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.productNameRequired],
      [{ productName: 'x'.repeat(61), supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.productNameTooLong],
      [{ productName: 'Ok', supportEmail: 'sem-arroba', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.supportEmailInvalid],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 0, renewalGraceDays: 3, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.guaranteeDaysRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7.5, renewalGraceDays: 3, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.guaranteeDaysRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 31, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.renewalGraceDaysRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: -1, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.renewalGraceDaysRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, installmentInterestBasisPoints: 0 }, ADMIN_SETTINGS_MSG.renewalGraceDaysRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 1000 }, ADMIN_SETTINGS_MSG.installmentInterestRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 1.5 }, ADMIN_SETTINGS_MSG.installmentInterestRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3 }, ADMIN_SETTINGS_MSG.installmentInterestRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0, retentionPauseMaxMonths: 4 }, GOODBYE_MSG.pauseRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0, retentionDiscountPercent: 51 }, GOODBYE_MSG.discountRange],
      [{ productName: 'Ok', supportEmail: 'a@b.com', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0, role: 'admin' }, ''],
    ]
    for (const [payload, message] of cases) {
      const res = await put(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      if (message) expect(res.json().message).toContain(message)
    }
    expect((await callAs(ctx, cast.admin, { method: 'GET', url: API.content.admin.settings })).json()).toEqual(before)
  })
})
