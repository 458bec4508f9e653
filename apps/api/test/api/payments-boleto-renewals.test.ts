/**
 * The Brazilian ways to pay on the sandbox beyond the card (docs/payments.md): the boleto (access
 * only once the bank reports it paid), Pix Automático renewals (authorised with the first Pix,
 * cancelled in the bank app), and a failed renewal → the admin's grace days → the period paid by
 * Pix or boleto.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, COMMERCE_MSG, CPF_MSG, RENEWAL_NOTICE_DAYS, installmentOption, paidByCardLabel, subscriptionDetailsSchema } from '@sintonia/contract'
import { payments, refundRequests, sandboxCheckouts, sandboxSubscriptions, subscriptions } from '../../src/db/schema/index.js'
import { runRenewalNotices } from '../../src/modules/commerce/renewal-notices.js'
import { boletoDigitableLine } from '../../src/modules/payment-sandbox/provider.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, type Account } from '../helpers/auth.js'
import { CARDS, checkState, outboxOf, payWithCard, payWithPix, postSandboxWebhook, sandboxEventsOf, startAuthFirst, subscriptionOf, withWebhooksDown } from '../helpers/commerce.js'

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

const DAY = 86_400_000
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
const dateBr = (date: Date) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(date)

const form = (url: string, values: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(values).toString(), remoteAddress: nextIp() })

const ourRow = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!
const paymentsOf = async (providerSubscriptionId: string) =>
  ctx.database.db.select().from(payments).where(eq(payments.providerSubscriptionId, providerSubscriptionId)).orderBy(payments.paidAt, payments.createdAt)
const details = async (account: Account) =>
  subscriptionDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: account.cookie } })).json()).subscription
const payPending = (account: Account) => ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: account.cookie } })

/** The provider's clock reaches the end of the subscription's period. */
async function endProviderPeriod(providerSubscriptionId: string) {
  await ctx.database.db.update(sandboxSubscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(sandboxSubscriptions.id, providerSubscriptionId))
  await ctx.app.payments.sandbox!.advanceClock(new Date())
}

/** The digitable line back to the 44-digit barcode, whose 5th digit is the modulo-11 check of the rest. */
function barcodeOf(line: string): string {
  return line.slice(0, 4) + line.slice(32, 33) + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31)
}
function mod10(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}
function mod11(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) sum += Number(digits[i]) * weight
  const rest = 11 - (sum % 11)
  return rest === 0 || rest === 10 || rest === 11 ? 1 : rest
}

describe('boleto', () => {
  it('writes a 47-digit digitable line whose check digits hold, with the amount and the due-date factor', () => {
    const line = boletoDigitableLine(47_880, new Date('2026-12-02T15:00:00Z'))
    expect(line).toMatch(/^\d{47}$/)
    expect(Number(line[9])).toBe(mod10(line.slice(0, 9)))
    expect(Number(line[20])).toBe(mod10(line.slice(10, 20)))
    expect(Number(line[31])).toBe(mod10(line.slice(21, 31)))
    const barcode = barcodeOf(line)
    expect(Number(barcode[4])).toBe(mod11(barcode.slice(0, 4) + barcode.slice(5)))
    expect(line.slice(37)).toBe('0000047880')
    // 2026-12-02 is 10 647 days after 1997-10-07: past 9 999 the factor restarts at 1 000.
    expect(line.slice(33, 37)).toBe('1648')
  })

  it('is issued once on request (line, due date in 3 days, PDF); access only once the bank pays it, once', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const tab = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=boleto` })
    expect(tab.statusCode).toBe(200)
    expect(tab.body).toContain('Gerar boleto')
    expect(tab.body).toContain('pode levar até 3 dias úteis')

    // A boleto names its payer: the CPF is required and checked by its digits, nothing issued before.
    const missing = await form(`/sandbox/checkout/${checkoutId}/boleto`)
    expect(missing.statusCode).toBe(422)
    expect(missing.body).toContain(CPF_MSG.required)
    const wrongCpf = await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-24' })
    expect(wrongCpf.statusCode).toBe(422)
    expect(wrongCpf.body).toContain(CPF_MSG.invalid)
    expect(wrongCpf.body).toContain('value="529.982.247-24"')
    const [unissued] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect(unissued!.boletoLine).toBeNull()

    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [row] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect(row!.boletoLine).toMatch(/^\d{47}$/)
    expect(row!.payerCpf).toBe('52998224725')
    expect(Math.abs(row!.boletoDueAt!.getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000)
    // The page stays payable until the day after the due date.
    expect(row!.expiresAt.getTime()).toBeGreaterThan(row!.boletoDueAt!.getTime())
    // Asking again shows the same boleto.
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '111.444.777-35' })).statusCode).toBe(303)
    const [again] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect(again!.boletoLine).toBe(row!.boletoLine)

    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=boleto` })
    expect(page.body).toContain(row!.boletoLine!.slice(0, 5) + '.' + row!.boletoLine!.slice(5, 10))
    expect(page.body).toContain(dateBr(row!.boletoDueAt!))
    expect(page.body).toContain('CPF 529.982.247-25')
    expect(page.body).toContain('Aguardando a confirmação do banco')
    const pdf = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/boleto.pdf` })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.rawPayload.toString('latin1')).toContain('R$\u00a0478,80')

    // Issued is not paid: no access, no payment.
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    expect((await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/status` })).json()).toEqual({ status: 'open', pixExpired: false, boletoExpired: false })

    // The bank pays another line: refused, nothing changes.
    const wrong = await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: '1'.repeat(47) })
    expect(wrong.statusCode).toBe(410)
    expect(wrong.body).toContain('Boleto não encontrado')
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])

    const bank = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/banco?boleto=1` })
    expect(bank.body).toContain('Pagar boleto')
    const paid = await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: row!.boletoLine! })
    expect(paid.statusCode).toBe(200)
    expect(paid.body).toContain('Boleto pago')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true, subscription_tier: 'anual' })
    expect((await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/status` })).json()).toMatchObject({ status: 'complete' })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const recorded = await paymentsOf(sub!.providerSubscriptionId!)
    expect(recorded.map((payment) => [payment.method, payment.installments, payment.amountCents])).toEqual([['boleto', null, 47_880]])
    const receipt = (await outboxOf(ctx, buyer.email)).find((mail) => mail.kind === 'payment_receipt')
    expect(receipt!.textBody).toContain('Forma de pagamento: Boleto')
    expect((await details(buyer))!.lastPaymentMethod).toBe('boleto')

    // Paid twice: refused in pt-BR, one payment only.
    const twice = await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: row!.boletoLine! })
    expect(twice.statusCode).toBe(409)
    expect(twice.body).toContain('Este boleto já foi pago. Nada foi cobrado de novo.')
    expect(await paymentsOf(sub!.providerSubscriptionId!)).toHaveLength(1)
  })

  it('the test bank lets a boleto expire unpaid: it cannot be paid, the page offers a new one for the same payer, which can', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [issued] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    const bank = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/banco?boleto=1` })
    expect(bank.body).toContain('Deixar vencer sem pagar')
    const expired = await form(`/sandbox/checkout/${checkoutId}/boleto/vencer`)
    expect(expired.statusCode).toBe(410)
    expect(expired.body).toContain('Boleto vencido')
    expect((await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/status` })).json()).toEqual({ status: 'open', pixExpired: false, boletoExpired: true })
    const late = await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: issued!.boletoLine! })
    expect(late.statusCode).toBe(410)
    expect(late.body).toContain('Este boleto venceu sem pagamento')
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])

    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=boleto` })
    expect(page.body).toContain('Este boleto venceu sem pagamento. Gere um novo boleto para pagar.')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto/novo`)).statusCode).toBe(303)
    const [reissued] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect(reissued!.boletoLine).not.toBe(issued!.boletoLine)
    expect(reissued!.payerCpf).toBe('52998224725')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: issued!.boletoLine! })).statusCode).toBe(410)
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: reissued!.boletoLine! })).statusCode).toBe(200)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
  })

  it('the test bank refusing a Pix charges nothing and leaves the code payable', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=pix` })
    const code = /\/banco\?codigo=([0-9a-f]+)"/.exec(page.body)![1]!
    expect((await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/banco?codigo=${code}` })).body).toContain('Recusar (saldo insuficiente)')
    const refused = await form(`/sandbox/checkout/${checkoutId}/pix/recusar`)
    expect(refused.statusCode).toBe(402)
    expect(refused.body).toContain('Nada foi cobrado')
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])
    expect((await payWithPix(ctx, checkoutId, code)).statusCode).toBe(200)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
  })

  it('answers an unknown boleto PDF or bank page with a pt-BR page, not an error', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const pdf = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/boleto.pdf` })
    expect(pdf.statusCode).toBe(410)
    expect(pdf.body).toContain('Boleto não encontrado')
    expect((await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/banco?boleto=1` })).statusCode).toBe(410)
  })
})

describe('Pix Automático', () => {
  it('is authorised with the first Pix; the notice says it will be debited, and the renewal is', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}?metodo=pix` })
    const code = /\/banco\?codigo=([0-9a-f]+)"/.exec(page.body)![1]!
    const bank = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}/banco?codigo=${code}` })
    expect(bank.body).toContain('Pix Automático')
    expect(bank.body).toContain('Pagar e autorizar')
    const paid = await payWithPix(ctx, checkoutId, code)
    expect(paid.body).toContain('Pix Automático autorizado')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(await details(buyer)).toMatchObject({ lastPaymentMethod: 'pix', pixAutomatic: true })

    const deps = { db: ctx.database.db, mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl, log: silentLog }
    await runRenewalNotices(deps, new Date(sub!.currentPeriodEnd!.getTime() - RENEWAL_NOTICE_DAYS * DAY + 60_000))
    const notice = (await outboxOf(ctx, buyer.email)).find((mail) => mail.kind === 'renewal_notice')
    expect(notice!.textBody).toContain('Forma de pagamento: Pix')
    expect(notice!.textBody).toContain('debitado por Pix Automático')

    await endProviderPeriod(sub!.providerSubscriptionId!)
    const renewed = await ourRow(sub!.id)
    expect(renewed.status).toBe('active')
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 80 * DAY)
    expect((await paymentsOf(sub!.providerSubscriptionId!)).map((payment) => payment.method)).toEqual(['pix', 'pix'])
  })

  it('cancelled in the bank app, nothing more is debited: the subscription ends with its paid period', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    await payWithPix(ctx, checkoutId)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const authorization = `/sandbox/banco/pix-automatico/${sub!.providerSubscriptionId}`
    const shown = await ctx.app.inject({ method: 'GET', url: authorization })
    expect(shown.body).toContain('Cancelar autorização')
    expect((await form(`${authorization}/cancelar`)).statusCode).toBe(303)
    expect((await ctx.app.inject({ method: 'GET', url: authorization })).body).toContain('Cancelada')

    expect(await ourRow(sub!.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await details(buyer)).toMatchObject({ pixAutomatic: false, cancelAtPeriodEnd: true })
    await endProviderPeriod(sub!.providerSubscriptionId!)
    expect((await ourRow(sub!.id)).status).toBe('canceled')
    expect(await paymentsOf(sub!.providerSubscriptionId!)).toHaveLength(1)
    // Cancelling again, or an unknown authorisation, changes nothing and is no error.
    expect((await form(`${authorization}/cancelar`)).statusCode).toBe(303)
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/banco/pix-automatico/sub_sbx_naoexiste' })).statusCode).toBe(404)
  })
})

describe('a boleto renewal paid ahead', () => {
  /** A subscriber who paid the annual plan by boleto. */
  async function boletoSubscriber() {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [issued] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: issued!.boletoLine! })).statusCode).toBe(200)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    return { buyer, sub: sub! }
  }

  it('from the notice on, the next period is payable by boleto or Pix; paid ahead, the period moves on and never goes past due', async () => {
    const { buyer, sub } = await boletoSubscriber()
    // Weeks before the renewal there is nothing to pay yet.
    expect(await details(buyer)).toMatchObject({ status: 'active', lastPaymentMethod: 'boleto', renewalPayableAhead: false })
    expect((await payPending(buyer)).statusCode).toBe(409)

    // Five days before the renewal (the provider's period and ours, as its events keep them).
    const end = new Date(Date.now() + 5 * DAY)
    await ctx.database.db.update(sandboxSubscriptions).set({ currentPeriodEnd: end }).where(eq(sandboxSubscriptions.id, sub.providerSubscriptionId!))
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.id, sub.id))
    expect(await details(buyer)).toMatchObject({ status: 'active', renewalPayableAhead: true })
    const deps = { db: ctx.database.db, mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl, log: silentLog }
    await runRenewalNotices(deps, new Date())
    const notice = (await outboxOf(ctx, buyer.email)).find((mail) => mail.kind === 'renewal_notice')
    expect(notice!.textBody).toContain('Forma de pagamento: Boleto')
    expect(notice!.textBody).toContain('"Pagar a renovação"')

    // The period's page, the same however often it is asked for: boleto or Pix, no card.
    const first = await payPending(buyer)
    expect(first.statusCode, first.body).toBe(200)
    const url = new URL(first.json().url as string)
    expect(url.pathname).toMatch(/^\/sandbox\/checkout\/cs_sbx_/)
    expect(new URL((await payPending(buyer)).json().url as string).pathname).toBe(url.pathname)
    const renewalId = url.pathname.split('/').pop()!
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}?metodo=boleto` })
    expect(page.body).toContain('>Boleto</a>')
    expect(page.body).not.toContain('>Cartão</a>')
    expect((await form(`/sandbox/checkout/${renewalId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [issued] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, renewalId))
    expect((await form(`/sandbox/checkout/${renewalId}/boleto/pagar`, { linha: issued!.boletoLine! })).statusCode).toBe(200)

    const renewed = await ourRow(sub.id)
    expect(renewed).toMatchObject({ status: 'active', graceEndsAt: null })
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime() + 360 * DAY)
    expect((await paymentsOf(sub.providerSubscriptionId!)).map((payment) => payment.method)).toEqual(['boleto', 'boleto'])
    expect(await details(buyer)).toMatchObject({ status: 'active', renewalPayableAhead: false })
    expect((await payPending(buyer)).statusCode).toBe(409)
    // The old renewal date passes: nothing is due at the provider, nothing goes past due.
    await ctx.app.payments.sandbox!.advanceClock(new Date(end.getTime() + 60_000))
    expect(await ourRow(sub.id)).toMatchObject({ status: 'active' })
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'renewal_failed')).toEqual([])
  })

  it('a subscription set to end, or paid by card, has no renewal to pay ahead', async () => {
    const { buyer, sub } = await boletoSubscriber()
    const end = new Date(Date.now() + 5 * DAY)
    await ctx.database.db.update(sandboxSubscriptions).set({ currentPeriodEnd: end, cancelAtPeriodEnd: true }).where(eq(sandboxSubscriptions.id, sub.providerSubscriptionId!))
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: end, cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id))
    expect(await details(buyer)).toMatchObject({ renewalPayableAhead: false })
    expect((await payPending(buyer)).json()).toMatchObject({ statusCode: 409, message: COMMERCE_MSG.noPendingPayment })

    const cardBuyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, cardBuyer, 'anual')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const [cardSub] = await subscriptionOf(ctx, cardBuyer.userId)
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.id, cardSub!.id))
    expect(await details(cardBuyer)).toMatchObject({ renewalPayableAhead: false })
    expect((await payPending(cardBuyer)).statusCode).toBe(409)
  })
})

describe('a failed renewal', () => {
  it("keeps access for the admin's grace days, e-mails how to pay, and the period paid by Pix makes it active again", async () => {
    const settings = await ctx.app.inject({ method: 'GET', url: API.content.admin.settings, headers: { cookie: boss.cookie } })
    const saved = await ctx.app.inject({ method: 'PUT', url: API.content.admin.settings, headers: { cookie: boss.cookie }, payload: { ...(settings.json() as object), renewalGraceDays: 5 } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().renewalGraceDays).toBe(5)

    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect((await payWithCard(ctx, checkoutId, CARDS.renewalFails)).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect((await payPending(buyer)).statusCode).toBe(409)

    await endProviderPeriod(sub!.providerSubscriptionId!)
    const failed = await ourRow(sub!.id)
    expect(failed.status).toBe('past_due')
    expect(failed.graceEndsAt!.getTime() - failed.currentPeriodEnd!.getTime()).toBe(5 * DAY)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true, subscription_status: 'past_due' })
    expect(await details(buyer)).toMatchObject({ status: 'past_due', givesAccess: true, graceEndsAt: failed.graceEndsAt!.toISOString() })
    const mails = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'renewal_failed')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Pagamento pendente — Sintonia')
    expect(mails[0]!.textBody).toContain(`Seu acesso continua até ${dateBr(failed.graceEndsAt!)}.`)
    expect(mails[0]!.textBody).toContain('Valor: R$\u00a0478,80')
    expect(mails[0]!.textBody).toContain(`${ctx.config.publicUrl}/assinatura`)

    // The period's page: Pix or boleto, the same page however often it is asked for.
    const first = await payPending(buyer)
    expect(first.statusCode).toBe(200)
    const url = new URL(first.json().url as string)
    expect(url.pathname).toMatch(/^\/sandbox\/checkout\/cs_sbx_/)
    expect(new URL((await payPending(buyer)).json().url as string).pathname).toBe(url.pathname)
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(page.body).toContain('Renovação pendente')
    expect(page.body).toContain('>Pix</a>')
    expect(page.body).toContain('>Boleto</a>')
    expect(page.body).not.toContain('>Cartão</a>')
    const renewalId = url.pathname.split('/').pop()!
    // No card on this page: a card post changes nothing.
    expect((await payWithCard(ctx, renewalId, CARDS.ok)).statusCode).toBe(409)
    expect((await ourRow(sub!.id)).status).toBe('past_due')

    const paid = await payWithPix(ctx, renewalId)
    expect(paid.statusCode).toBe(200)
    const active = await ourRow(sub!.id)
    expect(active).toMatchObject({ status: 'active', graceEndsAt: null })
    expect(active.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 300 * DAY)
    expect((await paymentsOf(sub!.providerSubscriptionId!)).map((payment) => payment.method)).toEqual(['card', 'pix'])
    expect(await details(buyer)).toMatchObject({ status: 'active', graceEndsAt: null, lastPaymentMethod: 'pix', pixAutomatic: true })
    const receipts = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')
    // The purchase's receipt and the renewal's (the outbox has no order of its own).
    expect(receipts).toHaveLength(2)
    expect(receipts.filter((mail) => mail.textBody.includes('Recebemos a renovação da sua assinatura'))).toHaveLength(1)
    expect((await payPending(buyer)).json()).toMatchObject({ statusCode: 409, message: COMMERCE_MSG.noPendingPayment })
  })

  it('ends access when the grace days are over; without a sign-in the page is refused', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.renewalFails)).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    await endProviderPeriod(sub!.providerSubscriptionId!)
    await ctx.database.db.update(subscriptions).set({ graceEndsAt: new Date(Date.now() - 60_000) }).where(eq(subscriptions.id, sub!.id))
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false, subscription_status: 'past_due' })
    // Still payable at the provider: paying brings access back.
    expect((await payPending(buyer)).statusCode).toBe(200)
    expect((await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending })).statusCode).toBe(401)
  })
})

describe('refunds within the guarantee, per method', () => {
  const ACCOUNT = { bankCode: '001', agency: '1234', account: '12345-6', accountType: 'corrente', holderName: 'Paula Ramos', holderCpf: '529.982.247-25' }
  const askRefund = (account: Account, payload: object) => ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: account.cookie }, payload })
  const approve = (id: string) => ctx.app.inject({ method: 'POST', url: API.commerce.admin.refundApprove(id), headers: { cookie: boss.cookie }, payload: {} })
  const refundMail = async (email: string) => (await outboxOf(ctx, email)).find((mail) => mail.kind === 'refund_approved')

  async function buyWithBoleto() {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [row] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: row!.boletoLine! })).statusCode).toBe(200)
    return buyer
  }

  it('a boleto is refunded by a transfer to the account the buyer names, which is erased once decided', async () => {
    const buyer = await buyWithBoleto()
    const none = await askRefund(buyer, { reason: 'Não era para mim' })
    expect(none.statusCode).toBe(422)
    expect(none.json().message).toBe(COMMERCE_MSG.refundBankAccountRequired)
    const bad = await askRefund(buyer, { bankAccount: { ...ACCOUNT, bankCode: '1', holderCpf: '111.111.111-11' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain(COMMERCE_MSG.refundBankCode)
    expect(JSON.stringify(bad.json())).toContain(CPF_MSG.invalid)
    expect(await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.userId, buyer.userId))).toEqual([])

    expect((await askRefund(buyer, { reason: 'Não era para mim', bankAccount: ACCOUNT })).statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.userId, buyer.userId))
    expect(pending!.refundAccount).toEqual({ ...ACCOUNT, holderCpf: '52998224725' })
    const listed = (await ctx.app.inject({ method: 'GET', url: API.commerce.admin.refunds, headers: { cookie: boss.cookie } })).json().refunds as { id: string; paymentMethod: string; refundAccount: unknown }[]
    expect(listed.find((refund) => refund.id === pending!.id)).toMatchObject({ paymentMethod: 'boleto', refundAccount: { bankCode: '001', account: '12345-6' } })

    const refundAt = vi.spyOn(ctx.app.payments.gateway, 'refund')
    expect((await approve(pending!.id)).statusCode).toBe(200)
    expect(refundAt.mock.calls[0]?.[2]).toMatchObject({ bankCode: '001', agency: '1234', account: '12345-6', holderCpf: '52998224725' })
    refundAt.mockRestore()
    const [decided] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.id, pending!.id))
    expect(decided).toMatchObject({ status: 'approved', refundAccount: null })
    expect((await refundMail(buyer.email))!.textBody).toContain('será transferido para a conta que você informou (banco 001, agência 1234, conta 12345-6) em até 3 dias úteis')
  })

  it('the sandbox refuses to refund a boleto without an account: 502 in pt-BR and nothing changes', async () => {
    const buyer = await buyWithBoleto()
    expect((await askRefund(buyer, { bankAccount: ACCOUNT })).statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.userId, buyer.userId))
    // An account lost before the approval (it cannot be, but the provider is the last word).
    await ctx.database.db.update(refundRequests).set({ refundAccount: null }).where(eq(refundRequests.id, pending!.id))
    const refused = await approve(pending!.id)
    expect(refused.statusCode).toBe(502)
    expect(refused.json().message).toBe(COMMERCE_MSG.refundFailed)
    const [still] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.id, pending!.id))
    expect(still!.status).toBe('pending')
  })

  it('a Pix goes back by Pix "devolução"; no account is asked or kept', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    await payWithPix(ctx, checkoutId)
    expect((await askRefund(buyer, { reason: '', bankAccount: ACCOUNT })).statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.userId, buyer.userId))
    expect(pending!.refundAccount).toBeNull()
    expect((await approve(pending!.id)).statusCode).toBe(200)
    expect((await refundMail(buyer.email))!.textBody).toContain('será devolvido por Pix para a conta de onde saiu o pagamento')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect((await paymentsOf(sub!.providerSubscriptionId!))[0]!.status).toBe('refunded')
  })
})

describe('when our endpoint is down (a restart, a crash): the provider redelivers, and money is counted once', () => {
  /** Retries what the sandbox could not deliver, on a clock 5.1 s ahead (its loop only takes events older than 5 s). */
  async function redeliver() {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_100 })
    try {
      return await ctx.app.payments.sandbox!.redeliverPending()
    } finally {
      vi.useRealTimers()
    }
  }

  it('a boleto paid meanwhile gives access once it is redelivered, and a second redelivery records nothing more', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect((await form(`/sandbox/checkout/${checkoutId}/boleto`, { cpf: '529.982.247-25' })).statusCode).toBe(303)
    const [row] = await ctx.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId))
    const events = await withWebhooksDown(ctx, () => form(`/sandbox/checkout/${checkoutId}/boleto/pagar`, { linha: row!.boletoLine! }))
    expect(events.map((event) => event.type)).toContain('invoice.paid')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })

    expect(await redeliver()).toBeGreaterThanOrEqual(3)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    // Delivered again (the provider's own retry after a lost answer): the ledger keeps it once.
    for (const event of events) await postSandboxWebhook(ctx, JSON.stringify(event.payload))
    expect((await paymentsOf(sub!.providerSubscriptionId!)).map((payment) => payment.method)).toEqual(['boleto'])
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(1)
  })

  it('a failed renewal and its period paid by Pix, both redelivered: one notice, one payment, active again', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.renewalFails)).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const failed = await withWebhooksDown(ctx, () => endProviderPeriod(sub!.providerSubscriptionId!))
    expect((await ourRow(sub!.id)).status).toBe('active')
    await redeliver()
    for (const event of failed) await postSandboxWebhook(ctx, JSON.stringify(event.payload))
    expect((await ourRow(sub!.id)).status).toBe('past_due')
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'renewal_failed')).toHaveLength(1)

    const renewalId = new URL((await payPending(buyer)).json().url as string).pathname.split('/').pop()!
    const paid = await withWebhooksDown(ctx, () => payWithPix(ctx, renewalId))
    expect((await ourRow(sub!.id)).status).toBe('past_due')
    await redeliver()
    for (const event of paid) await postSandboxWebhook(ctx, JSON.stringify(event.payload))
    expect(await ourRow(sub!.id)).toMatchObject({ status: 'active', graceEndsAt: null })
    expect((await paymentsOf(sub!.providerSubscriptionId!)).map((payment) => payment.method)).toEqual(['card', 'pix'])
  })
})

describe("card instalments with the admin's interest", () => {
  it('the checkout offers each count with its instalment and total, charges them, tells them, and renews the same', async () => {
    const settings = (await ctx.app.inject({ method: 'GET', url: API.content.admin.settings, headers: { cookie: boss.cookie } })).json() as Record<string, unknown>
    const put = (bp: number) => ctx.app.inject({ method: 'PUT', url: API.content.admin.settings, headers: { cookie: boss.cookie }, payload: { ...settings, installmentInterestBasisPoints: bp } })
    expect((await put(199)).statusCode).toBe(200)
    try {
      const twelve = installmentOption(47_880, 12, 12, 199)!
      expect(twelve.totalCents).toBeGreaterThan(47_880)
      const buyer = await listener(ctx)
      const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
      const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}` })
      expect(page.body).toContain(`>${twelve.label}</option>`)
      expect(page.body).toContain('>1x de R$\u00a0478,80 sem juros</option>')
      expect((await payWithCard(ctx, checkoutId, CARDS.ok, { installments: '12' })).statusCode).toBe(303)

      const [sub] = await subscriptionOf(ctx, buyer.userId)
      const [paid] = await paymentsOf(sub!.providerSubscriptionId!)
      expect(paid).toMatchObject({ amountCents: twelve.totalCents, installments: 12, installmentsWithInterest: true })
      const label = paidByCardLabel(twelve.totalCents, 12, true)
      expect(label).toContain('com juros (total')
      expect((await outboxOf(ctx, buyer.email)).find((mail) => mail.kind === 'payment_receipt')!.textBody).toContain(`Forma de pagamento: ${label}`)
      expect(await details(buyer)).toMatchObject({ lastPaymentCents: twelve.totalCents, lastPaymentInstallments: 12, lastPaymentWithInterest: true })
      // The success page's confirmation: what was charged, and that the interest is in it.
      const verified = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.verify, payload: { sessionId: checkoutId } })
      expect(verified.json()).toMatchObject({ amount: twelve.totalCents, installments: 12, installmentsWithInterest: true })

      // The admin goes back to "sem juros": the renewal keeps what the buyer agreed to.
      expect((await put(0)).statusCode).toBe(200)
      await endProviderPeriod(sub!.providerSubscriptionId!)
      const renewals = await paymentsOf(sub!.providerSubscriptionId!)
      expect(renewals.map((payment) => [payment.amountCents, payment.installmentsWithInterest])).toEqual([
        [twelve.totalCents, true],
        [twelve.totalCents, true],
      ])
    } finally {
      expect((await put(0)).statusCode).toBe(200)
    }
  })
})

describe('a card payment contested at the issuer (chargeback)', () => {
  it('is marked disputed once (a replay changes nothing) and counted in Financeiro; a refunded payment is not', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: API.insights.admin.financial, headers: { cookie: boss.cookie } })).json().disputes as { count: number; totalCents: number }
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect((await payWithCard(ctx, checkoutId, '4000 0000 0000 0259')).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const [payment] = await paymentsOf(sub!.providerSubscriptionId!)
    expect(payment).toMatchObject({ status: 'disputed' })
    expect(payment!.disputedAt).not.toBeNull()
    const [dispute] = (await sandboxEventsOf(ctx, 'charge.dispute.created')).filter((event) => JSON.stringify(event.payload).includes(payment!.providerPaymentId))
    expect((await postSandboxWebhook(ctx, JSON.stringify(dispute!.payload))).statusCode).toBe(200)
    const after = (await ctx.app.inject({ method: 'GET', url: API.insights.admin.financial, headers: { cookie: boss.cookie } })).json().disputes
    expect(after).toEqual({ count: before.count + 1, totalCents: before.totalCents + 47_880 })
    // A dispute that comes before its payment is refused (non-2xx), so the provider retries it later.
    const early = { ...(dispute!.payload as Record<string, unknown>), id: 'evt_sbx_disputa_antes_do_pagamento', data: { object: { id: 'dp_x', object: 'dispute', charge: 'ch_sbx_ainda_nao_registrado' } } }
    expect((await postSandboxWebhook(ctx, JSON.stringify(early))).statusCode).toBe(503)
    // The chargeback is under review: access stays until the provider decides.
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
  })
})
