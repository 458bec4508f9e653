import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js'
import { databaseUrlFor } from './helpers/postgres-url.js'
import { scanLogsForSecrets } from './support/log-capture.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database, loaded once per test file. */
    pgliteTemplateDump: string
    /** Postgres: name of a migrated database each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string
    /** Folder where every test app writes its log lines and tests record secrets (support/log-capture.ts). */
    testLogDir: string
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a clone of it,
 * which is far faster than migrating per file and keeps files independent.
 */
export default async function setup(project: TestProject) {
  const logDir = mkdtempSync(join(tmpdir(), 'sintonia-test-logs-'))
  project.provide('testLogDir', logDir)
  const database = await prepareTemplate(project)
  return async () => {
    await database()
    checkLogsForSecrets(logDir)
  }
}

/**
 * Fails the run when any log line of any test app contains a secret a test handled. The figures
 * are printed for docs/security.md.
 */
function checkLogsForSecrets(logDir: string) {
  const scan = scanLogsForSecrets(logDir)
  rmSync(logDir, { recursive: true, force: true })
  console.log(`Varredura de logs: ${scan.lines} linhas em ${scan.files} arquivos, ${scan.secrets} segredos procurados, ${scan.hits.length} ocorrências.`)
  if (scan.hits.length > 0) {
    const where = scan.hits.map((hit) => `${hit.kind} em ${hit.file}`).join('; ')
    // A teardown error is only printed by Vitest; the exit code is what fails the run.
    process.exitCode = 1
    throw new Error(`Segredos apareceram nos logs dos testes: ${where}`)
  }
}

async function prepareTemplate(project: TestProject): Promise<() => void | Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `sintonia_tpl_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${template}`)
    await admin.query(`CREATE DATABASE ${template}`)
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(url, template) })
    await handle.migrate()
    await handle.close()
    project.provide('postgresTemplate', template)
    project.provide('pgliteTemplateDump', '')
    return async () => {
      // Clones left by a crashed file are removed with the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'sintonia_t_${process.pid}_%'`,
      )
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'sintonia-pglite-template-'))
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const handle = await openDatabase({ pglite: client })
  await handle.migrate()
  const dump = await client.dumpDataDir('none')
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('pgliteTemplateDump', file)
  project.provide('postgresTemplate', '')
  return () => rmSync(dir, { recursive: true, force: true })
}
