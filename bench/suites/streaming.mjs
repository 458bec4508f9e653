// Audio streaming: the API's subscriber-gated file route vs nginx (sendfile, one worker) on the
// same files, and nginx fronting the API with X-Accel-Redirect (the production option).
import { CLIENT_CPU, log, median, ratio, round, runPinnedJson } from '../lib/common.mjs'

const LOAD = new URL('../lib/load-stream.mjs', import.meta.url).pathname

export const STREAM_FILES = { '5mb': 5 * 1024 * 1024, '25mb': 25 * 1024 * 1024 }

export async function streamingSuite({ apiUrl, accelUrl, nginxUrl, files, cookie, rounds = 3, durationMs = 3000 }) {
  const workloads = [
    { name: 'range-256k', mode: 'range', file: '25mb', rangeBytes: 256 * 1024 },
    { name: 'full-5mb', mode: 'full', file: '5mb' },
    { name: 'full-25mb', mode: 'full', file: '25mb' },
  ]
  const targets = {
    app: (file) => ({ url: `${apiUrl}/api/audios/${file.id}/file`, headers: { cookie } }),
    nginx: (file) => ({ url: `${nginxUrl}/media/${file.key}`, headers: {} }),
    ...(accelUrl ? { accel: (file) => ({ url: `${accelUrl}/api/audios/${file.id}/file`, headers: { cookie } }) } : {}),
  }
  const results = {}
  for (const workload of workloads) {
    const file = files[workload.file]
    const samples = Object.fromEntries(Object.keys(targets).map((t) => [t, []]))
    for (let round = 0; round < rounds; round++) {
      for (const [target, make] of Object.entries(targets)) {
        const { url, headers } = make(file)
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
      throughputRatio: ratio(summary.app.mbPerSec, summary.nginx.mbPerSec),
      ttfbP99Ratio: ratio(summary.app.ttfbP99Ms, summary.nginx.ttfbP99Ms),
      ...(summary.accel
        ? { accelThroughputRatio: ratio(summary.accel.mbPerSec, summary.nginx.mbPerSec), accelTtfbP99Ratio: ratio(summary.accel.ttfbP99Ms, summary.nginx.ttfbP99Ms) }
        : {}),
    }
    log(`streaming ${workload.name}: app ${summary.app.mbPerSec} MB/s, nginx ${summary.nginx.mbPerSec} MB/s` + (summary.accel ? `, accel ${summary.accel.mbPerSec} MB/s` : '') + ` → ${row.throughputRatio}×`)
    results[workload.name] = row
  }
  return { budget: { throughputRatioMin: 0.7 }, connections: 32, rounds, durationMs, workloads: results }
}
