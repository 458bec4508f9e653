import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from './app.js'
import { AdjustableClock, systemClock } from './lib/clock.js'
import { ConfigError, loadConfig, type AppConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { seedIfEmpty } from './seed/index.js'
import { removeServerInfo, writeServerInfo } from './lib/server-info.js'
import { checkMediaStorage, createMediaStorage } from './lib/storage/create-media-storage.js'
import { loggerOptions } from './logger.js'
import { reminderSchedulerPlugin } from './modules/practice/reminder-scheduler-plugin.js'
import { renewalNoticePlugin } from './modules/commerce/renewal-notice-plugin.js'
import { giftDeliveryPlugin } from './modules/commerce/gift-delivery-plugin.js'
import { DEV_MAILBOX_PATH } from './lib/mail/dev-mailbox-routes.js'
import { asaasCardRenewalPlugin } from './modules/commerce/asaas-card-renewal-plugin.js'
import { pushToListener } from './modules/practice/listener-push.js'
import { pushSenderFromConfig } from './modules/practice/push-sender.js'

function readConfigOrExit(): AppConfig {
  // A .env file in the working directory is optional; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function main() {
  const config = readConfigOrExit()
  const storage = createMediaStorage(config.storage)
  try {
    // A wrong bucket or key stops the start here, not at the first upload or listener.
    await checkMediaStorage(storage)
  } catch (error) {
    console.error(`Armazenamento de mídia indisponível (STORAGE_DRIVER=${config.storage.driver}): ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: join(config.dataDir, 'pglite'),
    onPoolError: (error) => console.error('[db] conexão ociosa encerrada pelo servidor:', error.message),
  })
  // Instances started together migrate one after the other (and seed below the same way).
  await database.exclusively(() => database.migrate())
  const app = await buildApp({ config, database, storage, logger: loggerOptions(config), clock: config.isProduction ? systemClock : new AdjustableClock() })
  // Practice reminders, every REMINDER_INTERVAL_SECONDS (docs/decisions/018-reminder-scheduler.md); not in API tests.
  await app.register(reminderSchedulerPlugin)
  // Renewal notices, every RENEWAL_NOTICE_INTERVAL_SECONDS (modules/commerce/renewal-notices.ts); not in API tests.
  // …and as a notification where the listener allowed them (the reminders' push channel).
  const listenerPush = { db: database.db, push: pushSenderFromConfig(config), log: app.log.child({ module: 'push-avulso' }) }
  await app.register(renewalNoticePlugin, { pushToListener: (userId, payload) => pushToListener(listenerPush, userId, payload) })
  // Card instalments with Asaas: our own renewal pass (docs/decisions/031-asaas-card-instalment-renewals.md); not in API tests.
  await app.register(asaasCardRenewalPlugin)
  await app.register(giftDeliveryPlugin)
  app.addHook('onClose', async () => database.close())
  // DATA_DIR/server.json tells `npm run admin:create` that this process owns the embedded database.
  app.addHook('onClose', async () => removeServerInfo(config.dataDir))

  if (await database.exclusively(() => seedIfEmpty(database.db, storage))) app.log.info('catálogo de demonstração criado')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'encerrando')
    const force = setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await app.close()
      clearTimeout(force)
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'erro ao encerrar')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  const address = app.server.address()
  writeServerInfo(config.dataDir, { pid: process.pid, port: typeof address === 'object' && address ? address.port : config.port })
  const engine = database.engine === 'pglite' ? `PGlite em ${join(config.dataDir, 'pglite')}` : 'PostgreSQL'
  console.log(
    [
      '',
      `  Sintonia está no ar: ${config.publicUrl}`,
      `  Banco de dados: ${engine}`,
      `  Documentação da API: ${config.publicUrl}/api/docs`,
      // Without SMTP, e-mails (a purchase's access link, a password reset) are read here (lib/mail/dev-mailbox-routes.ts).
      ...(config.env === 'development' && !config.mail.smtpUrl ? [`  E-mails (sem SMTP): ${config.publicUrl}${DEV_MAILBOX_PATH}`] : []),
      '',
      '  Para criar um administrador (em outro terminal):',
      '    npm run admin:create -- --email voce@exemplo.com --password "uma-senha-forte"',
      '',
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error('Falha ao iniciar o Sintonia:', error instanceof Error ? error.message : error)
  process.exit(1)
})
