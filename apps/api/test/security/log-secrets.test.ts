/**
 * Secrets in request URLs never reach the log (outside attack, 2026-11): a production app logging
 * at info, driven through the password reset and a pay-first purchase on the sandbox's hosted
 * pages — every URL a browser would open, query strings included. Each token and checkout id is
 * remembered (the run's global log scan checks them too) and searched in this app's log lines.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { API } from '@sintonia/contract'
import { loadConfig } from '../../src/config.js'
import { emailOutbox } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, uniqueEmail } from '../helpers/auth.js'
import { CARDS, outboxOf, payWithCard, payWithPix, startAuthFirst, startPayFirst } from '../helpers/commerce.js'
import { openSocket } from '../helpers/realtime.js'
import { memoryLogger, rememberSecret } from '../support/log-capture.js'

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'segredo-de-sessao-para-o-teste-de-logs-0123456789',
  PUBLIC_URL: 'https://sintonia.exemplo.com.br',
  SANDBOX_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste-0123',
  LOG_LEVEL: 'info',
}

// The production logger options (same redaction and serializers), at info, into memory.
const { logger, lines, parsed } = memoryLogger(loadConfig({ ...PRODUCTION, DATA_DIR: '/nao-usado' }))
const secrets = new Map<string, string>()

function remember(kind: string, value: string | null | undefined) {
  if (!value) return
  secrets.set(value, kind)
  rememberSecret(kind, value)
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, env: PRODUCTION, mailer: { autoDispatch: false }, logger })
})
afterAll(() => ctx.close())

/** Opens a link of an e-mail or a redirect as the browser would: path and query, on this app. */
function open(link: string, method: 'GET' | 'POST' = 'GET') {
  const url = new URL(link, ctx.config.publicUrl)
  return ctx.app.inject({ method, url: `${url.pathname}${url.search}`, remoteAddress: nextIp() })
}

/** Every link of every e-mail sent to `to`, with its secret-looking query values remembered. */
async function linksMailedTo(to: string): Promise<string[]> {
  const links = new Set<string>()
  for (const mail of await outboxOf(ctx, to)) {
    for (const match of mail.textBody.matchAll(/https?:\/\/[^\s"<>]+/g)) links.add(match[0])
  }
  for (const link of links) {
    const url = new URL(link)
    for (const [name, value] of url.searchParams) if (/token|session|code|key/i.test(name)) remember(`query ${name}`, value)
  }
  return [...links]
}

function hitsIn(text: string): string[] {
  return [...secrets].filter(([value]) => text.includes(value) || text.includes(encodeURIComponent(value))).map(([, kind]) => kind)
}

describe('request URLs in the log', () => {
  it('a password reset (link opened, Better Auth callback, reset) leaves its token out of the log', async () => {
    const person = await listener(ctx)
    const forgot = await ctx.app.inject({ method: 'POST', url: API.accounts.forgotPassword, payload: { email: person.email }, remoteAddress: nextIp() })
    expect(forgot.statusCode).toBe(200)
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.kind, 'password_reset')))
    const token = /\/redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1]
    expect(token).toBeDefined()
    remember('reset token', token)
    await linksMailedTo(person.email)
    await ctx.app.mailer.dispatchPending()

    // The page of the e-mail's link, and Better Auth's own link form (token in the path).
    await open(`/redefinir-senha?token=${token}`)
    await open(`/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/redefinir-senha')}`)
    const reset = await ctx.app.inject({
      method: 'POST',
      url: API.accounts.resetPassword,
      payload: { token, newPassword: 'uma-senha-nova-forte' },
      remoteAddress: nextIp(),
    })
    expect(reset.statusCode).toBe(200)
    remember('password', 'uma-senha-nova-forte')

    expect(lines.some((line) => line.includes('/redefinir-senha'))).toBe(true)
    expect(hitsIn(lines.join('\n'))).toEqual([])
  })

  it('a pay-first purchase through the hosted checkout (card and Pix) leaves checkout ids and claim links out of the log', async () => {
    const email = uniqueEmail('comprador-logs')
    const { checkoutId, url } = await startPayFirst(ctx, email, 'anual')
    remember('checkout id', checkoutId)
    await open(url)
    await open(`${url}?metodo=pix`)
    const declined = await payWithCard(ctx, checkoutId, CARDS.declined)
    expect(declined.statusCode).toBe(402)
    const paid = await payWithCard(ctx, checkoutId, CARDS.ok)
    expect(paid.statusCode).toBe(303)
    // The provider sends the browser back with the checkout id in the query string (`session_id`).
    expect(paid.headers.location).toContain(checkoutId)
    await open(String(paid.headers.location))
    await open(`/assinatura/sucesso?session_id=${checkoutId}`)
    const verify = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.verifyCheckout, payload: { sessionId: checkoutId }, remoteAddress: nextIp() })
    expect(verify.json()).toMatchObject({ paid: true })
    await open(`/pagamento/sucesso?session_id=${checkoutId}`)

    // The claim e-mail's links (set the password / sign in), opened as the buyer would.
    const links = await linksMailedTo(email)
    expect(links.some((link) => link.includes('/onboarding/definir-senha'))).toBe(true)
    for (const link of links) await open(link)
    await ctx.app.mailer.dispatchPending()

    // Pix on a second checkout.
    const pix = await startPayFirst(ctx, uniqueEmail('comprador-pix'), 'trimestral')
    remember('checkout id', pix.checkoutId)
    await open(`${pix.url}?metodo=pix`)
    expect((await payWithPix(ctx, pix.checkoutId)).statusCode).toBe(200)

    expect(hitsIn(lines.join('\n'))).toEqual([])
    expect(lines.some((line) => line.includes('/sandbox/checkout/[oculto]/pay'))).toBe(true)
  })

  it('the customer portal leaves its id out of the log', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'semestral')
    remember('checkout id', checkoutId)
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const portal = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: buyer.cookie } })
    expect(portal.statusCode).toBe(200)
    const path = new URL(portal.json().url as string).pathname
    remember('portal id', path.split('/').pop())
    await open(path)
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `${path}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
      remoteAddress: nextIp(),
    })
    expect(cancel.statusCode).toBe(303)
    await open(String(cancel.headers.location))

    expect(hitsIn(lines.join('\n'))).toEqual([])
    expect(lines.some((line) => line.includes('/sandbox/portal/[oculto]'))).toBe(true)
  })
})

describe('one line per request', () => {
  it('writes exactly one info line for a request: method, redacted path, status, duration and request id', async () => {
    const before = lines.length
    const res = await ctx.app.inject({ method: 'GET', url: `${API.commerce.plans}?session_id=cs_segredo_qualquer_123456` })
    expect(res.statusCode).toBe(200)
    const added = parsed().slice(before)
    const info = added.filter((line) => line.level === 30)
    expect(info).toHaveLength(1)
    expect(info[0]).toMatchObject({ msg: 'request', method: 'GET', path: API.commerce.plans, status: 200, reqId: expect.any(String) })
    expect(info[0]!.ms).toEqual(expect.any(Number))
    expect(added.filter((line) => line.level >= 30)).toHaveLength(1)
  })

  it('writes one info line for a refused request too (no separate "request refused" line)', async () => {
    const before = lines.length
    const res = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData })
    expect(res.statusCode).toBe(401)
    const added = parsed().slice(before).filter((line) => line.level >= 30)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({ msg: 'request', path: API.accounts.exportData, status: 401 })
  })

  it('writes one info line for an upgraded WebSocket handshake (status 101)', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const before = lines.length
    const socket = await openSocket(baseUrl)
    await vi.waitFor(() => expect(parsed().slice(before).some((line) => line.status === 101)).toBe(true))
    const info = parsed()
      .slice(before)
      .filter((line) => line.level === 30)
    expect(info).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', path: API.realtime, status: 101, reqId: expect.any(String) })])
    await socket.close()
  })

  it('cuts a huge path to 200 characters', async () => {
    const before = lines.length
    await ctx.app.inject({ method: 'GET', url: `/api/${'x'.repeat(15_000)}` })
    const [line] = parsed().slice(before)
    expect(line!.status).toBe(404)
    expect(String(line!.path).length).toBeLessThanOrEqual(201)
  })
})
