import fp from 'fastify-plugin'
import { API } from '@sintonia/contract'
import { StripeGateway } from './gateway/stripe.js'
import { AsaasGateway } from './gateway/asaas.js'
import { SANDBOX_SIGNATURE_HEADER, SandboxGateway } from './gateway/sandbox.js'
import type { PaymentGateway, VerifiedEvent } from './gateway/types.js'
import { approveRefund, rejectRefund, type RefundDecision } from './refunds.js'
import { SandboxProvider } from '../payment-sandbox/provider.js'
import { handleWebhookEvent, type CommerceDeps, type WebhookOutcome } from './webhooks.js'
import { listPublicPlans } from './plans-service.js'

export interface PaymentsOptions extends Pick<CommerceDeps, 'purchaseWaiting'> {
  /** Replaces the gateway chosen from the configuration (tests). */
  gateway?: PaymentGateway
  /**
   * Period of the sandbox's background work (redelivering unacknowledged events, renewing or
   * ending subscriptions whose period is over). 0 turns it off; default 15 s outside tests.
   */
  sandboxLoopMs?: number
}

export interface Payments {
  readonly gateway: PaymentGateway
  /** The built-in provider when PAYMENT_GATEWAY=sandbox, else null. */
  readonly sandbox: SandboxProvider | null
  readonly deps: CommerceDeps
  handleEvent(event: VerifiedEvent): Promise<WebhookOutcome>
  /** Admin guarantee decisions (docs/payments.md#guarantee). */
  approveRefund(requestId: string, adminId: string): Promise<RefundDecision>
  rejectRefund(requestId: string, adminId: string, reason: string): Promise<RefundDecision>
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

/**
 * Chooses the gateway from PAYMENT_GATEWAY (ADR 004) and decorates `app.payments`. The sandbox
 * delivers its signed events to our own webhook route through `app.inject`, so they take exactly
 * the path a real provider's HTTP request takes (route, signature check, ledger, effect).
 */
export const paymentsPlugin = fp<PaymentsOptions>(
  async (app, options) => {
    const { config } = app
    const db = app.database.db
    const log = app.log.child({ module: 'payments' })
    let sandbox: SandboxProvider | null = null
    let gateway: PaymentGateway
    if (options.gateway) gateway = options.gateway
    else if (config.payments.gateway === 'stripe') {
      gateway = new StripeGateway({
        secretKey: config.payments.stripeSecretKey ?? '',
        webhookSecret: config.payments.stripeWebhookSecret ?? '',
        apiBase: config.payments.stripeApiBase,
      })
    } else if (config.payments.gateway === 'asaas') {
      // config.ts refuses to start without the three settings (ADR 029).
      gateway = new AsaasGateway({
        apiKey: config.payments.asaasApiKey ?? '',
        webhookToken: config.payments.asaasWebhookToken ?? '',
        apiBase: config.payments.asaasApiBase ?? '',
        publicUrl: config.publicUrl,
        db,
      })
    } else {
      sandbox = new SandboxProvider({
        db,
        publicUrl: config.publicUrl,
        secret: config.secrets.sandboxWebhook,
        log,
        // The provider's clock is the server's: a journey that moves it sees renewals fall due.
        now: () => app.clock.now(),
        deliver: async (rawBody, signature) => {
          const res = await app.inject({
            method: 'POST',
            url: API.commerce.payments.webhook('sandbox'),
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
            payload: rawBody,
          })
          return res.statusCode
        },
        portalPlans: async () =>
          (await listPublicPlans(db)).map((plan) => ({
            code: plan.code,
            name: plan.name,
            amountCents: plan.priceCents,
            currency: plan.currency,
            intervalMonths: plan.intervalMonths,
          })),
      })
      gateway = new SandboxGateway(sandbox, config.secrets.sandboxWebhook)
    }

    const deps: CommerceDeps = { db, gateway, mailer: app.mailer, publicUrl: config.publicUrl, log, purchaseWaiting: options.purchaseWaiting, now: () => app.clock.now() }
    app.decorate('payments', {
      gateway,
      sandbox,
      deps,
      handleEvent: (event) => handleWebhookEvent(deps, event),
      approveRefund: (requestId, adminId) => approveRefund(deps, requestId, adminId),
      rejectRefund: (requestId, adminId, reason) => rejectRefund(deps, requestId, adminId, reason),
    } satisfies Payments)

    const configured = config.billing.sandboxIntervalSeconds
    const loopMs = options.sandboxLoopMs ?? (configured !== undefined ? configured * 1000 : config.env === 'test' ? 0 : 15_000)
    if (sandbox && loopMs > 0) {
      const provider = sandbox
      let timer: NodeJS.Timeout | undefined
      let running = false
      const tick = async () => {
        if (running) return
        running = true
        try {
          await provider.redeliverPending()
          await provider.advanceClock()
        } catch (error) {
          log.warn({ err: error }, 'sandbox background work failed')
        } finally {
          running = false
        }
      }
      app.addHook('onReady', async () => {
        timer = setInterval(() => void tick(), loopMs)
        timer.unref()
      })
      app.addHook('preClose', async () => clearInterval(timer))
    }
  },
  { name: 'payments', dependencies: ['mailer'] },
)
