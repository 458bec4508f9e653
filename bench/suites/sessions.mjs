// Rendered sessions (docs/product/sessions.md): press play → `playing` in Chromium for a session
// never rendered before and for one in the cache, against nginx serving the raw voice file, with
// Slow 4G emulated like the audio-start suite; then what a render costs — seconds of session per
// CPU second, a programme day's session, the peak memory of ffmpeg, bytes per minute.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { SESSION_BYTES_PER_MINUTE, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { countDecodedSamples, locateFfmpeg } from '../../apps/api/src/lib/media/ffmpeg.ts'
import { renderArguments } from '../../apps/api/src/modules/sessions/render-command.ts'
import { planSession } from '../../apps/api/src/modules/sessions/session-plan.ts'
import { log, median, percentile, ratio, round } from '../lib/common.mjs'
import { CHROMIUM } from '../lib/stack.mjs'
import { playToPlaying } from '../lib/play-start.mjs'
import { CHROMIUM_ARGS } from './landing.mjs'

const CLOCK_TICKS = 100 // USER_HZ on Linux

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

  const render = await renderCosts({ audios, music: music[0] ?? null, dataDir })
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

/** Runs ffmpeg as the server does, on its own, and reads its CPU time and peak memory from /proc. */
function measureRender(ffmpeg, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let bytes = 0
    let peakKb = 0
    let ticks = 0
    child.stdout.on('data', (chunk) => (bytes += chunk.length))
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
        ticks = Number(fields[11]) + Number(fields[12])
      } catch {
        // gone already
      }
    }
    const timer = setInterval(sample, 20)
    child.once('error', reject)
    child.once('exit', (code) => {
      clearInterval(timer)
      if (code !== 0) return reject(new Error(`ffmpeg ${code}`))
      resolve({ wallSeconds: (performance.now() - started) / 1000, cpuSeconds: ticks / CLOCK_TICKS, peakMemoryMb: round(peakKb / 1024, 1), bytes })
    })
    sample()
  })
}

async function renderCosts({ audios, music, dataDir }) {
  const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH)
  const media = join(dataDir, 'media')
  const paths = new Map([...audios.map((a) => [a.file_key, join(media, a.file_key)]), ...(music ? [[music.file_key, join(media, music.file_key)]] : [])])
  const voices = []
  for (const audio of audios) voices.push({ audioId: audio.id, title: audio.title, fileKey: audio.file_key, samples: await countDecodedSamples(ffmpeg, 'mp3', paths.get(audio.file_key), SESSION_SAMPLE_RATE) })
  const musicPlan = music ? { id: music.id, title: music.title, fileKey: music.file_key } : null
  const musicSamples = music ? await countDecodedSamples(ffmpeg, 'mp3', paths.get(music.file_key), SESSION_SAMPLE_RATE) : null
  const plan = (items) => planSession({ items, pauseSeconds: 3, music: musicPlan, musicLevel: 25, endAtSeconds: null, renderer: ffmpeg.version })
  const measure = async (planned) => {
    const run = await measureRender(ffmpeg, renderArguments(planned, paths, musicSamples))
    return {
      durationSeconds: round(planned.durationSeconds, 1),
      wallSeconds: round(run.wallSeconds, 2),
      cpuSeconds: round(run.cpuSeconds, 2),
      realtimePerCpuSecond: round(planned.durationSeconds / Math.max(run.cpuSeconds, 0.01), 0),
      peakMemoryMb: run.peakMemoryMb,
      bytes: run.bytes,
      bytesPerMinute: round(run.bytes / (planned.durationSeconds / 60), 0),
    }
  }
  // One audio × 5 with 3 s pauses; and a programme day: four audios, about 20 minutes.
  const session = await measure(plan([{ voice: voices[0], repetitions: 5 }]))
  const day = await measure(plan(voices.map((voice) => ({ voice, repetitions: 2 }))))
  return { ffmpeg: ffmpeg.version, expectedBytesPerMinute: SESSION_BYTES_PER_MINUTE, session, day }
}
