// Rendered sessions under load (docs/product/sessions.md › Rendered ahead, Fair under load), on one
// API instance, every figure beside nginx serving the same bytes as static files in the same run:
//   1. K listeners (100, 300, 1,000) pressing play within one minute, all at the default settings
//      (sessions rendered ahead: the manifest carries the stored file's signed address);
//   2. the same K with one listener in five on personal settings (a pause and a music level of
//      their own: a render on demand each), plus what it costs — CPU of the API and its ffmpeg
//      children per listener-hour requested, peak memory, peak renders;
//   3. a subscriber's press → first byte of new personal sessions, without and then with an
//      anonymous flood of demo sessions (visitors may only hear the demo's variants).
// Each listener: POST /api/sessions (through nginx, as deployed) when the page opens, half a second
// later a Range request for the stream's first 256 KB (the press → first byte), then a Range
// request at half the stream (a seek). The reference: the same
// manifest and the same session file as static files of nginx, the same arrivals, the same
// requests. Refusals (429, 503 "Muitas sessões…") are the designed answer under overload and are
// counted apart from errors.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { defaultAudioSession, demoSessionVariants, programmeDaySession, SESSION_MSG, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { countDecodedSamples, locateFfmpeg } from '../../apps/api/src/lib/media/ffmpeg.ts'
import { CLIENT_CPU, arrivals, log, median, percentile, ratio, round, runPinnedJson } from '../lib/common.mjs'
import { waitForQuiet } from '../lib/proc-tree.mjs'
import { createSubscribers } from '../lib/stack.mjs'

const LOAD_SESSIONS = new URL('../lib/load-sessions.mjs', import.meta.url).pathname
const FLOOD = new URL('../lib/load-session-flood.mjs', import.meta.url).pathname

const numberList = (text) => text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0)

/** The suite's settings, from the environment (bench/README.md). */
export function sessionsLoadSettings(env = process.env) {
  return {
    listeners: numberList(env.BENCH_SESSIONS_LOAD_K ?? '100,300,1000'),
    windowSeconds: Number(env.BENCH_SESSIONS_LOAD_WINDOW_S ?? 60),
    audios: Number(env.BENCH_SESSIONS_LOAD_AUDIOS ?? 2),
    personalShare: 0.2,
    rangeBytes: 256 * 1024,
    // The press, after the page asked for the manifest (both halves alike, lib/load-sessions.mjs).
    pressAfterMs: Number(env.BENCH_SESSIONS_LOAD_PRESS_AFTER_MS ?? 500),
    // One p95 of 500 listeners moves by a third between runs on a shared machine: the paired
    // comparison is made this many times, each with its own arrivals, and judged on all of them.
    pairedRuns: Math.max(1, Number(env.BENCH_SESSIONS_LOAD_PAIRED_RUNS ?? 3)),
    seekFraction: Number(env.BENCH_SESSIONS_LOAD_SEEK ?? 0.5),
    timeoutSeconds: Number(env.BENCH_SESSIONS_LOAD_TIMEOUT_S ?? 60),
    presses: Number(env.BENCH_SESSIONS_LOAD_PRESSES ?? 40),
    pressGapMs: Number(env.BENCH_SESSIONS_LOAD_PRESS_GAP_MS ?? 3000),
    flooders: Number(env.BENCH_SESSIONS_LOAD_FLOODERS ?? 8),
    // The flood's loops run below the measuring client and the servers on the client core (nice
    // 19): an attacker's machines are not ours. At 0 it took that core from the subscriber's own
    // client, nginx and PostgreSQL, and its p95 measured the bench as much as the API.
    floodNiceness: Number(env.BENCH_SESSIONS_LOAD_FLOOD_NICE ?? 19),
    // 'read': a session at the default settings not yet stored is read once, whole, at once (its
    // first listener); 'ahead': only the instance's renders ahead store them (nice 19, after the
    // demo's variants and every programme day: up to tens of minutes).
    warm: env.BENCH_SESSIONS_LOAD_WARM === 'ahead' ? 'ahead' : 'read',
  }
}

/**
 * Before the instance under test starts: the decoded length of every audio of the catalogue, as
 * the API keeps it once measured (session_voice_lengths). The bench's 10,000 audios share one
 * file, and each audio is measured once on its own: without this, the instance's first pass of
 * renders ahead, which plans a session for every audio, decodes that file 10,000 times (about
 * 0.2 s of one core each, at normal priority) before the load can be measured. In production
 * that cost is paid once per audio, on the first request or the first pass.
 */
export async function prepareSessionsLoad({ databaseUrl, dataDir }) {
  const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH)
  if (!ffmpeg) throw new Error('no ffmpeg for the sessions')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select distinct a.file_key from audios a left join session_voice_lengths v on v.audio_id = a.id
        where v.audio_id is null and a.file_key not like 'audios/bench-%'`,
    )
    let filled = 0
    for (const { file_key: fileKey } of rows) {
      const samples = await countDecodedSamples(ffmpeg, 'mp3', join(dataDir, 'media', fileKey), SESSION_SAMPLE_RATE)
      const { rowCount } = await client.query(
        `insert into session_voice_lengths (audio_id, file_key, samples) select id, file_key, $2 from audios where file_key = $1 on conflict (audio_id) do nothing`,
        [fileKey, samples],
      )
      filled += rowCount
    }
    return { files: rows.length, audios: filled }
  } finally {
    await client.end()
  }
}

export async function sessionsLoadSuite({ apiUrl, apiPid, apiProcess, otherApiPids = [], nginxUrl, staticDir, databaseUrl, dataDir, cookie, prepared }) {
  const settings = sessionsLoadSettings()
  const notes = []
  // The instance under test must live through the run: when it does not, its last words say why.
  const assertAlive = (when) => {
    const child = apiProcess?.child
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the API under test exited (${child.signalCode ?? `code ${child.exitCode}`}) ${when}: ${apiProcess.output().slice(-3000)}`)
    }
  }
  if (prepared) {
    notes.push(
      `The decoded lengths of ${prepared.audios} audios (${prepared.files} files) were filled in before the instance started: the bench's 10,000 audios share one file, which the first pass of renders ahead would otherwise decode once per audio (about 0.2 s of one core each, at normal priority, one after another).`,
    )
  }
  const timeoutMs = settings.timeoutSeconds * 1000
  const windowMs = settings.windowSeconds * 1000

  // Client addresses: every listener and every poll its own (POST /api/sessions: 120 a minute per address).
  let addressCount = 0
  const nextAddress = () => {
    addressCount++
    return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`
  }
  // Personal settings: a pause (1–60 s, the default is 0) and a music level of their own, never repeated in the run.
  let personalCount = 0
  const personalSettings = () => {
    const n = personalCount++
    return { pauseSeconds: 1 + (n % 60), musicLevel: 1 + (Math.floor(n / 60) % 100) }
  }

  // What listeners hear at the default settings: a few audios of the catalogue and the first day of every published programme.
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let audios
  let days
  try {
    ;({ rows: audios } = await client.query(
      `select id, title from (select distinct on (file_key) id, title, created_at from audios
        where not is_demo and file_key not like 'audios/bench-%' order by file_key, created_at) a order by created_at, title limit $1`,
      [settings.audios],
    ))
    const { rows } = await client.query(
      `select p.slug, i.audio_id, i.repetitions from programs p join program_day_items i on i.program_id = p.id and i.day = 1
        where p.published order by p.position, p.slug, i.position`,
    )
    const bySlug = new Map()
    for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), { audioId: row.audio_id, repetitions: row.repetitions }])
    days = [...bySlug].map(([slug, items]) => ({ slug, items }))
  } finally {
    await client.end()
  }
  const demo = await (await fetch(`${apiUrl}/api/demo`)).json()
  const demoAudioId = demo.audio?.id
  if (!demoAudioId) throw new Error('no public demo audio')
  const defaults = [
    ...audios.map((audio) => ({ name: `áudio "${audio.title}", padrão`, request: defaultAudioSession(audio.id), audioId: audio.id })),
    ...days.map((day) => ({ name: `${day.slug}, dia 1`, request: programmeDaySession(day.items), audioId: day.items[0].audioId })),
  ]
  const variants = demoSessionVariants(demoAudioId)

  // Listeners: accounts made in bulk, every sign-in cookie signed as the API expects.
  const cookieName = cookie.split(';').map((part) => part.trim().split('=')[0]).find((name) => name.endsWith('session_token'))
  if (!cookieName) throw new Error(`no sign-in cookie in ${cookie}`)
  const accountsNeeded = 1 + settings.listeners.reduce((sum, k) => sum + 2 * k + settings.pairedRuns * Math.ceil(k / 2), 0) + 2 * settings.presses
  const madeAt = performance.now()
  const accounts = await createSubscribers(databaseUrl, accountsNeeded, { cookieName, label: 'sessoes' })
  log(`sessions-load: ${accountsNeeded} subscribers made in ${round((performance.now() - madeAt) / 1000, 1)} s`)
  let accountCursor = 0
  const nextAccount = () => {
    if (accountCursor >= accounts.length) throw new Error('out of bench accounts')
    return accounts[accountCursor++]
  }
  const warmAccount = nextAccount()
  const check = await describe(apiUrl, defaults[0].request, { cookie: warmAccount.cookie, xff: nextAddress() })
  if (check.status !== 200) throw new Error(`a bulk-made subscriber was refused: ${check.status} ${JSON.stringify(check.body)}`)

  // The sessions at the default settings, stored before anything is measured. The instance renders
  // them ahead, but after the demo's variants and every programme day (about 25 minutes of one
  // core for the seeded catalogue, at nice 19): the first listener of each reads it once, whole.
  const warmStarted = performance.now()
  const graceMs = settings.warm === 'ahead' ? Infinity : 0
  // Only the K runs read them: the flood alone (BENCH_SESSIONS_LOAD_K=0) does not wait for them.
  const warm = settings.listeners.length === 0 ? [] : await ensureStored(apiUrl, defaults.map(({ name, request }) => ({ name, request, cookie: warmAccount.cookie, graceMs })), nextAddress, { timeoutMs: 3_600_000 })
  const warmSeconds = round((performance.now() - warmStarted) / 1000, 0)
  log(`sessions-load: ${warm.length} sessions stored in ${warmSeconds} s (${warm.filter((w) => w.forced).length} read once to get them rendered)`)
  assertAlive('while the sessions were stored')
  const stored = warm.map((entry, i) => ({ ...defaults[i], ...entry }))
  for (const session of stored) {
    copyFileSync(join(dataDir, 'media', 'sessions', `${session.manifest.key}.mp3`), join(staticDir, `${session.manifest.key}.mp3`))
    writeFileSync(join(staticDir, `${session.manifest.key}.json`), JSON.stringify(session.manifest))
  }
  const quiet = await waitForQuiet([apiPid, ...otherApiPids])
  assertAlive('while waiting for the servers to be quiet')
  log(`sessions-load: servers quiet after ${quiet.waitedSeconds} s${quiet.quiet ? '' : ' (not quite: measuring anyway)'}`)
  if (!quiet.quiet) notes.push(`The API processes were not quiet after ${quiet.waitedSeconds} s of waiting (renders ahead planned at start; busy ${quiet.busy}); measured anyway.`)

  const base = { apiUrl, filesUrl: nginxUrl, rangeBytes: settings.rangeBytes, pressAfterMs: settings.pressAfterMs, timeoutMs }
  const run = async (input, spanMs) => {
    assertAlive('before a run')
    try {
      return await runPinnedJson(CLIENT_CPU, LOAD_SESSIONS, { ...base, ...input }, { timeoutMs: spanMs + 6 * timeoutMs + 60_000 })
    } finally {
      assertAlive('during a run')
    }
  }
  const drain = async (label) => {
    const drained = await waitForQuiet([apiPid], { timeoutMs: 120_000 })
    assertAlive(`after ${label}`)
    if (!drained.quiet) notes.push(`After ${label} the instance was not quiet after ${drained.waitedSeconds} s (busy ${drained.busy}).`)
    return drained.waitedSeconds
  }

  const loads = {}
  // A failure (the instance exited, a run that did not end) keeps what was measured before it.
  let failure = null
  for (const k of settings.listeners) {
    try {
      const at = arrivals(k, windowMs, k)
      const sessionOf = (i) => stored[i % stored.length]
      // The reference listener: nginx's static manifest and file of the session the i-th arrival hears.
      const referenceListener = (moment, i) => ({
        at: moment,
        kind: 'reference',
        xff: nextAddress(),
        cookie: warmAccount.cookie,
        reference: { manifestPath: `/static/${sessionOf(i).manifest.key}.json`, filePath: `/static/${sessionOf(i).manifest.key}.mp3`, bytes: sessionOf(i).manifest.bytes },
      })
      const defaultListener = (moment, i) => ({ at: moment, kind: 'default', xff: nextAddress(), cookie: nextAccount().cookie, body: sessionOf(i).request })
      // 1. nginx: the manifest and the session file as static files.
      const reference = await run(
        {
          seekFraction: settings.seekFraction,
          sample: null,
          listeners: at.map(referenceListener),
        },
        windowMs,
      )
      // 2. The API, every listener at the default settings.
      const defaultsRun = await run(
        {
          seekFraction: settings.seekFraction,
          sample: { pid: apiPid, intervalMs: 100 },
          listeners: at.map(defaultListener),
        },
        windowMs,
      )
      const defaultsDrainSeconds = await drain(`${k} listeners at the default settings`)
      // 2b. Both in one run, every other arrival: nginx's static file and a stored session under
      // the same machine, the same moments and the same background (the other half's manifests
      // through nginx to the API), so the two halves differ only by what the press asks for.
      // Made `pairedRuns` times (the first with the arrivals above, the others with their own).
      const pairedRuns = []
      for (let r = 0; r < settings.pairedRuns; r++) {
        const moments = r === 0 ? at : arrivals(k, windowMs, k + 1000 * r)
        const pairedRun = await run(
          {
            seekFraction: settings.seekFraction,
            sample: null,
            listeners: moments.map((moment, i) => (i % 2 === 0 ? referenceListener(moment, i) : defaultListener(moment, i))),
          },
          windowMs,
        )
        await drain(`${k} listeners, half of them nginx's file (run ${r + 1})`)
        pairedRuns.push(pairedRun.listeners)
      }
      // 3. One listener in five on settings of their own (every fifth, from the third).
      const mixedRun = await run(
        {
          seekFraction: settings.seekFraction,
          sample: { pid: apiPid, intervalMs: 100 },
          listeners: at.map((moment, i) => {
            const personal = i % Math.round(1 / settings.personalShare) === 2
            const session = stored[i % audios.length] ?? sessionOf(i)
            const body = personal ? { ...defaultAudioSession(session.audioId), ...personalSettings() } : sessionOf(i).request
            return { at: moment, kind: personal ? 'personal' : 'default', xff: nextAddress(), cookie: nextAccount().cookie, body }
          }),
        },
        windowMs,
      )
      const mixedDrainSeconds = await drain(`${k} listeners, 20 % on personal settings`)
      const row = {
        reference: summarize(reference.listeners),
        defaults: { ...summarize(defaultsRun.listeners), usage: usageOf(defaultsRun), drainSeconds: defaultsDrainSeconds },
        mixed: {
          ...summarize(mixedRun.listeners),
          byKind: { default: summarize(mixedRun.listeners.filter((l) => l.kind === 'default')), personal: summarize(mixedRun.listeners.filter((l) => l.kind === 'personal')) },
          usage: usageOf(mixedRun),
          drainSeconds: mixedDrainSeconds,
        },
      }
      row.defaults.p95Ratio = ratio(row.defaults.pressToFirstByte.p95Ms, row.reference.pressToFirstByte.p95Ms)
      // The press as the player makes it: the stream's first byte (the manifest came at page open).
      const pairedOf = (listeners) => {
        const halves = { reference: summarize(listeners.filter((l) => l.kind === 'reference')), defaults: summarize(listeners.filter((l) => l.kind === 'default')) }
        return {
          ...halves,
          p95Ratio: ratio(halves.defaults.streamFirstByte.p95Ms, halves.reference.streamFirstByte.p95Ms),
          p50Ratio: ratio(halves.defaults.streamFirstByte.p50Ms, halves.reference.streamFirstByte.p50Ms),
        }
      }
      // The headline is every paired run's listeners together; each run's ratios are kept beside it.
      row.paired = { ...pairedOf(pairedRuns.flat()), runs: pairedRuns.map((listeners) => {
        const { p50Ratio, p95Ratio, reference, defaults } = pairedOf(listeners)
        return { p50Ratio, p95Ratio, reference: reference.streamFirstByte, defaults: defaults.streamFirstByte }
      }) }
      // The player asks for the manifest when the page opens, before the press: then the press
      // waits for the stream's first byte only.
      row.defaults.streamP95Ratio = ratio(row.defaults.streamFirstByte.p95Ms, row.reference.streamFirstByte.p95Ms)
      row.defaults.streamP50Ratio = ratio(row.defaults.streamFirstByte.p50Ms, row.reference.streamFirstByte.p50Ms)
      row.defaults.manifestP95Ratio = ratio(row.defaults.manifest.p95Ms, row.reference.manifest.p95Ms)
      row.defaults.p50Ratio = ratio(row.defaults.pressToFirstByte.p50Ms, row.reference.pressToFirstByte.p50Ms)
      row.mixed.p95Ratio = ratio(row.mixed.pressToFirstByte.p95Ms, row.reference.pressToFirstByte.p95Ms)
      row.mixed.p50Ratio = ratio(row.mixed.pressToFirstByte.p50Ms, row.reference.pressToFirstByte.p50Ms)
      loads[k] = row
      const r = row.reference.pressToFirstByte
      const d = row.defaults.pressToFirstByte
      const m = row.mixed.pressToFirstByte
      log(`sessions-load K=${k}: press→first byte p50/p95 — nginx ${r.p50Ms}/${r.p95Ms} ms; defaults ${d.p50Ms}/${d.p95Ms} ms (${row.defaults.p95Ratio}×), refused ${row.defaults.refusedTotal}, errors ${row.defaults.errorsTotal}`)
      const pr = row.paired.reference.streamFirstByte
      const pd = row.paired.defaults.streamFirstByte
      log(`sessions-load K=${k}: press → stream's first byte in ${settings.pairedRuns} runs, every other arrival — nginx ${pr.p50Ms}/${pr.p95Ms} ms; defaults ${pd.p50Ms}/${pd.p95Ms} ms (${row.paired.p95Ratio}×; each run ${row.paired.runs.map((x) => `${x.p95Ratio}×`).join(', ')}), refused ${row.paired.defaults.refusedTotal}, errors ${row.paired.defaults.errorsTotal + row.paired.reference.errorsTotal}`)
      log(
        `sessions-load K=${k}: manifest p50/p95 — nginx ${row.reference.manifest.p50Ms}/${row.reference.manifest.p95Ms} ms; defaults ${row.defaults.manifest.p50Ms}/${row.defaults.manifest.p95Ms} ms; ` +
          `stream first byte p95 (manifest fetched at page open) nginx ${row.reference.streamFirstByte.p95Ms} ms, defaults ${row.defaults.streamFirstByte.p95Ms} ms (${row.defaults.streamP95Ratio}×)`,
      )
      log(
        `sessions-load K=${k}: 20 % personal ${m.p50Ms}/${m.p95Ms} ms (${row.mixed.p95Ratio}×), refused ${row.mixed.refusedTotal}, errors ${row.mixed.errorsTotal}; ` +
          `CPU ${row.mixed.usage.cpuSecondsPerListenerHour} s per listener-hour, peak ${row.mixed.usage.peakRssMb} MB, ${row.mixed.usage.peakListenerRenders} renders at once`,
      )
    } catch (error) {
      failure = `K=${k}: ${error.message}`
      loads[k] = { error: error.message }
      log(`sessions-load K=${k} failed: ${error.message}`)
      break
    }
  }

  // 4. A subscriber's new sessions, without and with an anonymous flood of demo sessions.
  let floodRow = null
  let variantsSeconds = null
  let storedVariants = []
  if (!failure) {
    try {
      const presses = () =>
        Array.from({ length: settings.presses }, (_, j) => ({
          at: j * settings.pressGapMs,
          kind: 'press',
          xff: nextAddress(),
          cookie: nextAccount().cookie,
          body: { ...defaultAudioSession(audios[0].id), ...personalSettings() },
        }))
      const pressSpanMs = settings.presses * settings.pressGapMs
      // A new personal session's press waits for its manifest and its render: measured from the
      // manifest's request, as in every run before (pressAfterMs 0).
      // The flood asks for the demo's variants: rendered ahead first of all, by now in storage (else read once).
      const variantsStarted = performance.now()
      storedVariants = await ensureStored(
        apiUrl,
        variants.map((request, i) => ({ name: `demo ${i + 1}`, request, cookie: null, graceMs: settings.warm === 'ahead' ? Infinity : 60_000 })),
        nextAddress,
        { timeoutMs: 3_600_000 },
      )
      variantsSeconds = round((performance.now() - variantsStarted) / 1000, 0)
      log(`sessions-load: the demo's ${variants.length} variants stored (${variantsSeconds} s; ${storedVariants.filter((w) => w.forced).length} read once)`)
      await drain('storing the demo variants')
      const quietRun = await run({ seekFraction: null, pressAfterMs: 0, sample: { pid: apiPid, intervalMs: 100 }, listeners: presses() }, pressSpanMs)
      await drain('the presses without flood')
      const stopDir = mkdtempSync(join(tmpdir(), 'sintonia-bench-flood-'))
      const stopFile = join(stopDir, 'stop')
      const flooding = runPinnedJson(
        CLIENT_CPU,
        FLOOD,
        { apiUrl, filesUrl: nginxUrl, demoAudioId, variants, concurrency: settings.flooders, rangeBytes: settings.rangeBytes, stopFile, maxMs: pressSpanMs + 4 * timeoutMs + 30_000 },
        { timeoutMs: pressSpanMs + 4 * timeoutMs + 90_000, niceness: settings.floodNiceness },
      )
      let floodedRun
      let flood
      try {
        await sleep(3000)
        floodedRun = await run({ seekFraction: null, pressAfterMs: 0, sample: { pid: apiPid, intervalMs: 100 }, listeners: presses() }, pressSpanMs)
      } finally {
        writeFileSync(stopFile, '')
        flood = await flooding.catch((error) => ({ error: error.message }))
        rmSync(stopDir, { recursive: true, force: true })
      }
      await drain('the flood')
      floodRow = {
        presses: settings.presses,
        pressGapMs: settings.pressGapMs,
        flooders: settings.flooders,
        floodNiceness: settings.floodNiceness,
        quiet: { ...summarize(quietRun.listeners), usage: usageOf(quietRun) },
        flooded: { ...summarize(floodedRun.listeners), usage: usageOf(floodedRun) },
        flood,
      }
      floodRow.p95Ratio = ratio(floodRow.flooded.pressToFirstByte.p95Ms, floodRow.quiet.pressToFirstByte.p95Ms)
      floodRow.budgetMet = floodRow.p95Ratio !== null && floodRow.p95Ratio <= 1.5
      log(
        `sessions-load flood: a subscriber's new session p95 ${floodRow.quiet.pressToFirstByte.p95Ms} ms → ${floodRow.flooded.pressToFirstByte.p95Ms} ms under the flood (${floodRow.p95Ratio}×); ` +
          `flood ${flood.rps} req/s, POST ${JSON.stringify(flood.post)}, stream ${JSON.stringify(flood.stream)}`,
      )
    } catch (error) {
      failure = `flood: ${error.message}`
      floodRow = { error: error.message }
      log(`sessions-load flood failed: ${error.message}`)
    }
  }

  const largest = Math.max(...settings.listeners)
  const goalAt = loads[1000]?.defaults ? 1000 : largest
  notes.push(
    'POST /api/sessions allows 120 requests a minute per address: every listener (and every flood request) comes from its own address in X-Forwarded-For, which the instance under test trusts from 127.0.0.1 (TRUST_PROXY). No limit of the API was raised.',
    'The instance under test is a second API process on the bench database and media folder, with SESSION_PRERENDER=on; the run\'s main instance stays up beside it, idle but for its own renders ahead (nice 19, same core).',
    `Manifests through nginx, proxied to the API as deployed (one origin, so the stream of a stored session comes over the connection the manifest opened, as the reference's file does); stored sessions' signed addresses (direct.url, or the stream's redirect) from nginx with secure_link, as deployed; streams being rendered from the API. The reference: nginx, the same manifest and session file as static files.`,
    'nginx runs on the core of the load generator, the two API instances (and their renders) on the other: as deployed, where nginx (or a CDN) serves the stored files and the API\'s work does not delay them. The reference nginx is the same process, on the same core.',
    'The press: the player asks for the manifest when the page opens and the press asks for the stream only (docs/product/sessions.md), so "press → first byte" is the stream\'s first byte; "page open → manifest" and the two back to back are reported beside it.',
    'The 20 % run is compared with the reference of the same K (same arrivals).',
    'The paired runs (loads[K].paired, each in loads[K].paired.runs): K arrivals, every other one nginx\'s static manifest and file, the others the API\'s default sessions; both halves under the same background, so their difference is the press itself. The headline pools every paired run\'s listeners.',
  )
  return {
    budget: { defaultsP95RatioMax: 1.1, defaultsBudgetAtListeners: 1000, floodP95RatioMax: 1.5 },
    settings: { ...settings, arrivals: 'Poisson: K uniform moments over the window, the same for the app and nginx' },
    prepared: prepared ?? null,
    sessions: stored.map((s) => ({ name: s.name, key: s.manifest.key, durationSeconds: s.manifest.durationSeconds, bytes: s.manifest.bytes, forced: s.forced })),
    warmUp: {
      seconds: warmSeconds,
      forced: warm.filter((w) => w.forced).map((w) => w.name),
      quietAfterSeconds: quiet.waitedSeconds,
      demoVariantsSeconds: variantsSeconds,
      demoVariantsForced: storedVariants.filter((w) => w.forced).map((w) => w.name),
    },
    loads,
    // The goal is the press as the player makes it: the manifest was asked when the page opened
    // (docs/product/sessions.md), so a press waits for the stream's first byte only. The manifest
    // and the two together are reported beside it.
    defaultsGoal: {
      listeners: goalAt,
      measure: 'press → first byte of the stream, the manifest asked at page open',
      p95Ratio: loads[goalAt]?.defaults?.streamP95Ratio ?? null,
      manifestAndStreamP95Ratio: loads[goalAt]?.defaults?.p95Ratio ?? null,
      // The same press, the two halves of one run (2b): what the stored session costs beside the file.
      pairedP95Ratio: loads[goalAt]?.paired?.p95Ratio ?? null,
      met: goalAt === 1000 ? (loads[1000].defaults.streamP95Ratio ?? Infinity) <= 1.1 : null,
    },
    flood: floodRow,
    failure,
    notes,
  }
}

/** POST /api/sessions once: {status, body}. */
async function describe(apiUrl, request, { cookie, xff }) {
  const response = await fetch(`${apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(request),
  })
  const text = await response.text()
  let body
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, body }
}

/**
 * Waits until every session is stored (its manifest has `direct`), as rendered ahead when the
 * instance started. One still not stored after its `graceMs` is read once, whole, by its first
 * listener (as in production when a listener comes first), which gets it rendered and stored.
 */
async function ensureStored(apiUrl, sessions, nextAddress, { timeoutMs = 900_000 } = {}) {
  const started = Date.now()
  const results = sessions.map((s) => ({ name: s.name, manifest: null, forced: false }))
  const reading = new Set()
  while (results.some((r) => !r.manifest?.direct)) {
    if (Date.now() - started > timeoutMs) throw new Error(`sessions not stored after ${timeoutMs / 1000} s: ${results.filter((r) => !r.manifest?.direct).map((r) => r.name).join(', ')}`)
    for (const [i, session] of sessions.entries()) {
      const result = results[i]
      if (result.manifest?.direct || reading.has(i)) continue
      const answer = await describe(apiUrl, session.request, { cookie: session.cookie, xff: nextAddress() })
      // 429: the warming listener already has two renders running (SESSION_RENDERS_AT_ONCE_PER_LISTENER); 503: the queue is full.
      if (answer.status === 429 || answer.status === 503) continue
      if (answer.status !== 200) throw new Error(`${session.name}: POST /api/sessions ${answer.status} ${JSON.stringify(answer.body)}`)
      result.manifest = answer.body
      // Two reads at a time: the instance renders two sessions at once for a listener.
      if (!answer.body.direct && Date.now() - started > session.graceMs && reading.size < 2) {
        reading.add(i)
        result.forced = true
        log(`sessions-load: reading "${session.name}" once so that it is rendered (${round(answer.body.durationSeconds / 60, 1)} min)`)
        void fetch(`${apiUrl}${answer.body.url}`, { headers: { 'x-forwarded-for': nextAddress(), ...(session.cookie ? { cookie: session.cookie } : {}) } })
          .then((response) => response.arrayBuffer())
          .catch((error) => log(`sessions-load: reading "${session.name}": ${error.message}`))
          .finally(() => reading.delete(i))
      }
    }
    if (results.some((r) => !r.manifest?.direct)) await sleep(2000)
  }
  return results
}

// Hundredths of a millisecond: the stored sessions' first bytes and nginx's file's differ by tenths, and their ratio is the goal.
const stats = (values) => ({ p50Ms: round(median(values), 2), p95Ms: round(percentile(values, 95), 2), maxMs: values.length ? round(Math.max(...values), 2) : null })
const bump = (map, key) => (map[key] = (map[key] ?? 0) + 1)

/**
 * Per phase: how many listeners got their first bytes, were refused (429, or 503 "Muitas sessões…":
 * the designed answers under load) or failed (other 4xx/5xx, connection failures, timeouts), and
 * the times (press → first byte of the stream; the stream's request → its first byte; the seek).
 */
function summarize(listeners) {
  const refused = {}
  const errors = {}
  const seekErrors = {}
  for (const l of listeners) {
    const status = l.pressStatus !== 200 && l.pressStatus !== undefined ? l.pressStatus : l.streamStatus !== undefined && l.streamStatus !== 200 && l.streamStatus !== 206 ? l.streamStatus : null
    if (l.failure) bump(errors, l.failure)
    else if (status === 429 || (status === 503 && l.message === SESSION_MSG.busy)) bump(refused, status)
    else if (status !== null) bump(errors, `${status}${l.message ? ` ${l.message}` : ''}`)
    if (l.seekFailure) bump(seekErrors, l.seekFailure)
    else if (l.seekStatus !== undefined && l.seekStatus !== 206 && l.seekStatus !== 200) bump(seekErrors, l.seekStatus)
  }
  const ok = listeners.filter((l) => l.firstByteMs !== undefined)
  const manifests = listeners.filter((l) => l.manifestMs !== undefined && l.pressStatus === 200)
  return {
    listeners: listeners.length,
    ok: ok.length,
    refusedTotal: Object.values(refused).reduce((a, b) => a + b, 0),
    refused,
    errorsTotal: Object.values(errors).reduce((a, b) => a + b, 0),
    errors,
    direct: ok.filter((l) => l.direct).length,
    redirected: ok.filter((l) => l.redirected).length,
    pressToFirstByte: stats(ok.map((l) => l.firstByteMs)),
    streamFirstByte: stats(ok.map((l) => l.streamFirstByteMs)),
    manifest: stats(manifests.map((l) => l.manifestMs)),
    seek: { ...stats(ok.filter((l) => l.seekFirstByteMs !== undefined).map((l) => l.seekFirstByteMs)), errors: seekErrors },
    listenerHours: round(manifests.reduce((sum, l) => sum + (l.durationSeconds ?? 0), 0) / 3600, 2),
    clientLateP95Ms: round(percentile(listeners.map((l) => l.late), 95), 0),
  }
}

/** CPU of the API and its ffmpeg children per listener-hour requested (the manifests' lengths), memory, renders at once. */
function usageOf(run) {
  const u = run.usage
  if (!u || u.error) return { error: u?.error ?? 'not sampled' }
  const hours = run.listeners.filter((l) => l.pressStatus === 200).reduce((sum, l) => sum + (l.durationSeconds ?? 0), 0) / 3600
  const cpu = u.processCpuSeconds + u.listenerChildrenCpuSeconds
  return {
    seconds: run.seconds,
    apiCpuSeconds: round(u.processCpuSeconds, 2),
    rendersCpuSeconds: round(u.listenerChildrenCpuSeconds, 2),
    aheadRendersCpuSeconds: round(u.aheadChildrenCpuSeconds, 2),
    reapedChildrenCpuSeconds: round(u.reapedCpuSeconds, 2),
    listenerHours: round(hours, 2),
    cpuSecondsPerListenerHour: hours > 0 ? round(cpu / hours, 2) : null,
    peakRssMb: u.peakRssMb,
    peakListenerRenders: u.peakListenerChildren,
    peakAheadRenders: u.peakAheadChildren,
    listenerRenders: u.listenerChildren,
  }
}
