import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { seedSubscription } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, type Cast } from '../helpers/callers.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

describe('GET /api/admin/overview', () => {
  it('is for admins only: anonymous 401, listener and subscriber 403', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.insights.admin.overview })).toEqual([401, 403, 403, 200])
  })

  it('counts listeners, active subscribers (expired ones left out), fields, audios and leads', async () => {
    // An expired subscription of the plain listener does not make them a subscriber.
    await seedSubscription(ctx, cast.listener.userId, { status: 'active', currentPeriodEnd: new Date(Date.now() - 86_400_000) })
    const res = await callAs(ctx, cast.admin, { method: 'GET', url: API.insights.admin.overview })
    expect(res.statusCode).toBe(200)
    expect(res.json().counts).toEqual({ listeners: 2, activeSubscribers: 1, fields: 6, audios: 18, leads: 0 })
  })
})
