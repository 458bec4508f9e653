import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js'
import { databaseUrlFor } from './helpers/postgres-url.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database, loaded once per test file. */
    pgliteTemplateDump: string
    /** Postgres: name of a migrated database each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a clone of it,
 * which is far faster than migrating per file and keeps files independent.
 */
export default async function setup(project: TestProject) {
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
