import Fastify, { LogController, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { installPtBrZodMessages } from '@sintonia/contract'
import type { AppConfig } from './config.js'
import type { DatabaseHandle } from './db/client.js'
import { WEB_DIST_DIR } from './paths.js'
import { installRequestLog } from './lib/http/request-log.js'
import { installJsonBodyParser } from './lib/http/json-body.js'
import { installTextInputCheck } from './lib/http/text-input.js'
import type { MediaStorage } from './lib/storage/media-storage.js'
import { systemClock, type Clock } from './lib/clock.js'
import { accessPlugin } from './plugins/access.js'
import { authPlugin } from './plugins/auth.js'
import type { PasswordHasher } from './lib/auth/create-auth.js'
import { originCheckPlugin } from './plugins/origin-check.js'
import { auditPlugin } from './plugins/audit.js'
import { errorsPlugin } from './plugins/errors.js'
import { securityHeadersPlugin } from './plugins/security-headers.js'
import { mailerPlugin, type MailerOptions } from './plugins/mailer.js'
import { openApiPlugin } from './plugins/openapi.js'
import { rateLimitPlugin, type RateLimitPluginOptions } from './plugins/rate-limit.js'
import { spaPlugin } from './plugins/spa.js'
import { domainEventsPlugin } from './plugins/domain-events.js'
import { realtimeBusPlugin } from './plugins/realtime-bus.js'
import { catalogueCachePlugin } from './modules/catalogue/cache-plugin.js'
import { landingPageCachePlugin } from './plugins/landing-page-cache.js'
import { uploadsPlugin } from './plugins/uploads.js'
import { mediaToolsPlugin } from './plugins/media-tools.js'
import { coverRoutesPublic } from './modules/covers/routes.js'
import { signedFileRoutes } from './modules/signed-files/routes.js'
import { paymentsPlugin } from './modules/commerce/payments-plugin.js'
import { realtimePlugin } from './modules/realtime/routes.js'
import { healthRoutes } from './modules/health/routes.js'
import { accountAuthHooks } from './modules/accounts/auth-hooks.js'
import { sendAccessLink } from './modules/accounts/mailbox.js'
import { hasListeningAccess } from './modules/commerce/subscriptions-service.js'
import { accountRoutesPublic } from './modules/accounts/public-routes.js'
import { accountRoutesUser } from './modules/accounts/user-routes.js'
import { internalAccountRoutes } from './modules/accounts/internal-routes.js'
import { accountRoutesAdmin } from './modules/accounts/admin-routes.js'
import { catalogueRoutesPublic } from './modules/catalogue/public-routes.js'
import { catalogueRoutesListener } from './modules/catalogue/listener-routes.js'
import { catalogueRoutesAdmin } from './modules/catalogue/admin-routes.js'
import { listeningRoutesListener } from './modules/listening/listener-routes.js'
import { practiceModule } from './modules/practice/plugin.js'
import { sessionsModule } from './modules/sessions/plugin.js'
import { commerceRoutesPublic } from './modules/commerce/public-routes.js'
import { commerceRoutesUser } from './modules/commerce/user-routes.js'
import { commerceRoutesAdmin } from './modules/commerce/admin-routes.js'
import { sandboxRoutes } from './modules/payment-sandbox/routes.js'
import { asaasPaymentPageRoutes } from './modules/commerce/asaas-boleto-routes.js'
import { devMailboxRoutes } from './lib/mail/dev-mailbox-routes.js'
import { AsaasGateway } from './modules/commerce/gateway/asaas.js'
import { getProductName } from './modules/content/settings-service.js'
import { contentRoutesPublic } from './modules/content/public-routes.js'
import { contentRoutesAdmin } from './modules/content/admin-routes.js'
import { landingPageInjection } from './first-paint.js'
import type { RenderLanding } from './lib/http/landing-renderer.js'
import { communicationRoutesPublic } from './modules/communication/public-routes.js'
import { communicationRoutesAdmin } from './modules/communication/admin-routes.js'
import { insightsRoutesPublic } from './modules/insights/public-routes.js'
import { insightsRoutesAdmin } from './modules/insights/admin-routes.js'

export interface BuildAppOptions {
  config: AppConfig
  database: DatabaseHandle
  storage: MediaStorage
  logger?: FastifyServerOptions['logger']
  /** Folder of the built SPA; tests point it elsewhere or leave it absent. */
  webRoot?: string
  /**
   * The landing's server render: by default the web build's dist-ssr/render-landing.js next to
   * `webRoot` (plugins/spa.ts); tests may give another file, a function, or null for none.
   */
  landingRenderer?: string | RenderLanding | null
  /** Mailer overrides (tests: a fake transport, no background dispatch). */
  mailer?: MailerOptions
  /** "Now" for the daily practice; tests pass an AdjustableClock (lib/clock.ts). */
  clock?: Clock
  /** The request limits' own clock and key prefix (tests; plugins/rate-limit.ts). */
  rateLimits?: RateLimitPluginOptions
  /** Password hashing (lib/auth/create-auth.ts): Better Auth's own unless given (tests memoise it). */
  passwordHasher?: PasswordHasher
}

/** Builds the whole application: used by server.ts and, unchanged, by the tests. */
export async function buildApp(options: BuildAppOptions) {
  installPtBrZodMessages()
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request instead of Fastify's two, without the query string (lib/http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request ids in logs let support trace one listener's problem end to end.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  // JSON only: a text/plain body (a CORS "simple" request, no preflight) is refused with 415.
  app.removeContentTypeParser('text/plain')
  // JSON bodies nested deeper than 32 levels are refused before parsing (lib/http/json-body.ts).
  installJsonBodyParser(app)
  // A NUL character in any text the API validates is refused with 400 before it can reach the database.
  installTextInputCheck(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate('database', options.database)
  app.decorate('storage', options.storage)
  app.decorate('clock', options.clock ?? systemClock)
  installRequestLog(app)

  await app.register(errorsPlugin)
  await app.register(securityHeadersPlugin)
  // Refusals are audited with repeats folded; old audit rows are deleted (plugins/audit.ts).
  await app.register(auditPlugin)
  // Origin check before the access guard: both are onRequest hooks and run in this order.
  await app.register(originCheckPlugin)
  await app.register(accessPlugin, { hasListeningAccess: (signedIn) => hasListeningAccess(options.database.db, signedIn) })
  await app.register(openApiPlugin)
  await app.register(mailerPlugin, options.mailer ?? {})
  // Limits counted across instances: Redis with REDIS_URL, the database otherwise (ADR 020).
  await app.register(rateLimitPlugin, options.rateLimits ?? {})
  await app.register(authPlugin, { ...accountAuthHooks({ db: options.database.db, mailer: app.mailer, publicUrl: config.publicUrl }), passwordHasher: options.passwordHasher })
  await app.register(domainEventsPlugin)
  // Realtime: LISTEN on the domain-event channel, WebSocket /api/realtime with admin presence.
  await app.register(realtimeBusPlugin)
  await app.register(catalogueCachePlugin)
  await app.register(landingPageCachePlugin)
  await app.register(realtimePlugin)
  // multipart/form-data for admin uploads (streamed to DATA_DIR/uploads-tmp, then to storage).
  await app.register(uploadsPlugin)
  // ffmpeg, found once: sessions are mixed and covers converted with it.
  await app.register(mediaToolsPlugin)
  // Payments: the gateway chosen by PAYMENT_GATEWAY (sandbox or Stripe) as app.payments.
  // A paid pay-first purchase waits for its buyer: accounts e-mails the access link.
  const mailbox = { mailer: app.mailer, publicUrl: config.publicUrl }
  await app.register(paymentsPlugin, { purchaseWaiting: (tx, email, reason) => sendAccessLink(tx, mailbox, email, reason) })

  // Routes by domain, one file per audience (docs/architecture.md, "Map of the domains").
  await app.register(healthRoutes)
  await app.register(accountRoutesPublic)
  await app.register(accountRoutesUser)
  await app.register(internalAccountRoutes)
  await app.register(accountRoutesAdmin)
  await app.register(catalogueRoutesPublic)
  await app.register(coverRoutesPublic)
  await app.register(signedFileRoutes)
  await app.register(catalogueRoutesListener)
  await app.register(catalogueRoutesAdmin)
  await app.register(listeningRoutesListener)
  await app.register(sessionsModule)
  await app.register(practiceModule)
  await app.register(commerceRoutesPublic)
  await app.register(commerceRoutesUser)
  await app.register(commerceRoutesAdmin)
  // The built-in sandbox provider's hosted checkout and portal pages (not under /api).
  if (app.payments.sandbox) await app.register(sandboxRoutes(app.payments.sandbox, () => getProductName(app.database.db)))
  // With Asaas, our page that offers boleto beside Asaas's Checkout (ADR 029, not under /api).
  if (app.payments.gateway instanceof AsaasGateway) {
    await app.register(asaasPaymentPageRoutes(app.payments.gateway))
  }
  // Development without SMTP: the outbox as a local mailbox page, so a purchase can be finished (lib/mail/dev-mailbox-routes.ts).
  if (app.config.env === 'development' && !app.config.mail.smtpUrl) await app.register(devMailboxRoutes)
  await app.register(contentRoutesPublic)
  await app.register(contentRoutesAdmin)
  await app.register(communicationRoutesPublic)
  await app.register(communicationRoutesAdmin)
  await app.register(insightsRoutesPublic)
  await app.register(insightsRoutesAdmin)

  await app.register(spaPlugin, {
    root: options.webRoot ?? WEB_DIST_DIR,
    landingInjection: () => landingPageInjection(app.database.db, config.publicUrl),
    landingRenderer: options.landingRenderer,
    landingPageCache: app.landingPageCache,
    productName: () => getProductName(app.database.db),
  })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
