import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { ADMIN_MSG, API, adminUsersResponseSchema, type AdminUserResponse } from '@sintonia/contract'
import { auditLog, refundRequests, session, subscriptions } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, seedSubscription, signIn, uniqueEmail, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

const DAY = 86_400_000

async function auditFor(userId: string, action: string) {
  return ctx.database.db.select().from(auditLog).where(and(eq(auditLog.target, `user:${userId}`), eq(auditLog.action, action)))
}

describe('admin users: access', () => {
  it.each([
    ['GET', API.accounts.admin.users, undefined],
    ['POST', API.accounts.admin.userComplimentary('x'), { days: 7 }],
    ['PUT', API.accounts.admin.userRole('x'), { role: 'admin' }],
    ['PUT', API.accounts.admin.userBan('x'), { banned: true }],
  ] as const)('%s %s: anonymous 401, listener 403', async (method, url, payload) => {
    const who = await listener(ctx)
    const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })
    expect(anonymous.statusCode).toBe(401)
    const asListener = await callAs(ctx, who, { method, url, ...(payload ? { payload } : {}) })
    expect(asListener.statusCode).toBe(403)
    expect(asListener.json().message).toBe('Você não tem permissão para acessar este recurso')
  })
})

describe('admin users: search', () => {
  it('finds listeners by part of the name (accents ignored) or e-mail, with subscription, plan and period end', async () => {
    const ana = await listener(ctx, { name: 'Ana Lúcia Peçanha', email: uniqueEmail('ana.busca') })
    const sub = await seedSubscription(ctx, ana.userId, { planCode: 'semestral' })
    const res = await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=lucia%20pec` })
    expect(res.statusCode).toBe(200)
    const body = adminUsersResponseSchema.parse(res.json())
    expect(body.users).toHaveLength(1)
    const [found] = body.users
    expect(found).toMatchObject({
      id: ana.userId,
      email: ana.email,
      role: 'user',
      banned: false,
      subscription: { status: 'active', givesAccess: true, planCode: 'semestral', planName: 'Semestral', provider: 'sandbox' },
    })
    expect(found!.subscription.currentPeriodEnd).toBe(sub.currentPeriodEnd!.toISOString())
    expect(Date.parse(found!.createdAt)).toBeGreaterThan(Date.now() - 60_000)

    const byMail = adminUsersResponseSchema.parse((await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=ANA.BUSCA` })).json())
    expect(byMail.users.map((u) => u.id)).toEqual([ana.userId])
  })

  it('treats % and _ typed by the admin literally and pages 20 at a time', async () => {
    const none = adminUsersResponseSchema.parse((await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=%25` })).json())
    expect(none.users).toEqual([])
    for (let i = 0; i < 21; i++) await listener(ctx, { email: uniqueEmail('paginado') })
    const first = adminUsersResponseSchema.parse((await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=paginado` })).json())
    const second = adminUsersResponseSchema.parse((await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=paginado&page=2` })).json())
    expect(first.pageInfo).toEqual({ page: 1, pageSize: 20, total: 21 })
    expect(first.users).toHaveLength(20)
    expect(second.users).toHaveLength(1)
    expect(new Set([...first.users, ...second.users].map((u) => u.id)).size).toBe(21)
  })

  it('shows a scheduled cancellation while the access runs, and a pending refund request until it is decided', async () => {
    async function shown(userId: string) {
      const body = adminUsersResponseSchema.parse((await callAs(ctx, boss, { url: `${API.accounts.admin.users}?q=fim.agendado` })).json())
      const found = body.users.find((u) => u.id === userId)
      expect(found).toBeDefined()
      return found!
    }
    const leaving = await listener(ctx, { email: uniqueEmail('fim.agendado') })
    const end = new Date(Date.now() + 12 * DAY)
    const sub = await seedSubscription(ctx, leaving.userId, { currentPeriodEnd: end })
    expect(await shown(leaving.userId)).toMatchObject({ refundPending: false, subscription: { cancelsAt: null, givesAccess: true, renewsAt: end.toISOString(), graceEndsAt: null } })

    // A renewal not paid: pending until its grace ends, nothing renews meanwhile.
    const grace = new Date(Date.now() + 2 * DAY)
    await ctx.database.db.update(subscriptions).set({ status: 'past_due', graceEndsAt: grace }).where(eq(subscriptions.id, sub.id))
    expect((await shown(leaving.userId)).subscription).toMatchObject({ status: 'past_due', givesAccess: true, renewsAt: null, graceEndsAt: grace.toISOString() })
    await ctx.database.db.update(subscriptions).set({ status: 'active', graceEndsAt: null }).where(eq(subscriptions.id, sub.id))

    await ctx.database.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id))
    expect(await shown(leaving.userId)).toMatchObject({ subscription: { status: 'active', givesAccess: true, cancelsAt: end.toISOString(), renewsAt: null } })

    const [request] = await ctx.database.db.insert(refundRequests).values({ subscriptionId: sub.id, userId: leaving.userId, email: leaving.email }).returning()
    expect((await shown(leaving.userId)).refundPending).toBe(true)
    await ctx.database.db.update(refundRequests).set({ status: 'rejected', decidedAt: new Date() }).where(eq(refundRequests.id, request!.id))
    expect((await shown(leaving.userId)).refundPending).toBe(false)

    // Once the period is over the access has ended: nothing is "scheduled" any more.
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - DAY) }).where(eq(subscriptions.id, sub.id))
    expect((await shown(leaving.userId)).subscription).toMatchObject({ givesAccess: false, cancelsAt: null })
  })

  it('refuses a bad page with a pt-BR message', async () => {
    const res = await callAs(ctx, boss, { url: `${API.accounts.admin.users}?page=0` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Página inválida')
  })
})

describe('admin users: complimentary access', () => {
  it('grants N days that open the subscriber area, extends on a second grant, and audits both', async () => {
    const guest = await listener(ctx)
    expect((await callAs(ctx, guest, { url: API.catalogue.fields })).statusCode).toBe(403)

    const res = await callAs(ctx, boss, { method: 'POST', url: API.accounts.admin.userComplimentary(guest.userId), payload: { days: 10 } })
    expect(res.statusCode).toBe(200)
    const body = res.json() as AdminUserResponse
    expect(body.message).toMatch(/^Acesso cortesia liberado até \d{2}\/\d{2}\/\d{4}$/)
    expect(body.user.subscription).toMatchObject({ status: 'active', givesAccess: true, provider: 'complimentary' })
    const firstEnd = Date.parse(body.user.subscription.currentPeriodEnd!)
    expect(Math.abs(firstEnd - (Date.now() + 10 * DAY))).toBeLessThan(60_000)

    // The guard lets the listener in now.
    expect((await callAs(ctx, guest, { url: API.catalogue.fields })).statusCode).toBe(200)
    const check = await callAs(ctx, guest, { url: API.commerce.subscription.check })
    expect(check.json()).toMatchObject({ subscribed: true, subscription_status: 'active' })

    const again = (await callAs(ctx, boss, { method: 'POST', url: API.accounts.admin.userComplimentary(guest.userId), payload: { days: 5 } })).json() as AdminUserResponse
    expect(Math.abs(Date.parse(again.user.subscription.currentPeriodEnd!) - (firstEnd + 5 * DAY))).toBeLessThan(5_000)
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, guest.userId))
    expect(rows).toHaveLength(1)
    const audits = await auditFor(guest.userId, 'admin_complimentary_access')
    expect(audits).toHaveLength(2)
    expect(audits[0]).toMatchObject({ actorUserId: boss.userId, outcome: 'success' })
  })

  it('an expired complimentary access restarts from today', async () => {
    const guest = await listener(ctx)
    await ctx.database.db.insert(subscriptions).values({
      userId: guest.userId,
      email: guest.email,
      planCode: 'anual',
      status: 'active',
      provider: 'complimentary',
      providerSubscriptionId: `complimentary:${guest.userId}`,
      currentPeriodEnd: new Date(Date.now() - 30 * DAY),
    })
    const body = (await callAs(ctx, boss, { method: 'POST', url: API.accounts.admin.userComplimentary(guest.userId), payload: { days: 3 } })).json() as AdminUserResponse
    expect(Math.abs(Date.parse(body.user.subscription.currentPeriodEnd!) - (Date.now() + 3 * DAY))).toBeLessThan(60_000)
  })

  it.each([0, -1, 3651, 2.5, 'dez'])('refuses %s days with the pt-BR message and grants nothing', async (days) => {
    const guest = await listener(ctx)
    const res = await callAs(ctx, boss, { method: 'POST', url: API.accounts.admin.userComplimentary(guest.userId), payload: { days } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(ADMIN_MSG.complimentaryDays)
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, guest.userId))).toEqual([])
  })

  it('answers 404 for an unknown user', async () => {
    const res = await callAs(ctx, boss, { method: 'POST', url: API.accounts.admin.userComplimentary('nao-existe'), payload: { days: 3 } })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(ADMIN_MSG.userNotFound)
  })
})

describe('admin users: roles', () => {
  it('promotes a listener, who can then use the admin API, and demotes them again (sign-ins ended)', async () => {
    const helper = await listener(ctx)
    const promoted = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userRole(helper.userId), payload: { role: 'admin' } })
    expect(promoted.statusCode).toBe(200)
    expect((promoted.json() as AdminUserResponse).user.role).toBe('admin')
    expect((await callAs(ctx, helper, { url: API.accounts.admin.users })).statusCode).toBe(200)

    const demoted = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userRole(helper.userId), payload: { role: 'user' } })
    expect(demoted.statusCode).toBe(200)
    expect((demoted.json() as AdminUserResponse).message).toBe('Função de administrador removida')
    expect((await callAs(ctx, helper, { url: API.accounts.admin.users })).statusCode).toBe(401)
    expect(await auditFor(helper.userId, 'admin_promoted')).toHaveLength(1)
    expect(await auditFor(helper.userId, 'admin_demoted')).toHaveLength(1)
  })

  it('refuses to change one’s own role, on the server', async () => {
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userRole(boss.userId), payload: { role: 'user' } })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(ADMIN_MSG.selfRoleChange)
    expect((await callAs(ctx, boss, { url: API.accounts.admin.users })).statusCode).toBe(200)
  })

  it('refuses an unknown role', async () => {
    const who = await listener(ctx)
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userRole(who.userId), payload: { role: 'root' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Função inválida')
  })
})

describe('admin users: bans', () => {
  it('a ban ends every sign-in at once and blocks sign-in; unban lets the person back', async () => {
    const target = await listener(ctx)
    const second = await signIn(ctx, target.email, target.password, 'user')
    expect((await ctx.database.db.select().from(session).where(eq(session.userId, target.userId))).length).toBe(2)

    const res = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userBan(target.userId), payload: { banned: true, reason: 'Spam' } })
    expect(res.statusCode).toBe(200)
    expect((res.json() as AdminUserResponse).user).toMatchObject({ banned: true, banReason: 'Spam' })
    expect(await ctx.database.db.select().from(session).where(eq(session.userId, target.userId))).toEqual([])
    expect((await callAs(ctx, target, { url: API.accounts.me })).json().user).toBeNull()
    expect((await ctx.app.inject({ url: API.accounts.me, headers: { cookie: second.cookie } })).json().user).toBeNull()
    expect((await signIn(ctx, target.email, target.password, 'user')).res.statusCode).toBe(403)
    const [audit] = await auditFor(target.userId, 'user_banned')
    expect(audit).toMatchObject({ actorUserId: boss.userId, details: { reason: 'Spam', sessionsRevoked: 2 } })

    const unban = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userBan(target.userId), payload: { banned: false } })
    expect((unban.json() as AdminUserResponse).user.banned).toBe(false)
    expect((await signIn(ctx, target.email, target.password, 'user')).res.statusCode).toBe(200)
    expect(await auditFor(target.userId, 'user_unbanned')).toHaveLength(1)
  })

  it('refuses to ban oneself or another admin', async () => {
    const self = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userBan(boss.userId), payload: { banned: true } })
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toBe(ADMIN_MSG.selfBan)
    const other = await admin(ctx)
    const res = await callAs(ctx, boss, { method: 'PUT', url: API.accounts.admin.userBan(other.userId), payload: { banned: true } })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(ADMIN_MSG.banAdmin)
    expect((await callAs(ctx, other, { url: API.accounts.admin.users })).statusCode).toBe(200)
  })
})
