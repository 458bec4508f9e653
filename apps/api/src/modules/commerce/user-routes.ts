/**
 * Commerce routes of the signed-in person: the subscription check, auth-first checkout, the
 * provider's customer portal, the subscription page's details, the guarantee request and a fair
 * goodbye (cancel, pause, discount, come back); gifts: the buyer's (buy, follow, refund) and the
 * redemption of a gift link into the signed-in account.
 */
import {
  API,
  goodbyeAnswerSchema,
  pauseSubscriptionSchema,
  apiErrorSchema,
  checkoutRedirectSchema,
  createSubscriptionSchema,
  portalRedirectSchema,
  refundRequestSchema,
  subscriptionDetailsSchema,
  subscriptionStateSchema,
  messageResponseSchema,
  adminIdParamsSchema,
  createGiftSchema,
  giftListSchema,
  giftRefundSchema,
  giftTokenSchema,
  GIFT_PATHS,
  GOODBYE_MSG,
  SUBSCRIPTION_CHANGES_PER_HOUR,
} from '@sintonia/contract'
import { z } from 'zod'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { HttpError } from '../../lib/http/errors.js'
import { createGift, listGifts, redeemGift, refundGift } from './gifts-service.js'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSignedInUser } from '../../plugins/signed-in.js'
import {
  createSubscriptionCheckout,
  openPendingPayment,
  openPortal,
  requestRefund,
  subscriptionDetails,
} from './checkout-service.js'
import { getSubscriptionState } from './subscriptions-service.js'
import { cancelSubscription, discountSubscription, pauseSubscription, resumeSubscription } from './goodbye-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema }

export const commerceRoutesUser: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments.deps
  const noStore = { 'Cache-Control': 'no-store' }

  app.get(
    API.commerce.subscription.check,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Estado da assinatura de quem está logado (check-subscription)',
        description:
          "subscribed segue a regra única do servidor (ativa e dentro do período, ou past_due até 3 dias após o fim). subscription_status é 'none' para quem nunca assinou.",
        response: { 200: subscriptionStateSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.header('Cache-Control', 'no-store')
      return getSubscriptionState(app.database.db, user.id)
    },
  )

  app.post(
    API.commerce.subscription.checkout,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'create-subscription (primeiro a conta): abre o checkout do provedor para o plano escolhido',
        description:
          'O preço vem do plano no banco (promoção aplicada pelo relógio do servidor). 403 para administradores, 409 para quem já assina, 422 plano inativo, 502 falha no provedor.',
        body: createSubscriptionSchema,
        response: { 200: checkoutRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return createSubscriptionCheckout(deps, user, request.body.planCode)
    },
  )

  app.post(
    API.commerce.subscription.portal,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'customer-portal: abre o portal do cliente do provedor (cancelar, retomar, trocar plano, trocar cartão)',
        response: { 200: portalRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return openPortal(deps, user.id)
    },
  )

  app.post(
    API.commerce.subscription.payPending,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Pagamento pendente: abre a página do provedor para pagar o período em aberto (Pix ou boleto)',
        description: '409 quando a assinatura não tem pagamento pendente; 502 falha no provedor.',
        response: { 200: portalRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return openPendingPayment(deps, user.id, app.clock.now())
    },
  )

  app.get(
    API.commerce.subscription.details,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'A assinatura de quem está logado (plano, estado, fim do período, último pagamento) e a garantia',
        response: { 200: subscriptionDetailsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return subscriptionDetails(deps, user.id, app.clock.now())
    },
  )

  app.post(
    API.commerce.subscription.refundRequest,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Garantia: pede o reembolso dentro do prazo (um pedido pendente por assinatura)',
        description: '201 com a mensagem; 404 sem assinatura paga; 409 já existe pedido; 422 fora do prazo.',
        body: refundRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      return reply.code(201).send(await requestRefund(app.database.db, user, request.body))
    },
  )

  // A fair goodbye (goodbye-service.ts). Each answers the confirmation the subscriber reads.
  const goodbyeDescription =
    '404 sem assinatura ativa paga; 409 quando não se aplica (já agendado, oferta já usada, forma de pagamento sem autoatendimento); 422 dados inválidos; 429 alterações demais na última hora; 502 falha no provedor (nada muda).'
  /**
   * Each change asks the payment provider, so a subscriber's changes are counted — across
   * instances (app.sharedLimits, ADR 020), before anything is asked: past the hour's allowance,
   * 429 and nothing changes. Counted per subscriber, not per address: one account, many devices.
   */
  const countSubscriptionChange = async (userId: string) => {
    const { count } = await app.sharedLimits.hit(`subscription-changes|${userId}`, 60 * 60_000)
    if (count > SUBSCRIPTION_CHANGES_PER_HOUR) throw new HttpError(429, GOODBYE_MSG.tooManyChanges)
  }
  app.post(
    API.commerce.subscription.cancel,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Cancelar: a assinatura termina no fim do período pago; o motivo é opcional',
        description: goodbyeDescription,
        body: goodbyeAnswerSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      await countSubscriptionChange(user.id)
      return cancelSubscription(deps, user.id, request.body, app.clock.now())
    },
  )

  app.post(
    API.commerce.subscription.pause,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Pausar em vez de cancelar (oferta do admin, uma vez): sem acesso nem cobrança de 1 a 3 meses a partir do fim do período pago',
        description: goodbyeDescription,
        body: pauseSubscriptionSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      await countSubscriptionChange(user.id)
      return pauseSubscription(deps, user.id, request.body, app.clock.now())
    },
  )

  app.post(
    API.commerce.subscription.discount,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Ficar com desconto na próxima cobrança (oferta do admin, uma vez)',
        description: goodbyeDescription,
        body: goodbyeAnswerSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      await countSubscriptionChange(user.id)
      return discountSubscription(deps, user.id, request.body, app.clock.now())
    },
  )

  app.post(
    API.commerce.subscription.resume,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Voltar com um toque: desfaz o cancelamento agendado (ou a pausa ainda não começada) até o fim do período pago',
        description: '404 sem assinatura paga; 409 nada a desfazer ou período já encerrado; 429 alterações demais na última hora; 502 falha no provedor (nada muda).',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      await countSubscriptionChange(user.id)
      return resumeSubscription(deps, user.id, app.clock.now())
    },
  )

  app.get(
    GIFT_PATHS.list,
    {
      config: { access: 'user' },
      schema: {
        tags: ['presentes'],
        summary: 'Os presentes que a pessoa comprou, com o estado de cada um',
        description: 'Um presente ainda não pago é conferido no provedor (por um dia): quem volta do pagamento já o vê pago.',
        response: { 200: giftListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return listGifts(deps, user)
    },
  )

  app.post(
    GIFT_PATHS.list,
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.createPayment },
      schema: {
        tags: ['presentes'],
        summary: 'Presentear: abre o pagamento único de um plano para outra pessoa',
        description:
          'O preço vem do plano (promoção pelo relógio do servidor). A data de entrega vai de hoje (Brasília) até um ano. 403 administradores; 409 provedor sem pagamento único; 422 data ou destinatário inválidos; 502 falha no provedor.',
        body: createGiftSchema,
        response: { 200: checkoutRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return createGift(deps, user, request.body)
    },
  )

  app.post(
    GIFT_PATHS.refund(':id'),
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.createPayment },
      schema: {
        tags: ['presentes'],
        summary: 'Reembolso de um presente pago e ainda não resgatado, dentro da garantia',
        description: 'Só o comprador (404 para outra pessoa). 409 resgatado, já reembolsado ou fora da garantia; 422 boleto sem conta; 502 falha no provedor (nada muda).',
        params: adminIdParamsSchema,
        body: giftRefundSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      return refundGift(deps, user, request.params.id, request.body.bankAccount, request.ip ?? null)
    },
  )

  app.post(
    GIFT_PATHS.redeem(':token'),
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['presentes'],
        summary: 'Resgata o presente do link na conta de quem está logado: o plano começa agora',
        description: '400 link inválido; 403 administradores; 409 já resgatado, reembolsado, ou a conta já tem uma assinatura ativa.',
        params: z.object({ token: giftTokenSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireSignedInUser(request)
      reply.headers(noStore)
      const answer = await app.database.db.transaction((tx) => redeemGift(tx, deps, request.params.token, user, app.clock.now(), request.ip ?? null))
      deps.mailer.kick()
      return answer
    },
  )
}
