/**
 * Prepares an embedded database for a journey that needs content the seed does not have:
 * migrates, seeds the demo catalogue, then stores the given landing_page content (any JSON,
 * valid or not). Run before the server starts: PGlite allows one process at a time.
 *
 *   node --import tsx e2e/support/prepare-database.ts <DATA_DIR> <content.json>
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../apps/api/src/db/client.js'
import { seedIfEmpty } from '../../apps/api/src/db/seed/index.js'
import { LocalDiskStorage } from '../../apps/api/src/lib/storage/local-disk-storage.js'
import { upsertSection } from '../../apps/api/src/modules/landing/repository.js'

const [dataDir, contentFile] = process.argv.slice(2)
if (!dataDir || !contentFile) {
  console.error('uso: prepare-database.ts <DATA_DIR> <content.json>')
  process.exit(1)
}
const database = await openDatabase({ pgliteDataDir: join(dataDir, 'pglite') })
try {
  await database.migrate()
  await seedIfEmpty(database.db, new LocalDiskStorage(join(dataDir, 'media')))
  await upsertSection(database.db, 'landing_page', JSON.parse(readFileSync(contentFile, 'utf8')))
} finally {
  await database.close()
}
