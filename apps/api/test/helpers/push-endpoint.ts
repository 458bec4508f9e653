/**
 * A push service on localhost for reminder tests: it hands out browser-like subscriptions (a P-256
 * key pair made with node:crypto and 16 random auth bytes, as a browser's PushManager makes them),
 * records every push posted to them, and decrypts one with `http_ece` (aes128gcm, RFC 8291) — the
 * library `web-push` itself encrypts with — to read what the notification would show. The server
 * accepts and posts to it only when started with PUSH_TEST_ORIGIN set to its `origin` (otherwise
 * only the browsers' push services, docs/decisions/024-push-services-allowlist.md).
 */
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer }

export interface TestPushSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  endpoint: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface PushEndpoint {
  /** `http://127.0.0.1:<port>`: what the server under test must be given as PUSH_TEST_ORIGIN to post here. */
  origin: string
  /** A new browser-like subscription whose pushes land here. */
  subscription(): TestPushSubscription
  /** Pushes received for this subscription (all when none is given), oldest first. */
  received(subscription?: TestPushSubscription): ReceivedPush[]
  /** What the endpoint answers from now on for this subscription (201 by default; 410 = gone). */
  answer(subscription: TestPushSubscription, status: number): void
  /** The decrypted JSON of a push received for `subscription`. */
  decrypt(push: ReceivedPush): unknown
  close(): Promise<void>
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const keys = new Map<string, { ecdh: ECDH; auth: string }>()
  const statuses = new Map<string, number>()
  const received: ReceivedPush[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const endpoint = `${base}${request.url ?? ''}`
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks) })
      response.statusCode = statuses.get(endpoint) ?? 201
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin: base,
    subscription() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16).toString('base64url')
      const endpoint = `${base}/push/${randomUUID()}`
      keys.set(endpoint, { ecdh, auth })
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }
    },
    received(subscription) {
      return subscription ? received.filter((push) => push.endpoint === subscription.endpoint) : [...received]
    },
    answer(subscription, status) {
      statuses.set(subscription.endpoint, status)
    },
    decrypt(push) {
      const key = keys.get(push.endpoint)
      if (!key) throw new Error(`nenhuma inscrição para ${push.endpoint}`)
      if (push.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding inesperado: ${String(push.headers['content-encoding'])}`)
      const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: key.ecdh, authSecret: key.auth })
      return JSON.parse(plain.toString('utf8')) as unknown
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
