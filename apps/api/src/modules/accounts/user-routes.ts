import {
  API,
  apiErrorSchema,
  AUTH_MSG,
  authMessageSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  meSchema,
  updateProfileSchema,
} from '@sintonia/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { expiredSignInCookies, forwardSetCookies, toAuthHeaders } from '../../lib/auth/headers.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import {
  changePassword,
  deleteAccount,
  EXPORT_FILENAME,
  exportUserData,
  requestEmailChange,
  resendVerification,
  signOut,
  updateDisplayName,
} from './service.js'
import { requireSignedIn } from '../../plugins/signed-in.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema }

/**
 * Account routes of the signed-in person: sign-out, Minha conta (name, password,
 * e-mail, confirmation), LGPD export and deletion (docs/product/accounts.md).
 */
export const accountRoutesUser: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, auth: app.auth, mailer: app.mailer, publicUrl: app.config.publicUrl })

  app.post(
    API.accounts.signOut,
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

  app.post(
    API.accounts.resendVerification,
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['contas'],
        summary: 'Envia de novo o e-mail de confirmação do cadastro',
        description: '409 se o e-mail já está confirmado; 429 acima de 5 por minuto por IP.',
        response: { 200: authMessageSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSignedIn(request)
      await resendVerification(deps(), user.id)
      app.mailer.kick()
      return { message: AUTH_MSG.verificationSent }
    },
  )

  app.patch(
    API.accounts.profile,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'Minha conta: altera o nome de exibição (até 80 caracteres)',
        body: updateProfileSchema,
        response: { 200: meSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSignedIn(request)
      return updateDisplayName(app.database.db, user.id, request.body.name)
    },
  )

  app.post(
    API.accounts.changePassword,
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags: ['contas'],
        summary: 'Minha conta: troca a senha (com a senha atual) e encerra as outras sessões',
        description: '403 com a senha atual incorreta; 429 acima de 10 por minuto por IP.',
        body: changePasswordSchema,
        response: { 200: authMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireSignedIn(request)
      forwardSetCookies(reply, await changePassword(deps(), request.body, toAuthHeaders(request)))
      return { message: AUTH_MSG.passwordChanged }
    },
  )

  app.post(
    API.accounts.changeEmail,
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.forgotPassword },
      schema: {
        tags: ['contas'],
        summary: 'Minha conta: pede a troca de e-mail; vale só depois de confirmada pelo novo endereço',
        description: 'Responde a mesma mensagem mesmo se o novo e-mail já tem conta. 429 acima de 5 por minuto por IP.',
        body: changeEmailSchema,
        response: { 200: authMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireSignedIn(request)
      await requestEmailChange(deps(), user.email, request.body.newEmail, toAuthHeaders(request))
      app.mailer.kick()
      return { message: AUTH_MSG.emailChangeSent }
    },
  )

  app.get(
    API.accounts.exportData,
    {
      config: { access: 'user' },
      schema: {
        tags: ['contas'],
        summary: 'LGPD: baixa todos os seus dados (conta, sessões, assinaturas, inscrição, eventos) em JSON',
        description: `Anexo ${EXPORT_FILENAME} (JSON); nunca contém hash de senha nem tokens. 401 sem sessão.`,
      },
    },
    async (request, reply) => {
      const { user } = await requireSignedIn(request)
      const data = await exportUserData(app.database.db, user.id)
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(data, null, 2))
    },
  )

  app.delete(
    API.accounts.deleteAccount,
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
      const { user } = await requireSignedIn(request)
      await deleteAccount(deps(), { userId: user.id, password: request.body.password, ip: request.ip ?? null })
      const ctx = await app.auth.$context
      reply.header('set-cookie', expiredSignInCookies(ctx.authCookies))
      return { message: AUTH_MSG.accountDeleted }
    },
  )
}
