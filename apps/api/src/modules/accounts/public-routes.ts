import {
  accessLinkPreviewInputSchema,
  accessLinkPreviewSchema,
  API,
  apiErrorSchema,
  AUTH_MSG,
  authMessageSchema,
  currentSignInSchema,
  forgotPasswordSchema,
  meSchema,
  onboardingPasswordSchema,
  giftAccountSchema,
  giftTokenSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
  GIFT_PATHS,
} from '@sintonia/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { forwardSetCookies, toAuthHeaders } from '../../lib/auth/headers.js'
import { HttpError } from '../../lib/http/errors.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { confirmEmail, previewAccessLink } from './mailbox.js'
import {
  createAccountForGift,
  onboardingPassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from './service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema }

/**
 * Account routes anyone may call: who is signed in, sign-up, sign-in (two portals), forgot and
 * reset password, the purchase's access link, the e-mail confirmation link (docs/product/accounts.md).
 */
export const accountRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, auth: app.auth, mailer: app.mailer, publicUrl: app.config.publicUrl })

  app.get(
    API.accounts.me,
    {
      // Every page asks this: a visitor gets `{ user: null }`, not a 401 (which the browser would
      // log as an error on every anonymous page).
      config: { access: 'public' },
      schema: {
        tags: ['contas'],
        summary: 'Quem está logado: id, e-mail, nome de exibição e papel; user null para um visitante',
        description: 'Sem sessão (ou com uma sessão expirada ou inválida), responde 200 com { user: null }; 403 para uma conta suspensa.',
        response: { 200: currentSignInSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const signedIn = await request.signedIn()
      reply.header('Cache-Control', 'no-store')
      if (!signedIn) return { user: null }
      // A suspended account's old sign-in says so, as every signed-in route does.
      if (signedIn.user.banned) throw new HttpError(403, AUTH_MSG.banned)
      const { user } = signedIn
      return { user: { id: user.id, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName, role: user.role } }
    },
  )

  app.post(
    API.accounts.signUp,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.signUp },
      schema: {
        tags: ['contas'],
        summary: 'Cria a conta de ouvinte (papel sempre "user") e abre a sessão (cookie)',
        description:
          'name é opcional (padrão: parte do e-mail antes do @). A conta nasce com o e-mail não confirmado e recebe o e-mail de confirmação; nada registrado antes para esse e-mail (pagamento, inscrição) é vinculado até a confirmação. 409 se o e-mail já tem conta; 429 acima de 10 por minuto por IP.',
        body: signUpSchema,
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await signUp(deps(), request.body, toAuthHeaders(request), app.clock.now())
      app.mailer.kick()
      forwardSetCookies(reply, cookies)
      return reply.code(201).send(me)
    },
  )

  app.post(
    API.accounts.signIn,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags: ['contas'],
        summary: 'Entra com e-mail e senha no portal de ouvintes (portal "user") ou no administrativo ("admin")',
        description:
          'Administradores são recusados no portal de ouvintes e ouvintes no administrativo (403, sem sessão). 401 para e-mail ou senha incorretos; 403 para conta suspensa; 429 acima de 10 por minuto por IP.',
        body: signInSchema,
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await signIn(deps(), request.body, toAuthHeaders(request))
      forwardSetCookies(reply, cookies)
      return me
    },
  )

  app.post(
    API.accounts.forgotPassword,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['contas'],
        summary: 'Envia por e-mail um link para redefinir a senha (válido por 1 hora)',
        description:
          'Responde sempre 200 com a mesma mensagem, exista ou não uma conta com o e-mail. Se há um pagamento esperando por esse e-mail e nenhuma conta confirmou o endereço, envia o link de acesso da compra em vez do de redefinição. 429 acima de 5 por minuto por IP.',
        body: forgotPasswordSchema,
        response: { 200: authMessageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email, toAuthHeaders(request), request.log)
      app.mailer.kick()
      return { message: AUTH_MSG.resetEmailSent }
    },
  )

  app.post(
    API.accounts.resetPassword,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.resetPassword },
      schema: {
        tags: ['contas'],
        summary: 'Define a nova senha com o token do e-mail; encerra todas as sessões da conta',
        description: '400 para token inválido, já usado ou expirado.',
        body: resetPasswordSchema,
        response: { 200: authMessageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(deps(), request.body)
      return { message: AUTH_MSG.resetDone }
    },
  )

  app.post(
    API.accounts.accessLinkPreview,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['contas'],
        summary: 'Link de acesso da compra: e-mail, nome e planos que esperam, antes de criar a senha',
        description: '400 para link inválido, já usado ou expirado (7 dias).',
        body: accessLinkPreviewInputSchema,
        response: { 200: accessLinkPreviewSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return previewAccessLink(app.database.db, request.body.token)
    },
  )

  app.post(
    API.accounts.onboardingPassword,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['contas'],
        summary: 'Link de acesso: cria (ou substitui) a senha, ativa as compras que esperam pelo e-mail e abre a sessão',
        description:
          'O token do e-mail da compra prova o endereço. Sem conta: cria a conta com o nome digitado no pagamento. Com conta: troca a senha e encerra todas as sessões dela (quem cadastrou o e-mail antes perde o acesso). 400 para link inválido, usado ou expirado.',
        body: onboardingPasswordSchema,
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await onboardingPassword(deps(), request.body, toAuthHeaders(request), request.ip ?? null, app.clock.now())
      forwardSetCookies(reply, cookies)
      return reply.code(201).send(me)
    },
  )

  app.post(
    GIFT_PATHS.account(':token'),
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['presentes'],
        summary: 'Link do presente, sem conta: cria a conta com o e-mail do presente, resgata o plano e abre a sessão',
        description: 'O link foi enviado ao e-mail de quem recebe: ele prova o endereço. 400 link inválido; 409 já existe conta com o e-mail, presente já resgatado ou reembolsado.',
        params: z.object({ token: giftTokenSchema }),
        body: giftAccountSchema,
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await createAccountForGift(deps(), { token: request.params.token, ...request.body }, toAuthHeaders(request), request.ip ?? null, app.clock.now())
      forwardSetCookies(reply, cookies)
      return reply.code(201).send(me)
    },
  )

  app.post(
    API.accounts.verifyEmail,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['contas'],
        summary: 'Link do e-mail de confirmação (cadastro ou troca de e-mail): confirma o endereço',
        description:
          'Não abre sessão (o link pode ser aberto em outro aparelho). Se um pagamento espera por esse e-mail, a resposta traz um link de acesso novo (accessToken) para ativá-lo com a senha. 400 para link inválido ou expirado.',
        body: verifyEmailSchema,
        response: { 200: verifyEmailResultSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return confirmEmail(deps(), request.body.token, request.ip ?? null)
    },
  )
}
