/**
 * A tiny local HTTP fake of the few Stripe API endpoints the gateway uses, so the real `stripe`
 * SDK can be exercised offline (STRIPE_API_BASE points at it). Not a Stripe emulator: it stores
 * what it is sent, answers in Stripe's JSON shapes and lets a test "pay" a session.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeRequest {
  method: string
  path: string
  form: Record<string, string>
  headers: IncomingMessage['headers']
}

type Json = Record<string, unknown>

export interface StripeFake {
  url: string
  requests: FakeRequest[]
  sessions: Map<string, Json>
  subscriptions: Map<string, Json>
  /** While true every call answers 500 (the provider is down). */
  failing: boolean
  /** The buyer paid on Stripe's page: a customer and an active subscription exist. */
  completeSession(id: string, options?: { email?: string; name?: string }): { subscriptionId: string; customerId: string; periodEnd: number }
  close(): Promise<void>
}

let counter = 0
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++counter).toString(36).padStart(4, '0')}`

function notFound(id: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } } }
}

export async function startStripeFake(): Promise<StripeFake> {
  const fake: Omit<StripeFake, 'url' | 'close'> = {
    requests: [],
    sessions: new Map(),
    subscriptions: new Map(),
    failing: false,
    completeSession(id, options = {}) {
      const session = fake.sessions.get(id)
      if (!session) throw new Error(`sessão ${id} desconhecida`)
      const customerId = nextId('cus')
      if (session.mode === 'payment') {
        // A one-off payment: a payment intent, no subscription.
        Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, payment_intent: nextId('pi'), url: null, customer_details: { email: session.customer_email ?? null, name: 'Cliente Stripe' } })
        return { subscriptionId: '', customerId, periodEnd: 0 }
      }
      const subscriptionId = nextId('sub')
      const start = Math.floor(Date.now() / 1000)
      const months = Number(session._interval_count ?? 12)
      const periodEnd = start + months * 30 * 86_400
      const metadata = (session._subscription_metadata ?? {}) as Json
      fake.subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        metadata,
        // Newer API versions keep the period on the items only.
        items: { object: 'list', data: [{ id: nextId('si'), object: 'subscription_item', current_period_start: start, current_period_end: periodEnd, price: { id: nextId('price'), product: { id: nextId('prod'), metadata: { plan_code: metadata.plan_code } } } }] },
      })
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customerId,
        subscription: subscriptionId,
        customer_details: { email: options.email ?? session.customer_email ?? null, name: options.name ?? 'Cliente Stripe' },
        url: null,
      })
      return { subscriptionId, customerId, periodEnd }
    },
  }

  const route = (method: string, path: string, form: Record<string, string>): { status: number; body: Json } => {
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs')
      const metadata: Json = {}
      const subscriptionMetadata: Json = {}
      for (const [key, value] of Object.entries(form)) {
        const meta = /^metadata\[(.+)\]$/.exec(key)
        if (meta) metadata[meta[1]!] = value
        const subMeta = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key)
        if (subMeta) subscriptionMetadata[subMeta[1]!] = value
      }
      const session: Json = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        subscription: null,
        customer_email: form.customer_email ?? null,
        customer_details: null,
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        _interval_count: form['line_items[0][price_data][recurring][interval_count]'],
        _subscription_metadata: subscriptionMetadata,
      }
      fake.sessions.set(id, session)
      return { status: 200, body: session }
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = fake.sessions.get(match[1]!)
      return session ? { status: 200, body: session } : notFound(match[1]!)
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = fake.subscriptions.get(match[1]!)
      return sub ? { status: 200, body: sub } : notFound(match[1]!)
    }
    if (method === 'POST' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      // The subscriber's own changes (a fair goodbye): cancel at period end, a trial that moves the
      // next invoice (its end becomes the period's end, status 'trialing'), a coupon for the next one.
      const sub = fake.subscriptions.get(match[1]!)
      if (!sub) return notFound(match[1]!)
      if (form.cancel_at_period_end !== undefined) sub.cancel_at_period_end = form.cancel_at_period_end === 'true'
      if (form.trial_end !== undefined) {
        const item = ((sub.items as Json).data as Json[])[0]!
        Object.assign(item, { current_period_end: Number(form.trial_end) })
        Object.assign(sub, { status: 'trialing', trial_end: Number(form.trial_end) })
      }
      if (form['discounts[0][coupon]'] !== undefined) sub.discounts = [form['discounts[0][coupon]']]
      return { status: 200, body: sub }
    }
    if (method === 'POST' && path === '/v1/coupons') {
      return { status: 200, body: { id: nextId('coupon'), object: 'coupon', percent_off: Number(form.percent_off), duration: form.duration, name: form.name ?? null } }
    }
    if (method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = fake.subscriptions.get(match[1]!)
      if (!sub) return notFound(match[1]!)
      Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) })
      return { status: 200, body: sub }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps')
      return { status: 200, body: { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.test/p/session/${id}` } }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return { status: 200, body: { id: nextId('re'), object: 'refund', amount: 1000, charge: form.charge ?? null, payment_intent: form.payment_intent ?? null, status: 'succeeded' } }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } }
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw))
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, form, headers: req.headers })
      const answer = fake.failing
        ? { status: 500, body: { error: { type: 'api_error', message: 'fake is down' } } }
        : route(req.method ?? 'GET', url.pathname, form)
      const visible = JSON.stringify(answer.body, (key, value: unknown) => (key.startsWith('_') ? undefined : value))
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': nextId('req') })
      res.end(visible)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return fake.requests
    },
    get failing() {
      return fake.failing
    },
    set failing(value: boolean) {
      fake.failing = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
