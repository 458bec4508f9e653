// Rendered sessions (docs/product/sessions.md): press play → `playing` in Chromium for a session
// never rendered before and for one in the cache, against nginx serving the raw voice file, with
// Slow 4G emulated like the audio-start suite; then what a render costs — seconds of session per
// CPU second, a programme day's session, the peak memory of ffmpeg, bytes per minute.
import { join } from 'node:path'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { log, median, percentile, ratio, round } from '../lib/common.mjs'
import { renderCosts } from '../lib/render-cost.mjs'
import { CHROMIUM } from '../lib/stack.mjs'
import { playToPlaying } from '../lib/play-start.mjs'
import { CHROMIUM_ARGS } from './landing.mjs'

export async function sessionsSuite({ apiUrl, nginxUrl, cookie, databaseUrl, dataDir, plays = 10 }) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows: audios } = await client.query(
    "select id, title, file_key, size_bytes from audios where not is_demo and file_key not like 'audios/bench-%' order by size_bytes desc limit 4",
  )
  const { rows: music } = await client.query('select id, title, file_key from background_music where is_active order by id limit 1')
  await client.end()
  const audio = audios[0]

  const describe = async (body) => {
    const started = performance.now()
    const res = await fetch(`${apiUrl}/api/sessions`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`POST /api/sessions ${res.status}: ${await res.text()}`)
    return { manifest: await res.json(), ms: performance.now() - started }
  }

  // Each play of "uncached" is a combination nobody asked for before (its own pause and level).
  const uncached = []
  const describeMs = []
  for (let play = 0; play < plays; play++) {
    const { manifest, ms } = await describe({ items: [{ audioId: audio.id, repetitions: 3 }], pauseSeconds: 3 + play, music: 'auto', musicLevel: 20 + play, endAtSeconds: null })
    uncached.push(`${apiUrl}${manifest.url}`)
    describeMs.push(ms)
  }
  const { manifest: cachedManifest } = await describe({ items: [{ audioId: audio.id, repetitions: 3 }], pauseSeconds: 2, music: 'auto', musicLevel: 25, endAtSeconds: null })
  const cachedUrl = `${apiUrl}${cachedManifest.url}`
  // Rendered once, whole (a full read makes the render run to its end and reach the cache).
  await (await fetch(cachedUrl, { headers: { cookie } })).arrayBuffer()
  // The player asks the manifest when the page opens; a stored session's carries its signed
  // address, which the press plays directly (ADR 021; web: sessionStreamUrl).
  let storedManifest = null
  for (let i = 0; i < 100 && !storedManifest?.direct; i++) {
    storedManifest = (await describe({ items: [{ audioId: audio.id, repetitions: 3 }], pauseSeconds: 2, music: 'auto', musicLevel: 25, endAtSeconds: null })).manifest
    if (!storedManifest.direct) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!storedManifest?.direct) throw new Error('the stored session came without its signed address')
  const cachedDirectUrl = `${apiUrl}${storedManifest.direct.url}`

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] })
  const samples = { uncached: [], cached: [], nginx: [] }
  try {
    for (let play = 0; play < plays; play++) {
      const sources = {
        uncached: { page: `${apiUrl}/api/health`, src: uncached[play] },
        cached: { page: `${apiUrl}/api/health`, src: cachedDirectUrl },
        nginx: { page: `${nginxUrl}/media/`, src: `${nginxUrl}/media/${audio.file_key}` },
      }
      for (const [name, { page: pageUrl, src }] of Object.entries(sources)) samples[name].push(await playToPlaying(browser, { cookie, pageUrl, src }))
    }
  } finally {
    await browser.close()
  }

  const render = await renderCosts({ audios, music: music[0] ?? null, mediaDir: join(dataDir, 'media') })
  const stats = (list) => ({ p50Ms: round(median(list), 0), p95Ms: round(percentile(list, 95), 0), maxMs: round(Math.max(...list), 0) })
  const result = {
    budget: { uncachedP95RatioMax: 1.5, cachedP95RatioMax: 1.1 },
    network: 'Slow 4G (DevTools: 562.5 ms RTT, 1.47 Mbit/s down); the manifest is asked when the page opens, before the press',
    describeLocal: stats(describeMs),
    uncached: stats(samples.uncached),
    cached: stats(samples.cached),
    nginx: stats(samples.nginx),
    render,
    samples,
  }
  result.uncachedP95Ratio = ratio(result.uncached.p95Ms, result.nginx.p95Ms)
  result.cachedP95Ratio = ratio(result.cached.p95Ms, result.nginx.p95Ms)
  log(`sessions: play→playing p95 uncached ${result.uncached.p95Ms} ms (${result.uncachedP95Ratio}×), cached ${result.cached.p95Ms} ms (${result.cachedP95Ratio}×), nginx ${result.nginx.p95Ms} ms`)
  log(`sessions: render ${render.session.realtimePerCpuSecond}× real time per CPU second; a ${round(render.day.durationSeconds / 60, 1)}-minute day: ${render.day.cpuSeconds} s CPU, ${render.day.peakMemoryMb} MB peak`)
  return result
}
