// The readable side of bench/results/latest.json: one table per suite, every figure next to its
// reference and its budget.
const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : typeof value === 'number' ? value.toFixed(digits).replace(/\.0+$/, '') : String(value))
const verdict = (met) => (met === null || met === undefined ? '' : met ? '✅ met' : '❌ missed')

function table(headers, rows) {
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

export function renderSummary(results) {
  const s = results.suites
  const out = [`# Benchmark run ${results.startedAt}`, '']
  const m = results.machine
  out.push(
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average at start ${m.loadAverageAtStart.map((x) => x.toFixed(1)).join(' / ')}, at end ${(m.loadAverageAtEnd ?? []).map((x) => x.toFixed(1)).join(' / ')}. Server and nginx on core 0, load generators and Chromium on core 1. Total ${results.totalSeconds} s.`,
    '',
  )
  const failed = (name) => (s[name]?.error ? `**${name} failed:** ${s[name].error}\n` : null)

  if (s.bundle) {
    out.push('## Initial JS of `/`', '')
    out.push(failed('bundle') ?? `${fmt(s.bundle.gzipKb)} KB gzip (${fmt(s.bundle.rawKb)} KB raw) in ${s.bundle.files.length} files; budget ${s.bundle.budgetGzipKb} KB ${verdict(s.bundle.gzipKb <= s.bundle.budgetGzipKb)}`, '')
  }
  if (s.streaming) {
    out.push('## Audio streaming (32 connections; signed addresses ÷ nginx sendfile with no check, ADR 021)', '')
    const auth = s.streaming.authorisation
    out.push(
      failed('streaming') ??
        table(
          ['workload', 'signed via nginx MB/s', 'signed via the API MB/s', 'nginx MB/s', 'nginx-signed ÷ nginx', 'API-signed ÷ nginx', 'p99 TTFB signed / nginx (ms)', 'budget ≥ 0.9×'],
          Object.entries(s.streaming.workloads).map(([name, w]) => [
            name,
            fmt(w.signed.mbPerSec),
            fmt(w.apiSigned.mbPerSec),
            fmt(w.nginx.mbPerSec),
            fmt(w.signedRatio, 2),
            fmt(w.apiSignedRatio, 2),
            `${fmt(w.signed.ttfbP99Ms)} / ${fmt(w.nginx.ttfbP99Ms)}`,
            verdict(w.signedRatio >= 0.9),
          ]),
        ) + (auth ? `\n\nThe authorising request (\`GET /api/audios/:id/file\` → 302, subscriber's sign-in and subscription checked): ${fmt(auth.rps, 0)} req/s, p50 ${fmt(auth.p50Ms)} ms, p99 ${fmt(auth.p99Ms)} ms.` : ''),
      '',
    )
  }
  if (s.instances) {
    out.push('## Two instances behind nginx vs one (catalogue and search, 500 req/s, p99)', '')
    out.push(
      failed('instances') ??
        table(
          ['endpoint', 'one instance p99 (ms)', 'two behind nginx p99 (ms)', 'two ÷ one', 'p50 one / two (ms)', 'budget p99 ≤ 25 ms'],
          Object.entries(s.instances.endpoints).map(([name, r]) => [name, fmt(r.one.p99Ms), fmt(r.two.p99Ms), fmt(r.p99Ratio, 2), `${fmt(r.one.p50Ms)} / ${fmt(r.two.p50Ms)}`, verdict(r.budgetMet)]),
        ),
      '',
    )
  }
  if (s.sessions) {
    const x = s.sessions
    out.push('## Sessions (press play → playing, Slow 4G; render cost)', '')
    out.push(
      failed('sessions') ??
        [
          table(
            ['source', 'p50 (ms)', 'p95 (ms)', 'p95 ÷ nginx', 'budget'],
            [
              ['session never rendered', fmt(x.uncached.p50Ms, 0), fmt(x.uncached.p95Ms, 0), fmt(x.uncachedP95Ratio, 2), `≤ ${x.budget.uncachedP95RatioMax}× ${verdict(x.uncachedP95Ratio <= x.budget.uncachedP95RatioMax)}`],
              ['session in the cache', fmt(x.cached.p50Ms, 0), fmt(x.cached.p95Ms, 0), fmt(x.cachedP95Ratio, 2), `≤ ${x.budget.cachedP95RatioMax}× ${verdict(x.cachedP95Ratio <= x.budget.cachedP95RatioMax)}`],
              ['raw voice file, nginx', fmt(x.nginx.p50Ms, 0), fmt(x.nginx.p95Ms, 0), '1', ''],
            ],
          ),
          '',
          `Manifest (POST /api/sessions, asked when the page opens) p50 ${fmt(x.describeLocal.p50Ms, 0)} ms, p95 ${fmt(x.describeLocal.p95Ms, 0)} ms without throttling.`,
          '',
          table(
            ['render', 'session', 'wall (s)', 'CPU (s)', 'session s per CPU s', 'peak memory (MB)', 'bytes per minute'],
            [
              ['one audio × 5', `${fmt(x.render.session.durationSeconds / 60, 1)} min`, fmt(x.render.session.wallSeconds, 2), fmt(x.render.session.cpuSeconds, 2), fmt(x.render.session.realtimePerCpuSecond, 0), fmt(x.render.session.peakMemoryMb), fmt(x.render.session.bytesPerMinute, 0)],
              ['a programme day (4 audios × 2)', `${fmt(x.render.day.durationSeconds / 60, 1)} min`, fmt(x.render.day.wallSeconds, 2), fmt(x.render.day.cpuSeconds, 2), fmt(x.render.day.realtimePerCpuSecond, 0), fmt(x.render.day.peakMemoryMb), fmt(x.render.day.bytesPerMinute, 0)],
            ],
          ),
        ].join('\n'),
      '',
    )
  }
  if (s['sessions-load']) {
    const x = s['sessions-load']
    out.push(`## Sessions under load (K listeners pressing play within ${x.settings?.windowSeconds ?? 60} s, one instance; the press asks for the stream, the manifest was asked at page open)`, '')
    if (failed('sessions-load')) out.push(failed('sessions-load'), '')
    else {
      const pair = (stats, digits = 0) => `${fmt(stats.p50Ms, digits)} / ${fmt(stats.p95Ms, digits)}`
      // The stream's first byte is a fraction of a millisecond: shown to the hundredth.
      const press = (stats) => pair(stats, 2)
      const times = (p) => pair(p.pressToFirstByte)
      const counts = (p) => `${p.ok}/${p.listeners} · ${p.refusedTotal} · ${p.errorsTotal}`
      const seek = (p) => `${fmt(p.seek.p50Ms, 0)} / ${fmt(p.seek.p95Ms, 0)}${Object.keys(p.seek.errors).length ? ` (${Object.entries(p.seek.errors).map(([k, v]) => `${v} ${k}`).join(', ')})` : ''}`
      const rows = []
      for (const [k, r] of Object.entries(x.loads)) {
        if (r.error) {
          rows.push([k, `failed: ${r.error.slice(0, 300)}`, '', '', '', '', '', '', '', '', ''])
          continue
        }
        // The goal: the press as the player makes it, the manifest asked when the page opened.
        const goal = Number(k) === x.budget.defaultsBudgetAtListeners ? `≤ ${x.budget.defaultsP95RatioMax}× ${verdict(r.defaults.streamP95Ratio <= x.budget.defaultsP95RatioMax)}` : ''
        rows.push([k, 'nginx, static manifest and file', press(r.reference.streamFirstByte), '1', pair(r.reference.manifest), times(r.reference), seek(r.reference), counts(r.reference), '', '', ''])
        rows.push([
          k,
          'all at the default settings',
          press(r.defaults.streamFirstByte),
          fmt(r.defaults.streamP95Ratio, 2),
          pair(r.defaults.manifest),
          `${times(r.defaults)} (${fmt(r.defaults.p95Ratio, 2)}×)`,
          seek(r.defaults),
          counts(r.defaults),
          fmt(r.defaults.usage.cpuSecondsPerListenerHour, 2),
          fmt(r.defaults.usage.peakRssMb, 0),
          goal,
        ])
        if (r.paired) {
          for (const [label, half] of [
            [`${r.paired.runs ? `${r.paired.runs.length} runs` : 'one run'}, every other arrival: nginx, static manifest and file`, r.paired.reference],
            [`${r.paired.runs ? `${r.paired.runs.length} runs` : 'one run'}, every other arrival: at the default settings${r.paired.runs ? ` (each run ${r.paired.runs.map((run) => `${fmt(run.p95Ratio, 2)}×`).join(', ')})` : ''}`, r.paired.defaults],
          ]) {
            const isDefaults = half === r.paired.defaults
            rows.push([
              k,
              label,
              press(half.streamFirstByte),
              isDefaults ? fmt(r.paired.p95Ratio, 2) : '1',
              pair(half.manifest),
              times(half),
              seek(half),
              counts(half),
              '',
              '',
              isDefaults && Number(k) === x.budget.defaultsBudgetAtListeners ? `≤ ${x.budget.defaultsP95RatioMax}× ${verdict(r.paired.p95Ratio <= x.budget.defaultsP95RatioMax)} (paired)` : '',
            ])
          }
        }
        rows.push([
          k,
          `20 % personal (personal alone, manifest + stream: ${times(r.mixed.byKind.personal)})`,
          pair(r.mixed.streamFirstByte),
          '',
          pair(r.mixed.manifest),
          `${times(r.mixed)} (${fmt(r.mixed.p95Ratio, 2)}×)`,
          seek(r.mixed),
          counts(r.mixed),
          fmt(r.mixed.usage.cpuSecondsPerListenerHour, 2),
          `${fmt(r.mixed.usage.peakRssMb, 0)}, ${r.mixed.usage.peakListenerRenders ?? '—'} ffmpeg`,
          '',
        ])
      }
      out.push(
        table(
          ['K', 'listeners', 'press → first byte p50 / p95 (ms)', 'p95 ÷ nginx', 'page open → manifest p50 / p95 (ms)', 'manifest + stream p50 / p95 (ms)', 'seek p50 / p95 (ms)', 'first bytes · refused · errors', 'CPU s per listener-hour', 'peak RSS API + ffmpeg (MB)', 'budget'],
          rows,
        ),
        '',
      )
      const f = x.flood
      const codes = (map) => Object.entries(map ?? {}).map(([code, n]) => `${code}: ${n}`).join(', ')
      if (x.failure) out.push(`**Stopped early:** ${x.failure.slice(0, 1500)}`, '')
      out.push(
        !f || f.error
          ? `Flood: ${f ? `failed: ${f.error.slice(0, 500)}` : 'not run'}.`
          : `A subscriber's new personal session (${f.presses} presses, ${f.pressGapMs / 1000} s apart): p95 ${fmt(f.quiet.pressToFirstByte.p95Ms, 0)} ms alone, ${fmt(f.flooded.pressToFirstByte.p95Ms, 0)} ms under an anonymous flood of ${f.flooders} loops${f.floodNiceness ? ` at nice ${f.floodNiceness}` : ''} (${fmt(f.flood.rps, 0)} req/s; POST ${codes(f.flood.post)}; stream ${codes(f.flood.stream)}${Object.keys(f.flood.failures ?? {}).length ? `; failures ${codes(f.flood.failures)}` : ''}): **${fmt(f.p95Ratio, 2)}×**, budget ≤ ${x.budget.floodP95RatioMax}× ${verdict(f.budgetMet)}; refused ${f.quiet.refusedTotal} / ${f.flooded.refusedTotal}, errors ${f.quiet.errorsTotal} / ${f.flooded.errorsTotal}.`,
        '',
        ...x.notes.map((n) => `- ${n}`),
        '',
      )
    }
  }
  if (s.catalogue) {
    out.push('## Catalogue and search (10,000 audios)', '')
    out.push('Max req/s: autocannon, 50 connections. At 500 req/s: open loop, requests due every 2 ms over up to 50 connections, latency from when each was due.', '')
    out.push(
      failed('catalogue') ??
        table(
          ['endpoint', 'max app req/s', 'max reference req/s', 'app ÷ ref', 'p50 / p99 at 500 req/s app (ms)', 'p50 / p99 at 500 req/s ref (ms)', 'budget p99 ≤ 25 ms'],
          Object.entries(s.catalogue.endpoints).map(([name, e]) => [
            name,
            fmt(e.app.maxRps, 0),
            fmt(e.reference.maxRps, 0),
            fmt(e.rpsRatio, 3),
            `${fmt(e.app.at500P50Ms)} / ${fmt(e.app.at500P99Ms)}`,
            `${fmt(e.reference.at500P50Ms)} / ${fmt(e.reference.at500P99Ms)}`,
            verdict(e.at500BudgetMet),
          ]),
        ),
      '',
    )
    if (s.catalogue.plans) {
      out.push(
        table(
          ['query', 'uses an index', 'execution (ms)'],
          Object.entries(s.catalogue.plans).map(([name, p]) => [name, p.usesIndex ? 'yes' : 'no', fmt(p.executionMs, 2)]),
        ),
        '',
      )
    }
  }
  if (s.realtime) {
    out.push('## Realtime (content event from commit to every client)', '')
    out.push(
      failed('realtime') ??
        table(
          ['clients', 'delivered', 'p50 / p95 / p99 app (ms)', 'p50 / p95 / p99 ws reference (ms)', 'p99 ratio', 'KB per connection app / ref', 'budget p99 ≤ 250 ms at 1,000'],
          Object.entries(s.realtime.results).map(([clients, r]) => [
            clients,
            `${r.app.delivered}/${r.app.expected}`,
            `${fmt(r.app.p50Ms)} / ${fmt(r.app.p95Ms)} / ${fmt(r.app.p99Ms)}`,
            `${fmt(r.reference.p50Ms)} / ${fmt(r.reference.p95Ms)} / ${fmt(r.reference.p99Ms)}`,
            fmt(r.p99Ratio, 2),
            `${fmt(r.app.kbPerConnection)} / ${fmt(r.reference.kbPerConnection)}`,
            verdict(r.budgetMet),
          ]),
        ),
      '',
    )
  }
  if (s.landing) {
    out.push('## Landing (Lighthouse mobile, median of 3)', '')
    const l = s.landing
    out.push(
      failed('landing') ??
        table(
          ['page', 'performance', 'accessibility', 'LCP (ms)', 'FCP (ms)', 'TBT (ms)', 'CLS', 'JS transferred (KB)', 'all transferred (KB)'],
          [
            ['`/` (app)', l.app],
            ['static no-JS copy', l.static],
            ['`/`, browser pinned to one core', l.oneCore?.app],
            ['static copy, pinned to one core', l.oneCore?.static],
          ]
            .filter(([, m]) => m)
            .map(([name, m]) => [
              name,
              fmt(m.performance, 0),
              fmt(m.accessibility, 0),
              fmt(m.lcpMs, 0),
              fmt(m.fcpMs, 0),
              fmt(m.tbtMs, 0),
              fmt(m.cls, 3),
              fmt(m.jsTransferKb),
              fmt(m.totalTransferKb),
            ]),
        ) + `\n\nBudget (standard run): performance ≥ 95 ${verdict(l.app?.performance >= 95)}, accessibility ≥ 95 ${verdict(l.app?.accessibility >= 95)}; LCP app ÷ static ${fmt(l.lcpRatio, 2)}.`,
      '',
    )
  }
  if (s['audio-start']) {
    const a = s['audio-start']
    out.push('## Audio start (play → playing, Slow 4G, 10 plays)', '')
    out.push(
      failed('audio-start') ??
        table(['source', 'p50 (ms)', 'p95 (ms)', 'max (ms)'], [
          ['API file route (authorise, redirect, then the signed address)', fmt(a.app.p50Ms, 0), fmt(a.app.p95Ms, 0), fmt(a.app.maxMs, 0)],
          ...(a.signed ? [['the signed address, already in hand', fmt(a.signed.p50Ms, 0), fmt(a.signed.p95Ms, 0), fmt(a.signed.maxMs, 0)]] : []),
          ['nginx', fmt(a.nginx.p50Ms, 0), fmt(a.nginx.p95Ms, 0), fmt(a.nginx.maxMs, 0)],
        ]) + `\n\np95 file route ÷ nginx ${fmt(a.p95Ratio, 2)}${a.signed ? `, signed address ÷ nginx ${fmt(a.signedP95Ratio, 2)} (budget ≤ 1.1 ${verdict(a.signedP95Ratio <= 1.1)})` : ` (budget ≤ 1.1 ${verdict(a.p95Ratio <= 1.1)})`}; file ${a.file.bytes} bytes.`,
      '',
    )
  }
  if (s.engines) {
    out.push('## PGlite vs PostgreSQL (reference, same repository queries, 10,000 audios)', '')
    out.push(
      failed('engines') ??
        table(
          ['query', 'PGlite p50 / p95 (ms)', 'Postgres p50 / p95 (ms)', 'PGlite ÷ Postgres (p50)'],
          Object.entries(s.engines.queries).map(([name, q]) => [name, `${fmt(q.pglite.p50Ms, 2)} / ${fmt(q.pglite.p95Ms, 2)}`, `${fmt(q.postgres.p50Ms, 2)} / ${fmt(q.postgres.p95Ms, 2)}`, fmt(q.p50Ratio, 2)]),
        ),
      '',
    )
  }
  return out.join('\n') + '\n'
}
