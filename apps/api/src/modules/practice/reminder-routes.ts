/**
 * Reminder routes (docs/product/practice.md#reminders): the VAPID key and the browsers that
 * receive push reminders, the opening of a reminder (listener), and the e-mail's one-click
 * unsubscribe (public: the link's token is the only credential). The scheduler that sends them is
 * started by server.ts (reminder-scheduler-plugin.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  apiErrorSchema,
  MSG,
  PRACTICE_MSG,
  practicePreferencesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderOpenedSchema,
  reminderUnsubscribedSchema,
  reminderUnsubscribeQuerySchema,
} from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { currentUserId } from '../../lib/auth/current-user.js'
import { pushSenderFromConfig } from './push-sender.js'
import { markReminderOpened, pushPublicKey, subscribePush, unsubscribeEmailReminders, unsubscribePush } from './reminders-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema }
const config = { access: 'subscriber' } as const
const tags = ['lembretes']

/** Where the unsubscribe link lands: the calm confirmation, or the invalid-link message. */
const UNSUBSCRIBED_PAGE = '/lembretes/cancelados'
const deliveryParams = z.object({ deliveryId: z.uuid({ error: MSG.validation.invalidUuid }) })

const listenerReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = pushSenderFromConfig(app.config)
  const db = () => app.database.db

  app.get(
    API.practice.pushKey,
    {
      config,
      schema: {
        tags,
        summary: 'Chave pública VAPID para o navegador assinar os lembretes por notificação',
        description: '503 quando o servidor não tem chaves VAPID (em produção sem VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY).',
        response: { 200: pushKeySchema, ...errors },
      },
    },
    async () => pushPublicKey(push),
  )

  app.post(
    API.practice.pushSubscriptions,
    {
      config,
      schema: {
        tags,
        summary: 'Guarda este navegador para receber lembretes por notificação (a mesma inscrição outra vez só atualiza as chaves)',
        description: 'Responde as preferências da prática, como GET /api/practice/preferences.',
        body: pushSubscriptionSchema,
        response: { 200: practicePreferencesSchema, ...errors },
      },
    },
    async (request) => subscribePush({ db: db(), push }, await currentUserId(request), request.body),
  )

  app.delete(
    API.practice.pushSubscriptions,
    {
      config,
      schema: {
        tags,
        summary: 'Este navegador deixa de receber lembretes por notificação',
        description: 'Responde as preferências da prática, como GET /api/practice/preferences.',
        body: pushUnsubscribeSchema,
        response: { 200: practicePreferencesSchema, ...errors },
      },
    },
    async (request) => unsubscribePush(db(), await currentUserId(request), request.body.endpoint),
  )

  app.post(
    API.practice.reminderOpened(':deliveryId'),
    {
      config,
      schema: {
        tags,
        summary: 'Marca que o ouvinte abriu o lembrete (uma vez); 404 para o lembrete de outra pessoa',
        params: deliveryParams,
        response: { 200: reminderOpenedSchema, ...errors },
      },
    },
    async (request) => markReminderOpened(db(), await currentUserId(request), request.params.deliveryId, app.clock.now()),
  )
}

/**
 * The e-mail reminder's unsubscribe link, no login (RFC 8058): a person's click is a GET that lands
 * on /lembretes/cancelados; a mail app's "Cancelar inscrição" is a POST with
 * `List-Unsubscribe=One-Click` (form-encoded), answered 200.
 */
const publicReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  // The one-click POST's body is a form (RFC 8058 §3.1); its content does not matter, the token is in the address.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, null))

  app.get(
    API.practice.unsubscribe,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.reminderUnsubscribe },
      schema: {
        tags,
        summary: 'Link do e-mail: cancela os lembretes por e-mail, sem login, e leva a /lembretes/cancelados',
        description: `Redireciona (303) para ${UNSUBSCRIBED_PAGE}; com um link inválido, para ${UNSUBSCRIBED_PAGE}?erro=1.`,
        querystring: reminderUnsubscribeQuerySchema,
        response: { 303: z.null(), 429: apiErrorSchema },
      },
      // A malformed link is an invalid link too: the person sees the page, not a JSON error.
      attachValidation: true,
    },
    async (request, reply) => {
      const ok = !request.validationError && (await unsubscribeEmailReminders(app.database.db, request.query.token))
      return reply.redirect(ok ? UNSUBSCRIBED_PAGE : `${UNSUBSCRIBED_PAGE}?erro=1`, 303)
    },
  )

  app.post(
    API.practice.unsubscribe,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.reminderUnsubscribe },
      schema: {
        tags,
        summary: 'Cancelamento em um clique (RFC 8058, List-Unsubscribe-Post) dos lembretes por e-mail',
        description: '200 com a confirmação; 404 para um link inválido.',
        querystring: reminderUnsubscribeQuerySchema,
        response: { 200: reminderUnsubscribedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await unsubscribeEmailReminders(app.database.db, request.query.token))) throw new HttpError(404, PRACTICE_MSG.unsubscribeInvalid)
      return { message: PRACTICE_MSG.unsubscribed }
    },
  )
}

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listenerReminderRoutes)
  await app.register(publicReminderRoutes)
}
