/**
 * The ffmpeg command that mixes a planned session (./session-plan.ts) into one MP3 stream on
 * stdout. Every length is forced in samples (apad + atrim), so the stream matches the plan exactly,
 * whatever the source files' own padding. Pure: tested on its own and run by ./renderer.ts.
 */
import { SESSION_BITRATE_KBPS, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { CANONICAL_AUDIO, inputArguments } from '../../lib/media/canonical-audio.js'
import type { SessionPlan } from './session-plan.js'

const FORMAT = `aresample=${SESSION_SAMPLE_RATE},aformat=sample_fmts=flt:channel_layouts=mono`
/**
 * The voices are repeated in 16-bit (aloop keeps one repetition in memory: half the memory of
 * floats, and the sources are MP3s anyway), and mixed in floats.
 */
const VOICE_FORMAT = `aresample=${SESSION_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`

/**
 * `paths` maps a stored file key to a file ffmpeg can read. Every source is a canonical MP3
 * (docs/decisions/026-canonical-media.md) and is opened as one: never probed, local files only.
 */
export function renderArguments(plan: SessionPlan, paths: ReadonlyMap<string, string>): string[] {
  const pathOf = (key: string) => {
    const path = paths.get(key)
    if (!path) throw new Error(`arquivo de origem ausente: ${key}`)
    return path
  }
  const inputs: string[] = []
  const filters: string[] = []
  const segments: string[] = ['[lead]']
  filters.push(`anullsrc=r=${SESSION_SAMPLE_RATE}:cl=mono,${VOICE_FORMAT},atrim=end_sample=${plan.leadSamples}[lead]`)

  plan.items.forEach((item, index) => {
    inputs.push(...inputArguments(CANONICAL_AUDIO.demuxer, pathOf(item.voice.fileKey)))
    const cycle = item.voice.samples + item.pauseSamples
    // Repetitions that begin before the end are rendered; a sleep timer's end trims the last one.
    const plays = Math.max(1, item.repetitionStarts.length)
    const chain = [`[${index}:a]${VOICE_FORMAT}`, 'apad', `atrim=end_sample=${cycle}`]
    if (plays > 1) chain.push(`aloop=loop=${plays - 1}:size=${cycle}`)
    const extraGap = item.gapSamples - item.pauseSamples
    if (extraGap > 0) chain.push(`apad=pad_len=${extraGap}`)
    filters.push(`${chain.join(',')}[v${index}]`)
    segments.push(`[v${index}]`)
  })
  filters.push(`${segments.join('')}concat=n=${segments.length}:v=0:a=1,aformat=sample_fmts=flt:channel_layouts=mono,apad,atrim=end_sample=${plan.totalSamples}[voice]`)

  let mix = '[voice]'
  if (plan.music) {
    const musicInput = plan.items.length
    inputs.push('-stream_loop', '-1', ...inputArguments(CANONICAL_AUDIO.demuxer, pathOf(plan.music.fileKey)))
    const gain = (plan.musicLevel / 100).toFixed(4)
    filters.push(`[${musicInput}:a]${FORMAT},volume=${gain},atrim=end_sample=${plan.totalSamples}[music]`)
    filters.push('[voice][music]amerge=inputs=2,pan=mono|c0=c0+c1[mixed]')
    mix = '[mixed]'
  }
  filters.push(
    `${mix}afade=t=in:ss=0:ns=${plan.leadSamples},afade=t=out:ss=${plan.fadeOutStart}:ns=${plan.fadeOutSamples},` +
      // Catches the rare peak where a loud voice meets loud music; never raises the level.
      'alimiter=limit=0.97:attack=5:level=disabled[out]',
  )

  return [
    '-hide_banner',
    '-v',
    'error',
    '-nostdin',
    '-threads',
    '1',
    '-filter_threads',
    '1',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[out]',
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${SESSION_BITRATE_KBPS}k`,
    '-ar',
    String(SESSION_SAMPLE_RATE),
    '-ac',
    '1',
    '-write_xing',
    '0',
    '-id3v2_version',
    '0',
    '-flush_packets',
    '1',
    '-f',
    'mp3',
    'pipe:1',
  ]
}
