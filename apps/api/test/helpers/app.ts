import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig, type AppConfig } from '../../src/config.js'
import { seedDemoCatalogue } from '../../src/db/seed/index.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { createTestDatabase, type TestDatabase } from './database.js'

export interface TestContext {
  app: App
  database: TestDatabase
  storage: LocalDiskStorage
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
}

/** The real application on a fresh database clone and its own DATA_DIR: what every API test uses. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-test-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env })
  const database = await createTestDatabase()
  const storage = new LocalDiskStorage(join(dataDir, 'media'))
  if (options.seed) await seedDemoCatalogue(database.db, storage)
  const app = await buildApp({ config, database, storage, webRoot: options.webRoot ?? join(dataDir, 'no-web-build') })
  await app.ready()
  return {
    app,
    database,
    storage,
    config,
    dataDir,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
