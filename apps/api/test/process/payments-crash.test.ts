/**
 * Money is never lost or doubled when the server dies mid-webhook (docs/payments.md): the real
 * server process with PAYMENT_GATEWAY=asaas against the local fake of Asaas, on PostgreSQL. Three
 * purchases — Pix, a boleto, the card in 12 instalments — produce 16 events; Asaas delivers them
 * all at once and keeps redelivering each until it is acknowledged, while the server is killed
 * with SIGKILL as the first ones are answered and started again on the same database. In the end
 * every purchase is recorded once: one payment each (the 12 instalments as one), one receipt each,
 * one purchase waiting for its e-mail each, and every event in the ledger once; a second full
 * redelivery changes nothing.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL): the API tests' PostgreSQL pass runs it (`npm test`).
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API } from '@sintonia/contract'
import { databaseUrlFor } from '../helpers/postgres-url.js'
import { startAsaasFake, type AsaasFake } from '../support/asaas-fake.js'
import { freePort, start, tempDataDir, waitForExit, waitForOutput, type Server } from '../support/server-process.js'

const DATABASE_URL = process.env.TEST_DATABASE_URL
const API_KEY = '$aact_hmlg_chave_do_teste_de_queda_0001'
const TOKEN = 'token-do-webhook-do-teste-de-queda-com-mais-de-32-caracteres'

describe.runIf(DATABASE_URL)('webhooks across a killed server (PostgreSQL)', () => {
  const databaseName = `sintonia_queda_${process.pid}`
  let fake: AsaasFake
  let env: Record<string, string>
  let base: string

  async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  beforeAll(async () => {
    fake = await startAsaasFake({ apiKey: API_KEY })
    await withDatabase(DATABASE_URL!, async (admin) => {
      await admin.query(`drop database if exists ${databaseName} with (force)`)
      await admin.query(`create database ${databaseName}`)
    })
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: tempDataDir(),
      DATABASE_URL: databaseUrlFor(DATABASE_URL!, databaseName),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PAYMENT_GATEWAY: 'asaas',
      ASAAS_API_KEY: API_KEY,
      ASAAS_WEBHOOK_TOKEN: TOKEN,
      ASAAS_API_BASE: fake.apiBase,
    }
  })

  afterAll(async () => {
    await fake?.close()
    await withDatabase(DATABASE_URL!, (admin) => admin.query(`drop database if exists ${databaseName} with (force)`)).catch(() => undefined)
  })

  async function startServer(): Promise<Server> {
    const server = start(env)
    await waitForOutput(server, 'está no ar', 90_000)
    return server
  }

  const form = (path: string, values: Record<string, string>) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString(), redirect: 'manual' })

  async function payFirstCheckout(email: string, planCode: 'anual' | 'semestral') {
    const res = await fetch(`${base}${API.commerce.payments.checkout}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, name: 'Compradora Teste', planCode }) })
    expect(res.status, await res.clone().text()).toBe(200)
    return ((await res.json()) as { sessionId: string }).sessionId
  }

  /** Resolves when the server answers again: at once, or once the killed server has started again. */
  let serverUp: Promise<unknown> = Promise.resolve()

  /**
   * Asaas's delivery: the same body until our endpoint answers 2xx. A request the dying server
   * never answered is sent again once the server is back; an answer other than 2xx from a live
   * server fails the test (none of these events may be refused).
   */
  async function deliverUntilAcknowledged(body: string, acknowledged: () => void): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      let res: Response
      try {
        res = await fetch(`${base}${API.commerce.payments.webhook('asaas')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'asaas-access-token': TOKEN },
          body,
          signal: AbortSignal.timeout(10_000),
        })
      } catch {
        // The server died under this request: Asaas tries again once it answers.
        await serverUp
        continue
      }
      if (!res.ok) throw new Error(`webhook recusado com ${res.status}: ${await res.text()}`)
      acknowledged()
      return attempt
    }
  }

  it('records each purchase once whatever was in flight when the server died, and a full redelivery changes nothing', { timeout: 240_000 }, async () => {
    let server = await startServer()
    const tag = randomUUID().slice(0, 8)
    const events: string[] = []

    // Pix, paid on Asaas's Checkout.
    const pixRef = await payFirstCheckout(`pix.${tag}@exemplo.com.br`, 'anual')
    const pix = fake.payCheckout(pixRef, { method: 'PIX' })
    events.push(fake.webhookBody('CHECKOUT_PAID', { checkout: pix.checkoutId }), fake.webhookBody('PAYMENT_RECEIVED', { payment: pix.paymentId }))

    // A boleto issued on our page, paid at the bank.
    const boletoRef = await payFirstCheckout(`boleto.${tag}@exemplo.com.br`, 'semestral')
    expect((await form(`/asaas/pagamento/${boletoRef}/boleto`, { nome: 'Compradora Teste', cpf: '529.982.247-25' })).status).toBe(303)
    const boleto = [...fake.payments.values()].find((payment) => payment.externalReference === boletoRef && payment.billingType === 'BOLETO')!
    fake.payBoleto(String(boleto.id))
    events.push(fake.webhookBody('PAYMENT_RECEIVED', { payment: String(boleto.id) }))

    // The card in 12 instalments: one charge per instalment, each with its own event.
    const cardRef = await payFirstCheckout(`cartao.${tag}@exemplo.com.br`, 'anual')
    expect((await form(`/asaas/pagamento/${cardRef}/cartao`, { parcelas: '12' })).status).toBe(303)
    const card = fake.payCheckout(cardRef, { method: 'CREDIT_CARD', installments: 12 })
    events.push(fake.webhookBody('CHECKOUT_PAID', { checkout: card.checkoutId }), ...card.paymentIds.map((id) => fake.webhookBody('PAYMENT_CONFIRMED', { payment: id })))
    expect(events).toHaveLength(16)

    // Everything at once; the server is killed as soon as the first events are acknowledged.
    let acknowledged = 0
    let killed: Promise<unknown> | null = null
    const deliveries = events.map((body) =>
      deliverUntilAcknowledged(body, () => {
        acknowledged++
        if (!killed) {
          server.child.kill('SIGKILL')
          killed = waitForExit(server)
          // The same database, started again; the deliveries that failed wait for it.
          serverUp = killed.then(startServer).then((restarted) => (server = restarted))
        }
      }),
    )
    await expect.poll(() => killed !== null, { timeout: 60_000 }).toBe(true)
    expect(await killed).toMatchObject({ signal: 'SIGKILL' })
    expect(acknowledged).toBeLessThan(events.length)
    await serverUp
    await Promise.all(deliveries)

    const state = () =>
      withDatabase(env.DATABASE_URL!, async (db) => {
        const one = async (sql: string) => (await db.query(sql)).rows
        return {
          payments: await one(`select checkout_session_id as checkout_id, method, installments, amount_cents from payments order by amount_cents, method`),
          receipts: await one(`select to_address from email_outbox where kind = 'payment_receipt' order by to_address`),
          pending: await one(`select email, plan_code from pending_subscriptions order by email`),
          paidCheckouts: Number((await one(`select count(*)::int as n from checkout_sessions where payment_status = 'paid'`))[0]!.n),
          ledger: Number((await one(`select count(*)::int as n from webhook_events`))[0]!.n),
          cardPlans: await one(`select status, installment_count, periods_paid from asaas_card_plans`),
        }
      })
    const after = await state()
    expect(after.payments).toEqual([
      { checkout_id: expect.any(String), method: 'boleto', installments: null, amount_cents: 26_940 },
      { checkout_id: expect.any(String), method: 'card', installments: 12, amount_cents: 47_880 },
      { checkout_id: expect.any(String), method: 'pix', installments: null, amount_cents: 47_880 },
    ])
    expect(after.receipts.map((row) => row.to_address)).toEqual([`boleto.${tag}@exemplo.com.br`, `cartao.${tag}@exemplo.com.br`, `pix.${tag}@exemplo.com.br`])
    expect(after.pending).toEqual([
      { email: `boleto.${tag}@exemplo.com.br`, plan_code: 'semestral' },
      { email: `cartao.${tag}@exemplo.com.br`, plan_code: 'anual' },
      { email: `pix.${tag}@exemplo.com.br`, plan_code: 'anual' },
    ])
    expect(after.paidCheckouts).toBe(3)
    expect(after.ledger).toBe(16)
    expect(after.cardPlans).toEqual([{ status: 'active', installment_count: 12, periods_paid: 1 }])

    // Asaas redelivers everything once more: acknowledged, nothing changes.
    await Promise.all(events.map((body) => deliverUntilAcknowledged(body, () => undefined)))
    expect(await state()).toEqual(after)
  })
})
