import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  AUTH_MSG,
  apiErrorSchema,
  authMessageSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  meSchema,
  onboardingPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@sintonia/contract'
import { expiredSessionCookies, forwardSetCookies, toAuthHeaders } from '../../lib/auth/headers.js'
import { RATE_LIMITS } from '../../plugins/rate-limit.js'
import { requireSession } from './session.js'
import {
  deleteAccount,
  EXPORT_FILENAME,
  exportUserData,
  onboardingPassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from './service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema }

/** Accounts: sign-up, sign-in (two portals), sign-out, me, password reset, onboarding, LGPD export and deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, auth: app.auth })

  app.post(
    API.auth.signUp,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.signUp },
      schema: {
        tags: ['contas'],
        summary: 'Cria a conta de ouvinte (papel sempre "user") e abre a sessão (cookie)',
        description:
          'name é opcional (padrão: parte do e-mail antes do @). Com sessionId, a assinatura paga antes (pay-first) desse e-mail é vinculada na mesma transação. 409 se o e-mail já tem conta; 429 acima de 10 por minuto por IP.',
        body: signUpSchema,
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await signUp(deps(), request.body, toAuthHeaders(request))
      forwardSetCookies(reply, cookies)
      return reply.code(201).send(me)
    },
  )

  app.post(
    API.auth.signIn,
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
    API.auth.signOut,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'Encerra a sessão atual e apaga o cookie',
        response: { 200: authMessageSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      forwardSetCookies(reply, await signOut(deps(), toAuthHeaders(request)))
      return { message: AUTH_MSG.logoutSuccess }
    },
  )

  app.get(
    API.auth.me,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'Quem está logado: id, e-mail, nome de exibição e papel',
        response: { 200: meSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request)
      reply.header('Cache-Control', 'no-store')
      return { user: { id: user.id, email: user.email, displayName: user.displayName, role: user.role } }
    },
  )

  app.post(
    API.auth.forgotPassword,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['contas'],
        summary: 'Envia por e-mail um link para redefinir a senha (válido por 1 hora)',
        description: 'Responde sempre 200 com a mesma mensagem, exista ou não uma conta com o e-mail. 429 acima de 5 por minuto por IP.',
        body: forgotPasswordSchema,
        response: { 200: authMessageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email, toAuthHeaders(request), request.log)
      return { message: AUTH_MSG.resetEmailSent }
    },
  )

  app.post(
    API.auth.resetPassword,
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
    API.auth.onboardingPassword,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.onboardingPassword },
      schema: {
        tags: ['contas'],
        summary: 'Pay-first: cria a senha de quem pagou sem conta, vincula a assinatura e abre a sessão',
        description:
          'Permitido só quando há um pagamento pendente para o e-mail (e, com sessionId, dessa sessão de checkout) e nenhuma conta com ele; senão 403.',
        body: onboardingPasswordSchema,
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies } = await onboardingPassword(deps(), request.body, toAuthHeaders(request))
      forwardSetCookies(reply, cookies)
      return reply.code(201).send(me)
    },
  )

  app.get(
    API.auth.exportData,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'LGPD: baixa todos os seus dados (conta, sessões, assinaturas, inscrição, eventos) em JSON',
        description: `Anexo ${EXPORT_FILENAME} (JSON); nunca contém hash de senha nem tokens. 401 sem sessão.`,
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request)
      const data = await exportUserData(app.database.db, user.id)
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(data, null, 2))
    },
  )

  app.delete(
    API.auth.deleteAccount,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'LGPD: exclui a conta (confirmada com a senha) e encerra todas as sessões',
        description:
          'Apaga conta, credenciais e sessões; anonimiza eventos; apaga a inscrição (lead) do e-mail; assinaturas ficam para a contabilidade, desvinculadas. 403 com senha incorreta.',
        body: deleteAccountSchema,
        response: { 200: authMessageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request)
      await deleteAccount(deps(), { userId: user.id, password: request.body.password, ip: request.ip ?? null })
      const ctx = await app.auth.$context
      reply.header('set-cookie', expiredSessionCookies(ctx.authCookies))
      return { message: AUTH_MSG.accountDeleted }
    },
  )
}
