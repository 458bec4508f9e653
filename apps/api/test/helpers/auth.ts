import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { API } from '@sintonia/contract'
import { auditLog, pendingSubscriptions, subscriptions, user } from '../../src/db/schema/index.js'
import { createOrPromoteAdmin } from '../../src/modules/accounts/admin-create.js'
import type { TestContext } from './app.js'
import { rememberSecret } from '../support/log-capture.js'

/** The auth routes are rate-limited per IP: each call speaks from a fresh address unless told. */
let ipCounter = 0
export const nextIp = () => {
  ipCounter++
  return `10.${20 + Math.floor(ipCounter / 62500)}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`
}

let emailCounter = 0
export const uniqueEmail = (prefix = 'ouvinte') => `${prefix}.${Date.now().toString(36)}${++emailCounter}@exemplo.com.br`

/** Parsed Set-Cookie headers of a response. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie']
  if (header === undefined) return []
  return Array.isArray(header) ? header : [String(header)]
}

/** The Cookie header a browser would send after this response (cookies being removed are left out). */
export function cookieHeader(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>()
  for (const pair of previous.split(';').map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
  for (const line of setCookies(res)) {
    const [pair = ''] = line.split(';')
    const at = pair.indexOf('=')
    const name = pair.slice(0, at).trim()
    const value = pair.slice(at + 1).trim()
    if (!value || /max-age=0/i.test(line)) jar.delete(name)
    else jar.set(name, value)
    if (/session_token$/.test(name) && value) rememberSecret('sign-in token', decodeURIComponent(value).split('.')[0])
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

export function signInCookieOf(res: LightMyRequestResponse): string | undefined {
  return setCookies(res).find((line) => /session_token=/.test(line))
}

export interface Account {
  email: string
  password: string
  cookie: string
  userId: string
}

export async function signUp(ctx: TestContext, body: Record<string, unknown> = {}) {
  const email = (body.email as string | undefined) ?? uniqueEmail()
  const password = (body.password as string | undefined) ?? 'senha-segura-1'
  rememberSecret('password', password)
  const res = await ctx.app.inject({
    method: 'POST',
    url: API.accounts.signUp,
    payload: { email, password, ...body },
    remoteAddress: nextIp(),
  })
  return { res, email: email.toLowerCase(), password, cookie: cookieHeader(res) }
}

/** A signed-in listener (cookie), created through the real sign-up route. */
export async function listener(ctx: TestContext, body: Record<string, unknown> = {}): Promise<Account> {
  const { res, email, password, cookie } = await signUp(ctx, body)
  if (res.statusCode !== 201) throw new Error(`sign-up falhou: ${res.statusCode} ${res.body}`)
  return { email, password, cookie, userId: (res.json() as { user: { id: string } }).user.id }
}

export async function signIn(ctx: TestContext, email: string, password: string, portal: 'user' | 'admin', extra: Record<string, unknown> = {}) {
  rememberSecret('password', password)
  const res = await ctx.app.inject({
    method: 'POST',
    url: API.accounts.signIn,
    payload: { email, password, portal, ...extra },
    remoteAddress: nextIp(),
  })
  return { res, cookie: cookieHeader(res) }
}

/** An admin made the only allowed way (the admin:create function), signed in on the admin portal. */
export async function admin(ctx: TestContext, email = uniqueEmail('admin'), password = 'senha-admin-1'): Promise<Account> {
  const result = await createOrPromoteAdmin({ db: ctx.database.db, auth: ctx.app.auth }, { email, password })
  const { res, cookie } = await signIn(ctx, email, password, 'admin')
  if (res.statusCode !== 200) throw new Error(`login admin falhou: ${res.statusCode} ${res.body}`)
  return { email, password, cookie, userId: result.userId }
}

export async function seedSubscription(
  ctx: TestContext,
  userId: string,
  values: {
    status?: 'active' | 'past_due' | 'canceled' | 'expired'
    currentPeriodEnd?: Date | null
    graceEndsAt?: Date | null
    pauseStartsAt?: Date | null
    pauseEndsAt?: Date | null
    planCode?: 'trimestral' | 'semestral' | 'anual'
  } = {},
) {
  const [row] = await ctx.database.db
    .insert(subscriptions)
    .values({
      userId,
      email: 'assinante@exemplo.com',
      planCode: values.planCode ?? 'anual',
      status: values.status ?? 'active',
      provider: 'sandbox',
      providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      currentPeriodEnd: values.currentPeriodEnd === undefined ? new Date(Date.now() + 30 * 86_400_000) : values.currentPeriodEnd,
      graceEndsAt: values.graceEndsAt ?? null,
      pauseStartsAt: values.pauseStartsAt ?? null,
      pauseEndsAt: values.pauseEndsAt ?? null,
    })
    .returning()
  return row!
}

export async function seedPending(
  ctx: TestContext,
  email: string,
  values: { checkoutId?: string | null; planCode?: 'trimestral' | 'semestral' | 'anual'; currentPeriodEnd?: Date } = {},
) {
  const [row] = await ctx.database.db
    .insert(pendingSubscriptions)
    .values({
      email,
      planCode: values.planCode ?? 'semestral',
      provider: 'sandbox',
      providerCustomerId: `cus_${Math.random().toString(36).slice(2)}`,
      providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      checkoutId: values.checkoutId === undefined ? `cs_${Math.random().toString(36).slice(2, 12)}` : values.checkoutId,
      currentPeriodEnd: values.currentPeriodEnd ?? new Date(Date.now() + 180 * 86_400_000),
    })
    .returning()
  return row!
}

export async function setBanned(ctx: TestContext, userId: string, banned = true, banExpires: Date | null = null) {
  await ctx.database.db.update(user).set({ banned, banExpires }).where(eq(user.id, userId))
}

export async function auditRows(ctx: TestContext, target: string) {
  return ctx.database.db.select().from(auditLog).where(eq(auditLog.target, target))
}

export async function countRows(ctx: TestContext, table: 'user' | 'session' | 'account' | 'subscriptions' | 'pending_subscriptions') {
  const rows = await ctx.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}"`))
  const list = (rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[])
  return Number(list[0]?.n ?? 0)
}
