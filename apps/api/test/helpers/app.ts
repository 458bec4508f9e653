import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type App, type BuildAppOptions } from '../../src/app.js'
import { loadConfig, type AppConfig } from '../../src/config.js'
import { seedDemoCatalogue } from '../../src/seed/index.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import type { MediaStorage } from '../../src/lib/storage/media-storage.js'
import { createTestDatabase, type TestDatabase } from './database.js'
import { memoisedPasswordHasher } from './password-hasher.js'
import { capturingLogger, rememberSecret } from '../support/log-capture.js'

export interface TestContext {
  app: App
  database: TestDatabase
  storage: MediaStorage
  config: AppConfig
  dataDir: string
  close(): Promise<void>
}

export interface BuildTestAppOptions {
  /** Load the demo catalogue (fields, audios with files, music, plans, landing content). */
  seed?: boolean
  env?: Record<string, string>
  /** Folder of a built SPA to serve; by default none, so 404s stay JSON. */
  webRoot?: string
  /** Runs after buildApp and before app.ready(): register test-only routes or hooks here. */
  beforeReady?: (app: App) => void | Promise<void>
  /** Mailer overrides: a fake transport, or `autoDispatch: false` to send only on explicit dispatchPending(). */
  mailer?: BuildAppOptions['mailer']
  /** Fastify logger options (tests that inspect log lines pass a stream); silent by default. */
  logger?: BuildAppOptions['logger']
  /** "Now" for the daily practice (an AdjustableClock moves time). */
  clock?: BuildAppOptions['clock']
  /** Media storage to use (an S3Storage on test/support/s3-server.ts); by default local disk under DATA_DIR/media. */
  storage?: MediaStorage
}

/** The real application on a fresh database clone and its own DATA_DIR: what every API test uses. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-test-'))
  let database: TestDatabase | undefined
  let app: App | undefined
  try {
    // Rendering the demo's variants ahead is off unless a test asks for it, also in the tests that
    // start the app as in production (it would render hours of audio beside every such test).
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_PRERENDER: 'off', ...options.env })
    rememberSecret('AUTH_SECRET', config.secrets.auth)
    rememberSecret('SANDBOX_WEBHOOK_SECRET', config.secrets.sandboxWebhook)
    rememberSecret('MEDIA_URL_SECRET', config.mediaUrls.secret)
    rememberSecret('STRIPE_SECRET_KEY', config.payments.stripeSecretKey)
    rememberSecret('STRIPE_WEBHOOK_SECRET', config.payments.stripeWebhookSecret)
    rememberSecret('ASAAS_API_KEY', config.payments.asaasApiKey)
    rememberSecret('ASAAS_WEBHOOK_TOKEN', config.payments.asaasWebhookToken)
    database = await createTestDatabase()
    const storage = options.storage ?? new LocalDiskStorage(join(dataDir, 'media'))
    if (options.seed) await seedDemoCatalogue(database.db, storage)
    app = await buildApp({
      config,
      database,
      storage,
      webRoot: options.webRoot ?? join(dataDir, 'no-web-build'),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      logger: options.logger ?? capturingLogger(config),
      passwordHasher: memoisedPasswordHasher,
    })
    await options.beforeReady?.(app)
    await app.ready()
    const db = database
    const built = app
    return {
      app: built,
      database: db,
      storage,
      config,
      dataDir,
      async close() {
        await built.close()
        await db.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    // A build that fails (the point of some tests) must not leak its database or folder.
    await app?.close().catch(() => undefined)
    await database?.close().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
