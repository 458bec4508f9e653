// `node --import tsx bench/render-cost.mjs [runs]` (from the repository root): what a session's
// render costs on this machine, on the seeded catalogue alone (no database, no server, no
// installs): the four longest practices, the first music track, as the sessions suite measures
// them (lib/render-cost.mjs). BENCH_RENDER_MUSIC=<file> renders over another track (a canonical
// MP3, e.g. a stereo one). Each figure is the median of `runs` (3) renders, taken one after the
// other; on a shared machine, read them beside a run of the code before a change, taken the same way.
import { readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { repoRoot, round, median } from './lib/common.mjs'
import { renderCosts } from './lib/render-cost.mjs'

const runs = Number(process.argv[2] ?? 3)
const mediaDir = join(repoRoot, 'apps/api/src/seed/media')
const manifest = JSON.parse(readFileSync(join(mediaDir, 'manifest.json'), 'utf8'))
const voices = Object.entries(manifest)
  .filter(([file]) => !file.startsWith('music-'))
  .sort(([, a], [, b]) => b.bytes - a.bytes)
  .slice(0, 4)
  .map(([file]) => ({ id: file, title: file, file_key: file }))
const musicPath = process.env.BENCH_RENDER_MUSIC ?? join(mediaDir, Object.keys(manifest).find((file) => file.startsWith('music-')))
const music = { id: 'music', title: basename(musicPath), file_key: basename(musicPath) }
// Every source is read from one folder: the chosen track may live elsewhere.
const paths = { mediaDir, musicDir: dirname(musicPath) }

const results = []
for (let run = 0; run < runs; run++) results.push(await renderCosts({ audios: voices, music, mediaDir: paths.mediaDir, musicDir: paths.musicDir }))
const pick = (which, field) => round(median(results.map((result) => result[which][field])), 2)
const summary = Object.fromEntries(
  ['session', 'day'].map((which) => [
    which,
    {
      durationSeconds: results[0][which].durationSeconds,
      cpuSeconds: pick(which, 'cpuSeconds'),
      wallSeconds: pick(which, 'wallSeconds'),
      realtimePerCpuSecond: pick(which, 'realtimePerCpuSecond'),
      peakMemoryMb: pick(which, 'peakMemoryMb'),
      bytesPerMinute: results[0][which].bytesPerMinute,
      cpuSecondsPerRun: results.map((result) => result[which].cpuSeconds),
    },
  ]),
)
console.log(JSON.stringify({ ffmpeg: results[0].ffmpeg, music: music.title, runs, ...summary }, null, 2))
