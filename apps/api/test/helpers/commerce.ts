/** Commerce test helpers: real checkouts through the routes and the sandbox's hosted pages. */
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { API, type CheckoutRedirect, type PlanCode } from '@sintonia/contract'
import { emailOutbox, payments, sandboxEvents, subscriptions, webhookEvents } from '../../src/db/schema/index.js'
import { signPayload } from '../../src/lib/http/webhook-signature.js'
import type { TestContext } from './app.js'
import { nextIp, type Account } from './auth.js'

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  badCvc: '4000 0000 0000 0127',
  expired: '4000 0000 0000 0069',
  processing: '4000 0000 0000 0119',
  renewalFails: '4000 0000 0000 0341',
} as const

export const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`

/** The checkout answer's `sessionId` (its wire name) as our code calls it. */
function checkoutOf({ url, sessionId }: CheckoutRedirect): { url: string; checkoutId: string } {
  return { url, checkoutId: sessionId }
}

export async function startAuthFirst(ctx: TestContext, account: Account, planCode: PlanCode = 'anual') {
  const res = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.checkout, headers: { cookie: account.cookie }, payload: { planCode } })
  if (res.statusCode !== 200) throw new Error(`checkout falhou: ${res.statusCode} ${res.body}`)
  return checkoutOf(res.json() as CheckoutRedirect)
}

export async function startPayFirst(ctx: TestContext, email: string, planCode: PlanCode = 'anual', name = 'Maria Compradora') {
  const res = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.checkout, payload: { email, name, planCode }, remoteAddress: nextIp() })
  if (res.statusCode !== 200) throw new Error(`create-payment falhou: ${res.statusCode} ${res.body}`)
  return checkoutOf(res.json() as CheckoutRedirect)
}

/** Submits the sandbox card form as a browser would (urlencoded). */
export function payWithCard(
  ctx: TestContext,
  checkoutId: string,
  number: string,
  extra: { expiry?: string; cvc?: string; name?: string; ip?: string; installments?: string } = {},
) {
  const form = new URLSearchParams({ number, expiry: extra.expiry ?? FUTURE_EXPIRY, cvc: extra.cvc ?? '123', name: extra.name ?? 'MARIA C SILVA' })
  if (extra.installments !== undefined) form.set('installments', extra.installments)
  return ctx.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${checkoutId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
    remoteAddress: extra.ip ?? nextIp(),
  })
}

/** The Pix code the checkout shows now (its page creates the first one). */
export async function pixCodeOf(ctx: TestContext, checkoutId: string): Promise<string> {
  const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=pix` })
  return /\/banco\?codigo=([0-9a-f]+)"/.exec(page.body)?.[1] ?? ''
}

/** The test bank pays the checkout's current Pix code (or `code`), as its form posts it. */
export async function payWithPix(ctx: TestContext, checkoutId: string, code?: string) {
  const codigo = code ?? (await pixCodeOf(ctx, checkoutId))
  return ctx.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${checkoutId}/pix`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ codigo }).toString(),
    remoteAddress: nextIp(),
  })
}

/** A sandbox-signed webhook delivery (the secret of this test app). */
export function postSandboxWebhook(ctx: TestContext, raw: string, signature = signPayload(raw, ctx.config.secrets.sandboxWebhook)): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: API.commerce.payments.webhook('sandbox'),
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    payload: raw,
  })
}

export async function sandboxEventsOf(ctx: TestContext, type?: string) {
  const rows = await ctx.database.db.select().from(sandboxEvents).orderBy(sandboxEvents.createdAt, sandboxEvents.id)
  return type ? rows.filter((row) => row.type === type) : rows
}

/**
 * Runs `action` while our webhook endpoint refuses the sandbox's deliveries (503); returns the
 * events the sandbox emitted meanwhile. Its inline retries still happen, their waits
 * (200 ms, 800 ms) skipped: the test does not sleep through them.
 */
export async function withWebhooksDown(ctx: TestContext, action: () => Promise<unknown>) {
  const sandbox = ctx.app.payments.sandbox!
  const { deliver, pause } = sandbox['deps']
  const before = new Set((await sandboxEventsOf(ctx)).map((event) => event.id))
  sandbox['deps'].deliver = async () => 503
  sandbox['deps'].pause = async () => {}
  try {
    await action()
  } finally {
    sandbox['deps'].deliver = deliver
    sandbox['deps'].pause = pause
  }
  return (await sandboxEventsOf(ctx)).filter((event) => !before.has(event.id))
}

export async function subscriptionOf(ctx: TestContext, userId: string) {
  const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
  return rows
}

export async function paymentRows(ctx: TestContext) {
  return ctx.database.db.select().from(payments)
}

export async function outboxOf(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${to})`)
}

export async function ledgerCount(ctx: TestContext) {
  const rows = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents)
  return Number(rows[0]?.n ?? 0)
}

export async function checkState(ctx: TestContext, account: Account) {
  const res = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie: account.cookie } })
  return res.json() as { subscribed: boolean; subscription_tier: string | null; subscription_status: string; subscription_end: string | null }
}
