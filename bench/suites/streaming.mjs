// Audio streaming (ADR 021): the API authorises an open and redirects to a signed, expiring
// address; the bytes come from nginx checking that address itself (secure_link, the production
// path with local storage) or, without nginx, from the API's own signed route. Both are measured
// against nginx serving the same files with no check at all, and the authorising request on its
// own (p99, requests per second). Random 256 KB ranges vary by ±40 % from one 2 s run to the next
// on this machine (the same nginx, the same file): nine interleaved rounds, medians compared.
import { CLIENT_CPU, log, median, ratio, round, runPinnedJson } from '../lib/common.mjs'

const LOAD = new URL('../lib/load-stream.mjs', import.meta.url).pathname
const LOAD_HTTP = new URL('../lib/load-http.mjs', import.meta.url).pathname

export const STREAM_FILES = { '5mb': 5 * 1024 * 1024, '25mb': 25 * 1024 * 1024 }

/** The signed address the API hands a subscriber for `file` (its redirect's Location). */
async function signedAddressOf(apiUrl, file, cookie) {
  const response = await fetch(`${apiUrl}/api/audios/${file.id}/file`, { headers: { cookie }, redirect: 'manual' })
  const location = response.headers.get('location')
  if (response.status !== 302 || !location?.startsWith('/api/files/')) throw new Error(`the file route did not redirect to a signed address: ${response.status} ${location}`)
  return location
}

async function authorisation({ apiUrl, file, cookie, rounds }) {
  const samples = []
  for (let i = 0; i < rounds; i++) {
    samples.push(await runPinnedJson(CLIENT_CPU, LOAD_HTTP, { url: `${apiUrl}/api/audios/${file.id}/file`, headers: { cookie }, connections: 32, durationSec: 3 }))
  }
  for (const sample of samples) {
    // Every answer is the redirect (autocannon counts 3xx as non-2xx).
    if (sample.errors > 0 || sample.non2xx !== sample.total) throw new Error(`authorisation: unexpected answers ${JSON.stringify(sample)}`)
  }
  return { rps: round(median(samples.map((s) => s.rps)), 0), p50Ms: round(median(samples.map((s) => s.p50)), 2), p99Ms: round(median(samples.map((s) => s.p99)), 2) }
}

export async function streamingSuite({ apiUrl, nginxUrl, files, cookie, rounds = 9, durationMs = 2000 }) {
  const workloads = [
    { name: 'range-256k', mode: 'range', file: '25mb', rangeBytes: 256 * 1024 },
    { name: 'full-5mb', mode: 'full', file: '5mb' },
    { name: 'full-25mb', mode: 'full', file: '25mb' },
  ]
  const addresses = {}
  for (const [name, file] of Object.entries(files)) addresses[name] = await signedAddressOf(apiUrl, file, cookie)
  const targets = {
    nginx: (workload) => ({ url: `${nginxUrl}/media/${files[workload.file].key}`, headers: {} }),
    signed: (workload) => ({ url: nginxUrl + addresses[workload.file], headers: {} }),
    apiSigned: (workload) => ({ url: apiUrl + addresses[workload.file], headers: {} }),
  }
  const results = {}
  for (const workload of workloads) {
    const file = files[workload.file]
    const samples = Object.fromEntries(Object.keys(targets).map((t) => [t, []]))
    for (let round = 0; round < rounds; round++) {
      for (const [target, make] of Object.entries(targets)) {
        const { url, headers } = make(workload)
        const sample = await runPinnedJson(CLIENT_CPU, LOAD, {
          url,
          headers,
          mode: workload.mode,
          fileSize: file.size,
          rangeBytes: workload.rangeBytes ?? 0,
          connections: 32,
          durationMs,
        })
        const expected = workload.mode === 'range' ? '206' : '200'
        if (sample.errors > 0 || Object.keys(sample.statuses).some((s) => s !== expected)) {
          throw new Error(`${workload.name} ${target}: unexpected answers ${JSON.stringify(sample.statuses)} errors ${sample.errors}`)
        }
        samples[target].push(sample)
      }
    }
    const summary = {}
    for (const [target, list] of Object.entries(samples)) {
      summary[target] = {
        mbPerSec: round(median(list.map((s) => s.mbPerSec)), 1),
        ttfbP99Ms: round(median(list.map((s) => s.ttfbP99)), 2),
        ttfbP50Ms: round(median(list.map((s) => s.ttfbP50)), 2),
        requests: list.reduce((sum, s) => sum + s.requests, 0),
      }
    }
    const row = {
      ...summary,
      signedRatio: ratio(summary.signed.mbPerSec, summary.nginx.mbPerSec),
      signedTtfbP99Ratio: ratio(summary.signed.ttfbP99Ms, summary.nginx.ttfbP99Ms),
      apiSignedRatio: ratio(summary.apiSigned.mbPerSec, summary.nginx.mbPerSec),
    }
    log(`streaming ${workload.name}: signed via nginx ${summary.signed.mbPerSec} MB/s, via the API ${summary.apiSigned.mbPerSec} MB/s, nginx ${summary.nginx.mbPerSec} MB/s → ${row.signedRatio}× / ${row.apiSignedRatio}×`)
    results[workload.name] = row
  }
  const auth = await authorisation({ apiUrl, file: files['25mb'], cookie, rounds })
  log(`streaming authorisation (302 to the signed address): ${auth.rps} req/s, p99 ${auth.p99Ms} ms`)
  return { budget: { signedRatioMin: 0.9 }, connections: 32, rounds, durationMs, workloads: results, authorisation: auth }
}
