// Catalogue and search on 10,000 audios: the subscriber routes of the API (sign-in, subscription
// check, database, zod serialisation) vs a bare Fastify route returning the same JSON from memory.
// Max throughput with 50 connections (autocannon), then an open-loop 500 requests/s over up to 50
// connections for the p99 budget (load-rate.mjs: latency from when each request was due).
import pg from 'pg'
import { CLIENT_CPU, SERVER_CPU, freePort, log, median, ratio, round, runPinnedJson, startPinned, waitForHttp, writeConfig } from '../lib/common.mjs'
import { explainQueries } from '../lib/explain.mjs'

const LOAD = new URL('../lib/load-http.mjs', import.meta.url).pathname
const LOAD_AT_RATE = new URL('../lib/load-rate.mjs', import.meta.url).pathname
const REFERENCE = new URL('../lib/reference-server.mjs', import.meta.url).pathname

const WORDS = ['calma', 'foco', 'gratidão', 'confiança', 'energia', 'sono', 'coragem', 'presença', 'leveza', 'equilíbrio']

/**
 * Distinct realistic queries ("<word> <word> <n>", like the seeded titles) so no answer comes from
 * the cache: each round and each phase gets its own slice of 10 × 10 × 1000 queries.
 */
function uncachedSearchPaths() {
  let offset = 0
  const slice = (count) => {
    const paths = []
    for (let i = 0; i < count; i++, offset++) {
      const q = `${WORDS[offset % 10]} ${WORDS[Math.floor(offset / 10) % 10]} ${Math.floor(offset / 100)}`
      paths.push(`/api/search?q=${encodeURIComponent(q)}`)
    }
    return paths
  }
  return () => ({ max: slice(12_000), fixed: slice(2_000) })
}

export async function catalogueSuite({ apiUrl, cookie, catalogue, databaseUrl, rounds = 3 }) {
  const fieldId = catalogue.fieldIds[3]
  const endpoints = {
    fields: '/api/fields',
    'field-audios': `/api/fields/${fieldId}/audios`,
    search: '/api/search?q=serenidade',
    'search-rare': '/api/search?q=jornada%20mem',
    // Repeated queries are answered from the API's cache; this one never repeats within a run.
    'search-uncached': '/api/search?q=calma%20foco%200',
  }
  const variedPaths = { 'search-uncached': uncachedSearchPaths() }
  const bodies = {}
  for (const [name, path] of Object.entries(endpoints)) {
    const response = await fetch(apiUrl + path, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    bodies[name] = await response.text()
  }
  const refPort = await freePort()
  const referenceInput = writeConfig({ port: refPort, routes: Object.fromEntries(Object.entries(endpoints).map(([n, p]) => [p.split('?')[0], bodies[n]])) })
  const reference = startPinned(SERVER_CPU, process.execPath, [REFERENCE, referenceInput.file])
  const refUrl = `http://127.0.0.1:${refPort}`
  await waitForHttp(`${refUrl}/api/fields`)
  const results = {}
  try {
    for (const [name, path] of Object.entries(endpoints)) {
      const runs = { app: { max: [], fixed: [] }, reference: { max: [], fixed: [] } }
      for (let round = 0; round < rounds; round++) {
        for (const [target, base, headers] of [['app', apiUrl, { cookie }], ['reference', refUrl, {}]]) {
          // The reference answers the same JSON whatever the query, so it can follow the same paths.
          const paths = variedPaths[name]?.(round, target)
          const max = await runPinnedJson(CLIENT_CPU, LOAD, { url: base + path, headers, connections: 50, durationSec: 2, paths: paths?.max })
          const fixed = await runPinnedJson(CLIENT_CPU, LOAD_AT_RATE, { url: base + path, headers, connections: 50, durationSec: 3, rate: 500, paths: paths?.fixed })
          for (const sample of [max, fixed]) {
            if (sample.errors || sample.non2xx || sample.timeouts) throw new Error(`${name} ${target}: ${JSON.stringify(sample)}`)
          }
          runs[target].max.push(max)
          runs[target].fixed.push(fixed)
        }
      }
      const pick = (list, key) => round(median(list.map((s) => s[key])), 1)
      const row = {
        app: { maxRps: pick(runs.app.max, 'rps'), maxP99Ms: pick(runs.app.max, 'p99'), at500P99Ms: pick(runs.app.fixed, 'p99'), at500P50Ms: pick(runs.app.fixed, 'p50'), at500Rps: pick(runs.app.fixed, 'rps') },
        reference: { maxRps: pick(runs.reference.max, 'rps'), maxP99Ms: pick(runs.reference.max, 'p99'), at500P99Ms: pick(runs.reference.fixed, 'p99'), at500P50Ms: pick(runs.reference.fixed, 'p50'), at500Rps: pick(runs.reference.fixed, 'rps') },
        bodyBytes: Buffer.byteLength(bodies[name]),
      }
      row.rpsRatio = ratio(row.app.maxRps, row.reference.maxRps)
      row.at500P99Ratio = ratio(row.app.at500P99Ms, row.reference.at500P99Ms)
      row.at500BudgetMet = row.app.at500P99Ms <= 25
      log(`catalogue ${name}: ${row.app.maxRps} req/s (ref ${row.reference.maxRps}), p99 at 500 req/s ${row.app.at500P99Ms} ms (ref ${row.reference.at500P99Ms})`)
      results[name] = row
    }
  } finally {
    await reference.stop()
    referenceInput.cleanup()
  }
  const plans = await explainQueries(databaseUrl, { fieldId, query: 'serenidade', rareQuery: 'jornada mem', distinctQuery: 'calma foco 0' })
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows } = await client.query('select (select count(*) from audios)::int as audios, (select count(*) from fields)::int as fields')
  await client.end()
  return { budget: { p99MsAt500Rps: 25 }, method: { max: 'autocannon, 50 connections, 2 s', at500: 'open loop, 500 req/s scheduled evenly, up to 50 connections, 3 s, latency from when each request was due' }, catalogue: rows[0], endpoints: results, plans }
}
