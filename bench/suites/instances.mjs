// Several instances (docs/deploy.md): the catalogue and search at 500 requests/s through nginx
// balancing two API instances (round robin, one PostgreSQL) against one instance alone, same run.
// On this 2-core machine both instances share the server core with nginx, so this measures what
// the balancer and a second instance cost a request, not the capacity a second machine adds.
import { CLIENT_CPU, log, median, ratio, round, runPinnedJson } from '../lib/common.mjs'

const LOAD_AT_RATE = new URL('../lib/load-rate.mjs', import.meta.url).pathname

export async function instancesSuite({ apiUrl, balancerUrl, cookie, catalogue, rounds = 3 }) {
  const endpoints = {
    fields: '/api/fields',
    'field-audios': `/api/fields/${catalogue.fieldIds[3]}/audios`,
    search: '/api/search?q=serenidade',
  }
  const results = {}
  for (const [name, path] of Object.entries(endpoints)) {
    const samples = { one: [], two: [] }
    for (let i = 0; i < rounds; i++) {
      for (const [target, base] of [['one', apiUrl], ['two', balancerUrl]]) {
        const sample = await runPinnedJson(CLIENT_CPU, LOAD_AT_RATE, { url: base + path, headers: { cookie }, connections: 50, durationSec: 3, rate: 500 })
        if (sample.errors || sample.non2xx) throw new Error(`${name} ${target}: ${JSON.stringify(sample)}`)
        samples[target].push(sample)
      }
    }
    const pick = (list, key) => round(median(list.map((s) => s[key])), 2)
    const row = {
      one: { p50Ms: pick(samples.one, 'p50'), p99Ms: pick(samples.one, 'p99'), rps: pick(samples.one, 'rps') },
      two: { p50Ms: pick(samples.two, 'p50'), p99Ms: pick(samples.two, 'p99'), rps: pick(samples.two, 'rps') },
    }
    row.p99Ratio = ratio(row.two.p99Ms, row.one.p99Ms)
    row.budgetMet = row.two.p99Ms <= 25
    log(`instances ${name}: p99 at 500 req/s — one instance ${row.one.p99Ms} ms, two behind nginx ${row.two.p99Ms} ms (${row.p99Ratio}×)`)
    results[name] = row
  }
  return { budget: { p99MsAt500Rps: 25 }, rounds, endpoints: results }
}
