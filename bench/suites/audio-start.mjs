// Audio start: press play → `playing` in Chromium with Slow 4G emulated (Lighthouse's DevTools
// values), 10 plays each, the API's subscriber-gated route vs nginx serving the same file.
import pg from 'pg'
import { chromium } from 'playwright-core'
import { log, percentile, median, ratio, round } from '../lib/common.mjs'
import { CHROMIUM } from '../lib/stack.mjs'
import { playToPlaying } from '../lib/play-start.mjs'
import { CHROMIUM_ARGS } from './landing.mjs'


export async function audioStartSuite({ apiUrl, nginxUrl, cookie, databaseUrl, plays = 10 }) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  // A real, decodable seed audio (not the public demo, so the subscriber check runs), the largest one.
  const { rows } = await client.query("select id, file_key, size_bytes from audios where not is_demo and file_key not like 'audios/bench-%' order by size_bytes desc limit 1")
  await client.end()
  const audio = rows[0]
  // Each source is played from a page of its own origin: the API's pages carry a CSP whose
  // media-src is 'self', and nginx's origin has no page of its own (its 404 page serves).
  // The file route authorises and redirects to a signed address (ADR 021): measured as a page
  // opening it (the redirect's round trip included) and as a player already holding the address.
  const opened = await fetch(`${apiUrl}/api/audios/${audio.id}/file`, { headers: { cookie }, redirect: 'manual' })
  const signed = opened.headers.get('location')
  if (opened.status !== 302 || !signed) throw new Error(`the file route did not redirect: ${opened.status}`)
  const sources = {
    app: { page: `${apiUrl}/api/health`, src: `${apiUrl}/api/audios/${audio.id}/file` },
    signed: { page: `${apiUrl}/api/health`, src: `${apiUrl}${signed}` },
    nginx: { page: `${nginxUrl}/media/`, src: `${nginxUrl}/media/${audio.file_key}` },
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] })
  const samples = { app: [], signed: [], nginx: [] }
  try {
    for (let play = 0; play < plays; play++) {
      for (const [name, { page: pageUrl, src }] of Object.entries(sources)) samples[name].push(await playToPlaying(browser, { cookie, pageUrl, src }))
    }
  } finally {
    await browser.close()
  }
  const stats = (list) => ({ p50Ms: round(median(list), 0), p95Ms: round(percentile(list, 95), 0), maxMs: round(Math.max(...list), 0) })
  const result = {
    budget: { p95RatioMax: 1.1 },
    file: { bytes: audio.size_bytes },
    network: 'Slow 4G (DevTools: 562.5 ms RTT, 1.47 Mbit/s down)',
    app: stats(samples.app),
    signed: stats(samples.signed),
    nginx: stats(samples.nginx),
    samples,
  }
  result.p95Ratio = ratio(result.app.p95Ms, result.nginx.p95Ms)
  result.signedP95Ratio = ratio(result.signed.p95Ms, result.nginx.p95Ms)
  log(`audio start: p95 file route (redirect) ${result.app.p95Ms} ms, signed address ${result.signed.p95Ms} ms, nginx ${result.nginx.p95Ms} ms → ${result.p95Ratio}× / ${result.signedP95Ratio}×`)
  return result
}
