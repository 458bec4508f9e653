/**
 * Commerce routes anyone may call: plans, the gateway's mode, pay-first checkout, verification
 * after payment, the access link's re-send, the provider's webhooks.
 */
import {
  API,
  apiErrorSchema,
  AUTH_MSG,
  checkoutRedirectSchema,
  COMMERCE_MSG,
  createPaymentSchema,
  gatewayInfoSchema,
  MSG,
  PAYMENT_PROVIDERS,
  paymentVerificationSchema,
  plansResponseSchema,
  checkoutIdBodySchema,
  checkoutVerificationSchema,
  messageResponseSchema,
  giftPreviewSchema,
  giftTokenSchema,
  GIFT_PATHS,
} from '@sintonia/contract'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../lib/http/errors.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import {
  createPaymentCheckout,
  gatewayInfo,
  resendAccessLink,
  verifyPayment,
  verifyCheckout,
} from './checkout-service.js'
import { GatewayError } from './gateway/types.js'
import { publicPlansAnswer } from './plans-service.js'
import { previewGift } from './gifts-service.js'

const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.commerce.plans,
    {
      // Plans and their prices are marketing content of the landing and /assinatura.
      config: { access: 'public' },
      schema: {
        tags: ['planos'],
        summary:
          'Planos de assinatura ativos, na ordem de exibição, com o preço atual (promoção aplicada enquanto válida), benefícios e texto do botão, e os dias de garantia',
        response: { 200: plansResponseSchema },
      },
    },
    async () => publicPlansAnswer(app.database.db),
  )
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema }

/**
 * The commerce API (docs/product/commerce.md#checkout-flows): the six checkout calls plus gateway
 * info, details and the guarantee.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments.deps
  const noStore = { 'Cache-Control': 'no-store' }

  app.get(
    API.commerce.payments.gateway,
    {
      config: { access: 'public' },
      schema: {
        tags: ['pagamento'],
        summary: 'Provedor de pagamento em uso, modo teste/produção, cartões de teste e dias de garantia',
        response: { 200: gatewayInfoSchema },
      },
    },
    async () => gatewayInfo(deps),
  )

  app.post(
    API.commerce.payments.checkout,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.createPayment },
      schema: {
        tags: ['pagamento'],
        summary: 'create-payment (primeiro o pagamento): abre o checkout para um e-mail sem conta',
        body: createPaymentSchema,
        response: { 200: checkoutRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return createPaymentCheckout(deps, request.body)
    },
  )

  app.post(
    API.commerce.payments.verify,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.verifyPayment },
      schema: {
        tags: ['pagamento'],
        summary: 'verify-payment: pergunta ao provedor pelo checkout e devolve o resultado (paymentStatus, nome, e-mail, valor, moeda)',
        description: "Se o checkout está pago e o webhook ainda não chegou, aplica o mesmo efeito idempotente. 'paid' = confirmado.",
        body: checkoutIdBodySchema,
        response: { 200: paymentVerificationSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return verifyPayment(deps, request.body.sessionId)
    },
  )

  app.post(
    API.commerce.payments.verifyCheckout,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.verifyPayment },
      schema: {
        tags: ['pagamento'],
        summary: 'verify-session: o e-mail do comprador, se está pago e se já existe conta com esse e-mail',
        body: checkoutIdBodySchema,
        response: { 200: checkoutVerificationSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return verifyCheckout(deps, request.body.sessionId)
    },
  )

  app.post(
    API.commerce.payments.resendAccessLink,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['pagamento'],
        summary: 'Reenvia o link de acesso da compra para o e-mail dela (a página de processamento, depois de pagar)',
        description: 'O link vai só para o e-mail da compra. 404 se a compra não está paga ou já foi ativada; 429 acima de 5 por minuto por IP.',
        body: checkoutIdBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resendAccessLink(deps, request.body.sessionId)
      return { message: AUTH_MSG.accessLinkSent }
    },
  )

  // Webhooks need the exact bytes the provider signed: this scope parses every body as a Buffer.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body))
    scope.post(
      '/api/payments/webhooks/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags: ['pagamento'],
          summary: 'Webhook do provedor de pagamento (corpo bruto, assinatura verificada, cada evento processado uma vez)',
          description:
            '200 também para eventos repetidos ou de tipo desconhecido; 400 assinatura inválida ou ausente (401 quando o provedor se autentica por token, como o Asaas); 503 falha ao aplicar (o provedor tenta de novo).',
          params: z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: MSG.generic.routeNotFound }) }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) }), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const { gateway } = app.payments
        if (request.params.provider !== gateway.provider) throw new HttpError(404, MSG.generic.routeNotFound)
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const parsed = gateway.parseWebhook(raw, request.headers)
        if (!parsed.ok) {
          request.log.warn({ reason: parsed.reason }, 'webhook refused')
          throw new HttpError(parsed.reason === 'bad_payload' ? 400 : gateway.webhookRefusalStatus, COMMERCE_MSG.webhookSignatureInvalid)
        }
        try {
          const outcome = await app.payments.handleEvent(parsed.event)
          return { received: true as const, outcome }
        } catch (error) {
          // Non-2xx so the provider retries; nothing was committed (ledger and effect share one transaction).
          request.log.error({ err: error, event: parsed.event.id, type: parsed.event.type, gateway: error instanceof GatewayError }, 'webhook processing failed')
          throw new HttpError(503, COMMERCE_MSG.internalServerError)
        }
      },
    )
  })
}

/** What a gift link shows, to whoever holds it (the token is the secret the e-mail carries). */
const giftLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    GIFT_PATHS.preview(':token'),
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['presentes'],
        summary: 'Link do presente: de quem, para quem, a mensagem, o plano e se já foi resgatado',
        description: '400 para link inválido (nunca entregue ou desconhecido); 429 acima de 10 por minuto por IP.',
        params: z.object({ token: giftTokenSchema }),
        response: { 200: giftPreviewSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return previewGift(app.database.db, request.params.token)
    },
  )
}

/** Every route of this audience, registered by app.ts. */
export const commerceRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  await app.register(planRoutes)
  await app.register(paymentRoutes)
  await app.register(giftLinkRoutes)
}
