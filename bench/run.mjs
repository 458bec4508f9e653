// `npm run bench`: builds, prepares a Postgres bench database with 10,000 audios, runs every suite
// side by side with its reference on this machine, writes bench/results/latest.json and
// bench/results/summary.md. `npm run bench -- streaming catalogue` runs only those suites.
// Not part of `npm test` (docs/performance.md).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, loadavg } from 'node:os'
import { join } from 'node:path'
import { benchRoot, CLIENT_CPU, freePort, log } from './lib/common.mjs'
import { startNginx } from './lib/nginx.mjs'
import {
  addStreamingFiles,
  buildSnapshot,
  createDatabase,
  createSubscriber,
  DEPLOYED_FFMPEG,
  dropDatabase,
  ensureTools,
  makeDataDir,
  pgAvailable,
  seedCatalogue,
  startApi,
} from './lib/stack.mjs'
import { renderSummary } from './lib/summary.mjs'

const ALL = ['bundle', 'streaming', 'catalogue', 'instances', 'realtime', 'landing', 'audio-start', 'sessions', 'engines']
// Run only when named: sessions-load takes about 30 minutes at K = 100, 300 and 1,000 (bench/README.md).
const OPTIONAL = ['sessions-load']
const wanted = process.argv.slice(2).filter((a) => ALL.includes(a) || OPTIONAL.includes(a))
const suites = wanted.length > 0 ? wanted : ALL
const startedAt = Date.now()

const results = {
  startedAt: new Date(startedAt).toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 1e9), node: process.version, loadAverageAtStart: loadavg(), ffmpeg: DEPLOYED_FFMPEG ?? 'npm package' },
  notes: [],
  suites: {},
}

ensureTools()
// The suites import lighthouse and autocannon, which ensureTools() installs on a fresh machine:
// load them only now.
const { STREAM_FILES, streamingSuite } = await import('./suites/streaming.mjs')
const { catalogueSuite } = await import('./suites/catalogue.mjs')
const { realtimeSuite } = await import('./suites/realtime.mjs')
const { landingSuite } = await import('./suites/landing.mjs')
const { audioStartSuite } = await import('./suites/audio-start.mjs')
const { sessionsSuite } = await import('./suites/sessions.mjs')
const { enginesSuite } = await import('./suites/engines.mjs')
const { instancesSuite } = await import('./suites/instances.mjs')
const { prepareSessionsLoad, sessionsLoadSuite } = await import('./suites/sessions-load.mjs')
const snapshot = buildSnapshot(`sintonia-bench-app-${process.pid}`)
if (!(await pgAvailable())) throw new Error('PostgreSQL is not answering on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432): start it first')

const dbName = `sintonia_bench_${process.pid}`
const dataDir = makeDataDir(`sintonia-bench-${process.pid}`)
const cleanups = []
const cleanup = async () => {
  for (const fn of cleanups.reverse()) await fn().catch((error) => log('cleanup:', error.message))
  cleanups.length = 0
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)))

try {
  const databaseUrl = await createDatabase(dbName)
  cleanups.push(() => dropDatabase(dbName))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  cleanups.push(async () => rmSync(snapshot, { recursive: true, force: true }))
  const apiPort = await freePort()
  const apiUrl = `http://127.0.0.1:${apiPort}`
  log(`starting the API on ${apiUrl} (Postgres ${dbName})`)
  const api = await startApi({ port: apiPort, dataDir, databaseUrl })
  cleanups.push(() => api.stop())
  log('seeding 10,000 audios and the streaming files')
  const catalogue = await seedCatalogue(databaseUrl)
  log(`catalogue ready: ${catalogue.fieldIds.length} extra fields`)
  const files = await addStreamingFiles(databaseUrl, dataDir, STREAM_FILES)
  const subscriber = await createSubscriber(apiUrl, databaseUrl)
  const context = { apiUrl, apiPort, dataDir, databaseUrl, catalogue, files, cookie: subscriber.cookie }

  const run = async (name, fn) => {
    if (!suites.includes(name)) return
    const began = Date.now()
    log(`suite ${name}`)
    try {
      results.suites[name] = { ...(await fn()), seconds: Math.round((Date.now() - began) / 1000) }
    } catch (error) {
      log(`suite ${name} failed: ${error.stack ?? error.message}`)
      results.suites[name] = { error: error.message, seconds: Math.round((Date.now() - began) / 1000) }
    }
  }

  await run('bundle', async () => {
    const { initialJsOf, INITIAL_JS_BUDGET_BYTES } = await import('../e2e/support/initial-js.ts')
    const initial = initialJsOf(join(snapshot, 'apps/web/dist'))
    return { budgetGzipKb: INITIAL_JS_BUDGET_BYTES / 1024, gzipKb: +(initial.gzipBytes / 1024).toFixed(1), rawKb: +(initial.bytes / 1024).toFixed(1), files: initial.files }
  })

  await run('streaming', async () => {
    const nginxPort = await freePort()
    const nginxDir = makeDataDir(`sintonia-bench-nginx-${process.pid}`)
    const nginx = await startNginx({ dir: nginxDir, port: nginxPort, mediaRoot: join(dataDir, 'media'), apiPort })
    try {
      return await streamingSuite({ apiUrl, nginxUrl: `http://127.0.0.1:${nginxPort}`, files, cookie: subscriber.cookie })
    } finally {
      await nginx.stop()
      rmSync(nginxDir, { recursive: true, force: true })
    }
  })

  await run('catalogue', () => catalogueSuite(context))
  await run('instances', async () => {
    // A second instance on the same database and media, and nginx balancing the two (round robin).
    const secondPort = await freePort()
    const second = await startApi({ port: secondPort, dataDir: makeDataDir(`sintonia-bench-second-${process.pid}`), databaseUrl })
    const nginxPort = await freePort()
    const nginxDir = makeDataDir(`sintonia-bench-nginx-${process.pid}`)
    const nginx = await startNginx({ dir: nginxDir, port: nginxPort, mediaRoot: join(dataDir, 'media'), apiPort, extraApiPorts: [secondPort] })
    try {
      return await instancesSuite({ ...context, balancerUrl: `http://127.0.0.1:${nginxPort}` })
    } finally {
      await nginx.stop()
      await second.stop()
      rmSync(nginxDir, { recursive: true, force: true })
    }
  })
  await run('landing', () => landingSuite({ ...context, webDist: join(snapshot, 'apps/web/dist') }))
  await run('audio-start', async () => {
    const nginxPort = await freePort()
    const nginxDir = makeDataDir(`sintonia-bench-nginx-${process.pid}`)
    const nginx = await startNginx({ dir: nginxDir, port: nginxPort, mediaRoot: join(dataDir, 'media'), apiPort })
    try {
      return await audioStartSuite({ ...context, nginxUrl: `http://127.0.0.1:${nginxPort}` })
    } finally {
      await nginx.stop()
      rmSync(nginxDir, { recursive: true, force: true })
    }
  })
  await run('sessions', async () => {
    const nginxPort = await freePort()
    const nginxDir = makeDataDir(`sintonia-bench-nginx-${process.pid}`)
    const nginx = await startNginx({ dir: nginxDir, port: nginxPort, mediaRoot: join(dataDir, 'media'), apiPort })
    try {
      return await sessionsSuite({ ...context, nginxUrl: `http://127.0.0.1:${nginxPort}` })
    } finally {
      await nginx.stop()
      rmSync(nginxDir, { recursive: true, force: true })
    }
  })
  await run('sessions-load', async () => {
    // Its own instance of the API on the same database and media folder: it trusts X-Forwarded-For
    // from 127.0.0.1 (each listener its own address) and renders ahead (SESSION_PRERENDER=on).
    const prepared = await prepareSessionsLoad(context)
    const loadPort = await freePort()
    const loadApi = await startApi({ port: loadPort, dataDir, databaseUrl, env: { TRUST_PROXY: '127.0.0.1', SESSION_PRERENDER: 'on' } })
    const nginxPort = await freePort()
    const nginxDir = makeDataDir(`sintonia-bench-nginx-${process.pid}`)
    const staticDir = makeDataDir(`sintonia-bench-static-${process.pid}`)
    // nginx on the other core, with the load generator: a deployment serves stored files from
    // nginx (or a CDN) that the API's renders and manifests do not slow (docs/performance.md).
    const nginx = await startNginx({ dir: nginxDir, port: nginxPort, mediaRoot: join(dataDir, 'media'), apiPort: loadPort, staticRoot: staticDir, cpu: CLIENT_CPU })
    try {
      return await sessionsLoadSuite({
        ...context,
        apiUrl: `http://127.0.0.1:${loadPort}`,
        apiPid: loadApi.child.pid,
        apiProcess: loadApi,
        otherApiPids: [api.child.pid],
        nginxUrl: `http://127.0.0.1:${nginxPort}`,
        staticDir,
        prepared,
      })
    } catch (error) {
      // The instance under test gone: its last output says why (its renders, an unhandled error…).
      const { child } = loadApi
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${error.message}; the API under test had exited (${child.signalCode ?? `code ${child.exitCode}`}): ${loadApi.output().slice(-4000)}`, { cause: error })
      }
      // Still up: its last warnings and errors say why it answered as it did.
      // (BENCH_API_LOG_LEVEL=info or debug says more: bench/README.md.)
      writeFileSync(join(benchRoot, 'results', 'sessions-load-api.log'), loadApi.output())
      throw new Error(`${error.message}; the API under test's last output: ${loadApi.output().slice(-4000)}`, { cause: error })
    } finally {
      await nginx.stop()
      await loadApi.stop()
      rmSync(nginxDir, { recursive: true, force: true })
      rmSync(staticDir, { recursive: true, force: true })
    }
  })
  await run('engines', () => enginesSuite(context))
  // Last: the realtime endpoint is the newest piece of the API.
  await run('realtime', () => realtimeSuite({ ...context, api }))
  await api.stop()
} finally {
  await cleanup()
}

results.finishedAt = new Date().toISOString()
results.totalSeconds = Math.round((Date.now() - startedAt) / 1000)
results.machine.loadAverageAtEnd = loadavg()
const outDir = join(benchRoot, 'results')
mkdirSync(outDir, { recursive: true })
const partial = wanted.length > 0
const jsonFile = join(outDir, partial ? 'partial.json' : 'latest.json')
writeFileSync(jsonFile, JSON.stringify(results, null, 2) + '\n')
const summary = renderSummary(results)
writeFileSync(join(outDir, partial ? 'partial.md' : 'summary.md'), summary)
console.log('\n' + summary)
log(`done in ${results.totalSeconds} s → ${jsonFile}`)
