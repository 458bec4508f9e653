// PGlite (the embedded default, in-process WASM) vs PostgreSQL on the same query set, through the
// API's own repository functions, on the same 10,000-audio catalogue. A reference, not a budget.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../apps/api/src/db/client.ts'
import { audios, fields } from '../../apps/api/src/db/schema/index.ts'
import { listFieldsWithAudioCounts, findAudioById } from '../../apps/api/src/modules/catalogue/repository.ts'
import { listAudiosOfField } from '../../apps/api/src/modules/catalogue/listener-repository.ts'
import { searchAudios, searchFields } from '../../apps/api/src/modules/catalogue/search-repository.ts'
import { log, median, percentile, ratio, round } from '../lib/common.mjs'

async function copyCatalogue(from, to) {
  const fieldRows = await from.db.select().from(fields)
  const audioRows = await from.db.select().from(audios)
  await to.db.delete(audios)
  await to.db.delete(fields)
  await to.db.insert(fields).values(fieldRows)
  for (let start = 0; start < audioRows.length; start += 1000) await to.db.insert(audios).values(audioRows.slice(start, start + 1000))
  await to.db.execute('analyze')
  return audioRows.length
}

async function time(fn, iterations) {
  for (let i = 0; i < 3; i++) await fn()
  const samples = []
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return { p50Ms: round(median(samples), 2), p95Ms: round(percentile(samples, 95), 2) }
}

export async function enginesSuite({ databaseUrl, catalogue, iterations = 30 }) {
  const postgres = await openDatabase({ databaseUrl })
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-bench-pglite-'))
  const pglite = await openDatabase({ pgliteDataDir: dir })
  try {
    await pglite.migrate()
    const copied = await copyCatalogue(postgres, pglite)
    const fieldId = catalogue.fieldIds[3]
    const { id: audioId } = (await listAudiosOfField(postgres.db, fieldId))[0]
    const queries = {
      'fields-with-counts': (db) => listFieldsWithAudioCounts(db),
      'field-audios': (db) => listAudiosOfField(db, fieldId),
      'audio-by-id': (db) => findAudioById(db, audioId),
      'search-audios-common': (db) => searchAudios(db, 'serenidade', 20),
      'search-audios-rare': (db) => searchAudios(db, 'jornada mem', 20),
      'search-fields': (db) => searchFields(db, 'calma', 20),
    }
    const results = {}
    for (const [name, query] of Object.entries(queries)) {
      const pg = await time(() => query(postgres.db), iterations)
      const lite = await time(() => query(pglite.db), iterations)
      results[name] = { postgres: pg, pglite: lite, p50Ratio: ratio(lite.p50Ms, pg.p50Ms) }
      log(`engines ${name}: PGlite ${lite.p50Ms} ms, Postgres ${pg.p50Ms} ms (p50)`)
    }
    return { audios: copied, iterations, queries: results }
  } finally {
    await pglite.close()
    await postgres.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
