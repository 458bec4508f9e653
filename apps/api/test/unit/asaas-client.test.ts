/**
 * The Asaas REST client (gateway/asaas-client.ts): the key travels only in the `access_token`
 * header, and every failure — an error answer, an unexpected body, no answer in time, no server —
 * is a GatewayError that names the call and never carries the key (docs/decisions/029-brazilian-gateway-asaas.md).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AsaasApiError, AsaasClient } from '../../src/modules/commerce/gateway/asaas-client.js'
import { GatewayError } from '../../src/modules/commerce/gateway/types.js'
import { startAsaasFake, type AsaasFake } from '../support/asaas-fake.js'

const KEY = '$aact_hmlg_chave_do_teste_de_unidade_0001'
let fake: AsaasFake
let odd: Server
let oddBase: string
let hanging: Server
let hangingBase: string

/** A local server answering 200 with a body that is not the payment Asaas documents. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`]
}

beforeAll(async () => {
  fake = await startAsaasFake({ apiKey: KEY })
  ;[odd, oddBase] = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"id": 42, "value": "muito"}')
  })
  // Never answers: the client's timeout must end the call.
  ;[hanging, hangingBase] = await listen(() => undefined)
})
afterAll(async () => {
  await fake.close()
  hanging.closeAllConnections()
  await new Promise<void>((resolve) => hanging.close(() => resolve()))
  await new Promise<void>((resolve) => odd.close(() => resolve()))
})

async function failureOf(call: Promise<unknown>): Promise<GatewayError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}

describe('AsaasClient', () => {
  it('sends the key in access_token and JSON, and reads a 404 as "no such object"', async () => {
    const client = new AsaasClient({ apiKey: KEY, apiBase: fake.apiBase })
    expect(await client.getPayment('pay_inexistente')).toBeNull()
    const sent = fake.requests.at(-1)!
    expect(sent).toMatchObject({ method: 'GET', path: '/v3/payments/pay_inexistente' })
    expect(sent.headers.access_token).toBe(KEY)
    expect(sent.headers.authorization).toBeUndefined()
  })

  it("turns Asaas's error body into the status and its codes, never the key", async () => {
    const wrongKey = new AsaasClient({ apiKey: `${KEY}-errada`, apiBase: fake.apiBase })
    const unauthorised = await failureOf(wrongKey.getPayment('pay_1'))
    expect(unauthorised).toBeInstanceOf(AsaasApiError)
    expect(unauthorised).toMatchObject({ status: 401, codes: ['invalid_access_token'] })
    expect(unauthorised.message).toBe('asaas: GET /payments/pay_1 answered 401 (invalid_access_token)')
    expect(JSON.stringify(unauthorised)).not.toContain(KEY)

    const client = new AsaasClient({ apiKey: KEY, apiBase: fake.apiBase })
    const invalid = await failureOf(
      client.createCheckout({ billingTypes: [], chargeTypes: ['RECURRENT'], callback: { successUrl: 'https://a.b/s', cancelUrl: 'https://a.b/c', expiredUrl: 'https://a.b/c' }, items: [] }),
    )
    expect(invalid).toMatchObject({ status: 400, codes: ['invalid_billingTypes'] })
    expect(invalid.message).not.toContain(KEY)
  })

  it('a 5xx, an unexpected body, no answer in time and no server are all GatewayErrors', async () => {
    const client = new AsaasClient({ apiKey: KEY, apiBase: fake.apiBase })
    fake.failing = true
    try {
      expect(await failureOf(client.getSubscription('sub_1'))).toMatchObject({ status: 500 })
    } finally {
      fake.failing = false
    }
    const oddAnswer = await failureOf(new AsaasClient({ apiKey: KEY, apiBase: oddBase }).getPayment('pay_1'))
    expect(oddAnswer.message).toBe('asaas: GET /payments/pay_1 answered 200 with an unexpected body')
    const late = await failureOf(new AsaasClient({ apiKey: KEY, apiBase: hangingBase, timeoutMs: 200 }).getPayment('pay_1'))
    expect(late.message).toBe('asaas: GET /payments/pay_1 failed')
    const closed = await failureOf(new AsaasClient({ apiKey: KEY, apiBase: 'http://127.0.0.1:1/v3' }).getPayment('pay_1'))
    expect(closed.message).toBe('asaas: GET /payments/pay_1 failed')
    for (const error of [oddAnswer, late, closed]) expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).not.toContain(KEY)
  })
})
