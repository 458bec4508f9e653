// EXPLAIN ANALYZE of the catalogue and search queries exactly as the API's repositories send
// them (captured from the pg driver while the repository functions run), on the bench database:
// shows which indexes answer them.
import pg from 'pg'
import { openDatabase } from '../../apps/api/src/db/client.ts'
import { searchAudios, searchFields } from '../../apps/api/src/modules/catalogue/search-repository.ts'
import { listAudiosOfField } from '../../apps/api/src/modules/catalogue/listener-repository.ts'
import { listFieldsWithAudioCounts } from '../../apps/api/src/modules/catalogue/repository.ts'

/** Runs `fn` and returns the statements it sent through node-postgres. */
async function captureQueries(fn) {
  const captured = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (config, values, callback) {
    if (config && typeof config === 'object' && typeof config.text === 'string') captured.push({ text: config.text, values: config.values ?? (Array.isArray(values) ? values : []) })
    else if (typeof config === 'string') captured.push({ text: config, values: Array.isArray(values) ? values : [] })
    return original.call(this, config, values, callback)
  }
  try {
    await fn()
  } finally {
    pg.Client.prototype.query = original
  }
  return captured
}

/**
 * `query` matches about a quarter of the catalogue (the planner rightly reads the whole table);
 * `rareQuery` and `distinctQuery` match a handful of rows, which the trigram indexes must find.
 */
export async function explainQueries(databaseUrl, { fieldId, query, rareQuery, distinctQuery }) {
  const handle = await openDatabase({ databaseUrl })
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const plans = {}
  try {
    const calls = {
      'search-audios': () => searchAudios(handle.db, query, 20),
      'search-audios-rare': () => searchAudios(handle.db, rareQuery, 20),
      'search-audios-distinct': () => searchAudios(handle.db, distinctQuery, 20),
      'search-fields': () => searchFields(handle.db, query, 20),
      'field-audios': () => listAudiosOfField(handle.db, fieldId),
      'fields-with-counts': () => listFieldsWithAudioCounts(handle.db),
    }
    for (const [name, call] of Object.entries(calls)) {
      const [statement] = (await captureQueries(call)).filter((q) => /^\s*select/i.test(q.text))
      if (!statement) throw new Error(`${name}: no statement captured`)
      const { rows } = await client.query(`explain (analyze, costs off, timing on, summary on) ${statement.text}`, statement.values)
      const text = rows.map((r) => r['QUERY PLAN'])
      plans[name] = {
        sql: statement.text,
        plan: text,
        usesIndex: text.some((line) => /Index Scan|Index Only Scan|Bitmap Index Scan/.test(line)),
        executionMs: Number(text.find((l) => l.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1] ?? NaN),
      }
    }
  } finally {
    await client.end()
    await handle.close()
  }
  return plans
}
