import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../../src/db/client.js'
import { databaseUrlFor } from './postgres-url.js'

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of this clone (Postgres only). */
  url: string | undefined
}

/**
 * A fresh, migrated database for one test file: a clone of the run's template on Postgres
 * when TEST_DATABASE_URL is set, otherwise an in-memory PGlite loaded from the template dump.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const template = inject('postgresTemplate')
    const name = `sintonia_t_${process.ppid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    } finally {
      await admin.end()
    }
    const url = databaseUrlFor(serverUrl, name)
    const handle = await openDatabase({ databaseUrl: url })
    let closed = false
    return {
      ...handle,
      url,
      // Idempotent like the PGlite handle: a test may close the database early on purpose.
      async close() {
        if (closed) return
        closed = true
        await handle.close()
        const dropper = new pg.Client({ connectionString: serverUrl })
        await dropper.connect()
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        } finally {
          await dropper.end()
        }
      },
    }
  }
  const dump = readFileSync(inject('pgliteTemplateDump'))
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS })
  return { ...(await openDatabase({ pglite: client })), url: undefined }
}
