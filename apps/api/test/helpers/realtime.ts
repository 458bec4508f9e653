import WebSocket from 'ws'
import type { FastifyInstance } from 'fastify'
import type { DomainEventName, RealtimeServerMessage } from '@sintonia/contract'
import { DOMAIN_EVENTS_CHANNEL } from '../../src/plugins/domain-events.js'

export interface SocketClose {
  code: number
  reason: string
}

/**
 * A real `ws` client on a listening app, recording every message, so a test can wait for the
 * next message matching a condition and for the close frame.
 */
export class TestSocket {
  readonly messages: RealtimeServerMessage[] = []
  readonly closed: Promise<SocketClose>
  private waiters: { match: (m: RealtimeServerMessage) => boolean; resolve: (m: RealtimeServerMessage) => void }[] = []
  private seen = 0

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage
      this.messages.push(message)
      for (const waiter of [...this.waiters]) {
        if (waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1)
          waiter.resolve(message)
        }
      }
    })
  }

  /** The first message after the previous `next()` result that matches (waits up to `timeoutMs`). */
  next<T extends RealtimeServerMessage['type']>(type: T, match: (m: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true, timeoutMs = 5_000) {
    type M = Extract<RealtimeServerMessage, { type: T }>
    const test = (m: RealtimeServerMessage): m is M => m.type === type && match(m as M)
    const already = this.messages.slice(this.seen).findIndex(test)
    if (already >= 0) {
      this.seen += already + 1
      return Promise.resolve(this.messages[this.seen - 1] as M)
    }
    return new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nenhuma mensagem '${type}' em ${timeoutMs} ms; recebidas: ${JSON.stringify(this.messages)}`)), timeoutMs)
      this.waiters.push({
        match: test,
        resolve: (m) => {
          clearTimeout(timer)
          this.seen = this.messages.length
          resolve(m as M)
        },
      })
    })
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value))
  }

  close(): Promise<SocketClose> {
    this.ws.close()
    return this.closed
  }
}

/** Opens a socket to `baseUrl` + /api/realtime; rejects with the HTTP status when the handshake is refused. */
export function openSocket(baseUrl: string, options: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/realtime`
  const ws = new WebSocket(url, {
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.origin ? { origin: options.origin } : {}),
  })
  const socket = new TestSocket(ws)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket))
    ws.once('unexpected-response', (_request, response) => {
      reject(new HandshakeRefused(response.statusCode ?? 0))
      ws.terminate()
    })
    ws.once('error', reject)
  })
}

export class HandshakeRefused extends Error {
  constructor(readonly status: number) {
    super(`handshake recusado: ${status}`)
  }
}

/**
 * Announces `name` through PostgreSQL's notifications, as another instance would, and waits until
 * this app's bus has handed it to its subscribers. PostgreSQL delivers notifications in commit
 * order, so once it is back every announcement made earlier — this instance's own `publish()`
 * echoes included — has been delivered too: a cache filled afterwards cannot be dropped by a late
 * echo of an earlier test's change.
 */
export async function announceAndWait(app: FastifyInstance, name: DomainEventName, timeoutMs = 10_000): Promise<void> {
  let unsubscribe: () => void = () => undefined
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`'${name}' não voltou pelo barramento em ${timeoutMs} ms`)), timeoutMs)
      unsubscribe = app.realtimeBus.subscribe((message) => {
        if (message.kind === 'event' && message.name === name) {
          clearTimeout(timer)
          resolve()
        }
      })
      app.database.notifications.notify(DOMAIN_EVENTS_CHANNEL, JSON.stringify({ name, at: new Date().toISOString() })).catch(reject)
    })
  } finally {
    unsubscribe()
  }
}
