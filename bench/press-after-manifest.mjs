// Does the stream's first byte depend on what served the manifest before it? The sessions-load
// suite's paired run, without the API: our nginx (lib/nginx.mjs, on the load generator's core as
// in that suite) serves every other listener a static manifest and the stored file from /static/,
// the others a manifest from a stand-in upstream that answers after `UPSTREAM_MS` (the real
// manifest's median, on the API's core) and the same file from the signed /api/files/ location.
// Run with the press right after the manifest, then `PRESS_AFTER_MS` later, side by side:
//   node --import tsx bench/press-after-manifest.mjs [K=1000] [PRESS_AFTER_MS=500] [UPSTREAM_MS=3]
// It prints, per press delay, the stream's first byte p50 / p95 of both halves and their ratio
// (docs/decisions/025-sessions-fair-under-load.md, amendment of 2026-12-07).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signMediaUrl } from '../apps/api/src/lib/media/signed-media-url.ts'
import { CLIENT_CPU, SERVER_CPU, arrivals, median, percentile, repoRoot, runPinnedJson, startPinned, waitForHttp } from './lib/common.mjs'
import { startNginx } from './lib/nginx.mjs'
import { BENCH_MEDIA_URL_SECRET } from './lib/stack.mjs'

const [k = 1000, pressAfterMs = 500, upstreamMs = 3] = process.argv.slice(2).map(Number)
const NGINX_PORT = 4711
const UPSTREAM_PORT = 4710
const dir = mkdtempSync(join(tmpdir(), 'sintonia-bench-press-'))
const key = 'sessao-armazenada'
const source = join(repoRoot, 'apps/api/src/seed/media/noite-serena.mp3')
mkdirSync(join(dir, 'media', 'sessions'), { recursive: true })
mkdirSync(join(dir, 'static'), { recursive: true })
copyFileSync(source, join(dir, 'media', 'sessions', `${key}.mp3`))
copyFileSync(source, join(dir, 'static', `${key}.mp3`))
const bytes = statSync(source).size
// Signed as the API signs it, checked by nginx's secure_link as deployed.
const direct = signMediaUrl(`sessions/${key}.mp3`, { secret: BENCH_MEDIA_URL_SECRET, expires: Math.floor(Date.now() / 1000) + 7200 })
const manifest = { key, url: `/api/sessions/${key}/audio`, bytes, direct: { url: direct } }
writeFileSync(join(dir, 'static', `${key}.json`), JSON.stringify(manifest))
writeFileSync(
  join(dir, 'upstream.mjs'),
  `import http from 'node:http'
const body = ${JSON.stringify(JSON.stringify(manifest))}
http.createServer((req, res) => {
  req.resume()
  req.on('end', () => setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }, ${upstreamMs}))
}).listen(${UPSTREAM_PORT}, '127.0.0.1')
`,
)

const upstream = startPinned(SERVER_CPU, process.execPath, [join(dir, 'upstream.mjs')])
let nginx = null
try {
  await waitForHttp(`http://127.0.0.1:${UPSTREAM_PORT}/`, { timeoutMs: 10_000, ok: () => true })
  nginx = await startNginx({ dir: join(dir, 'nginx'), port: NGINX_PORT, mediaRoot: join(dir, 'media'), apiPort: UPSTREAM_PORT, staticRoot: join(dir, 'static'), cpu: CLIENT_CPU })
  const moments = arrivals(k, 60_000, k)
  const url = `http://127.0.0.1:${NGINX_PORT}`
  for (const delay of [0, pressAfterMs]) {
    const { listeners } = await runPinnedJson(
      CLIENT_CPU,
      join(repoRoot, 'bench/lib/load-sessions.mjs'),
      {
        apiUrl: url,
        filesUrl: url,
        rangeBytes: 256 * 1024,
        pressAfterMs: delay,
        seekFraction: null,
        timeoutMs: 30_000,
        sample: null,
        listeners: moments.map((at, i) =>
          i % 2 === 0
            ? { at, kind: 'nginx', xff: `10.0.0.${i % 250}`, reference: { manifestPath: `/static/${key}.json`, filePath: `/static/${key}.mp3`, bytes } }
            : { at, kind: 'stored', xff: `10.0.0.${i % 250}`, body: { items: [] } },
        ),
      },
      { timeoutMs: 300_000 },
    )
    const of = (kind) => {
      const times = listeners.filter((l) => l.kind === kind && l.streamFirstByteMs !== undefined).map((l) => l.streamFirstByteMs)
      return { n: times.length, p50: median(times), p95: percentile(times, 95) }
    }
    const [file, stored] = [of('nginx'), of('stored')]
    const ms = (value) => value.toFixed(3)
    console.log(
      `press ${delay} ms after the manifest: nginx's file ${ms(file.p50)} / ${ms(file.p95)} ms (${file.n}), ` +
        `stored session after the upstream's manifest ${ms(stored.p50)} / ${ms(stored.p95)} ms (${stored.n}): ` +
        `p50 ${(stored.p50 / file.p50).toFixed(2)}×, p95 ${(stored.p95 / file.p95).toFixed(2)}×`,
    )
  }
} finally {
  await nginx?.stop()
  await upstream.stop()
  rmSync(dir, { recursive: true, force: true })
}
