/**
 * The ffmpeg command that mixes a stretch of a planned session (./session-plan.ts) into MP3 on
 * stdout: one fixed command line (RENDER_ARGUMENTS) and, per stretch, a filter graph sent on its
 * stdin, so the process can be started before anyone asks (./warm-renders.ts, ADR 037). A session is rendered in stretches (docs/decisions/028-sessions-rendered-in-pieces.md):
 * the command builds, from the plan alone, the mix of any window of samples — which repetition of
 * which audio sounds where, and where the looped music is — so a render can start anywhere without
 * mixing what comes before. Every length is forced in samples (apad + atrim), so the stream matches
 * the plan exactly, whatever the source files' own padding. Pure: tested on its own and run by
 * ./renderer.ts.
 */
import { SESSION_BITRATE_KBPS, SESSION_CHANNELS, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { CANONICAL_AUDIO, movieSource } from '../../lib/media/canonical-audio.js'
import type { SessionPlan } from './session-plan.js'

/**
 * The music is mixed in stereo: a stereo track keeps its width, a mono one (stored before ADR 034)
 * is spread on both sides, each at −3 dB (ffmpeg's upmix), as loud as a stereo track at the same
 * loudness (docs/decisions/034-session-sound-quality.md).
 */
const MUSIC_FORMAT = `aresample=${SESSION_SAMPLE_RATE},aformat=sample_fmts=flt:channel_layouts=stereo`
/**
 * The voice plays on both sides at full level, as the mono stream played it; the music is raised
 * by the same 3 dB its stereo measure leaves it under a mono voice, so a level means what it meant.
 */
const MUSIC_TO_VOICE = Math.SQRT2
/**
 * The voices are repeated in 16-bit (aloop keeps one repetition in memory: half the memory of
 * floats, and the sources are MP3s anyway), and mixed in floats.
 */
const VOICE_FORMAT = `aresample=${SESSION_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`
/** The voice (mono, FC) in the centre: at full level on both sides, alone or over the music's own sides. */
const CENTRED_VOICE = 'pan=stereo|FL=FC|FR=FC'
const CENTRED_VOICE_OVER_MUSIC = 'pan=stereo|FL=FC+FL|FR=FC+FR'
/** A track looped more often than this within one window is decoded once and looped in memory. */
const MUSIC_INPUTS_MAX = 4

/** Samples of the mix, [start, end): what one ffmpeg run produces (before the encoder's delay). */
export interface MixWindow {
  start: number
  end: number
}

/**
 * The graph of one stretch. `paths` maps a stored file key to a file ffmpeg can read;
 * `musicSamples` is the decoded length of the plan's track (its loop). Every source is a canonical
 * MP3 (docs/decisions/026-canonical-media.md) and is opened as one: never probed, local files only.
 * Without a window, the whole session.
 */
export function renderGraph(
  plan: SessionPlan,
  paths: ReadonlyMap<string, string>,
  musicSamples: number | null,
  window: MixWindow = { start: 0, end: plan.totalSamples },
): string {
  const pathOf = (key: string) => {
    const path = paths.get(key)
    if (!path) throw new Error(`arquivo de origem ausente: ${key}`)
    return path
  }
  const { start, end } = window
  if (!(start >= 0 && end > start && end <= plan.totalSamples)) throw new Error(`janela fora da sessão: ${start}–${end}`)
  const length = end - start
  const source = (key: string) => movieSource(CANONICAL_AUDIO.demuxer, pathOf(key))
  const filters: string[] = []
  const segments: string[] = []
  const silence = (samples: number) => {
    const label = `[s${segments.length}]`
    filters.push(`anullsrc=r=${SESSION_SAMPLE_RATE}:cl=mono,${VOICE_FORMAT},atrim=end_sample=${samples}${label}`)
    segments.push(label)
  }

  // The timeline is tiled: the lead-in, then each audio's block from its first voice to the next
  // audio's (the last one's to the end). Each block in the window becomes one segment.
  if (start < plan.leadSamples) silence(Math.min(end, plan.leadSamples) - start)
  plan.items.forEach((item, index) => {
    const blockStart = item.startSample
    const blockEnd = plan.items[index + 1]?.startSample ?? plan.totalSamples
    const from = Math.max(start, blockStart)
    const to = Math.min(end, blockEnd)
    if (from >= to) return
    const cycle = item.voice.samples + item.pauseSamples
    // Repetitions that begin before the end are rendered; a sleep timer's end trims the last one.
    const plays = Math.max(1, item.repetitionStarts.length)
    const first = Math.min(plays - 1, Math.floor((from - blockStart) / cycle))
    const last = Math.min(plays - 1, Math.floor((to - 1 - blockStart) / cycle))
    const origin = blockStart + first * cycle
    if (from >= origin + (last - first + 1) * cycle) {
      // Only the breath after the last repetition lies in the window.
      silence(to - from)
      return
    }
    const chain = [source(item.voice.fileKey), VOICE_FORMAT, 'apad', `atrim=end_sample=${cycle}`]
    if (last > first) chain.push(`aloop=loop=${last - first}:size=${cycle}`)
    chain.push('apad', `atrim=start_sample=${from - origin}:end_sample=${to - origin}`, 'asetpts=N/SR/TB')
    const label = `[s${segments.length}]`
    filters.push(`${chain.join(',')}${label}`)
    segments.push(label)
  })
  const joined = segments.length > 1 ? `${segments.join('')}concat=n=${segments.length}:v=0:a=1,` : `${segments[0]}`
  filters.push(`${joined}aformat=sample_fmts=flt:channel_layouts=mono,apad,atrim=end_sample=${length}[voice]`)

  if (plan.music) {
    if (!musicSamples || musicSamples <= 0) throw new Error('duração da música de fundo desconhecida')
    // The track loops from the session's first sample: at `start` it is `start mod length` in.
    const offset = start % musicSamples
    const loops = Math.ceil((offset + length) / musicSamples)
    const gain = ((plan.musicLevel / 100) * MUSIC_TO_VOICE).toFixed(4)
    if (loops <= MUSIC_INPUTS_MAX) {
      // A long track: a few decoders one after the other (nothing held in memory).
      const labels: string[] = []
      for (let loop = 0; loop < loops; loop++) {
        filters.push(`${source(plan.music.fileKey)},${MUSIC_FORMAT},apad,atrim=end_sample=${musicSamples}[m${loop}]`)
        labels.push(`[m${loop}]`)
      }
      const looped = loops > 1 ? `${labels.join('')}concat=n=${loops}:v=0:a=1,` : `${labels[0]}`
      filters.push(`${looped}atrim=start_sample=${offset}:end_sample=${offset + length},asetpts=N/SR/TB,volume=${gain}[music]`)
    } else {
      // A short track: decoded once and looped in memory (at most a third of the window).
      filters.push(
        `${source(plan.music.fileKey)},${MUSIC_FORMAT},apad,atrim=end_sample=${musicSamples},aloop=loop=-1:size=${musicSamples},` +
          `atrim=start_sample=${offset}:end_sample=${offset + length},asetpts=N/SR/TB,volume=${gain}[music]`,
      )
    }
    // amerge orders the channels by layout (FL FR FC): the pan names them.
    filters.push(`[voice][music]amerge=inputs=2,${CENTRED_VOICE_OVER_MUSIC}[mixed]`)
  } else {
    filters.push(`[voice]${CENTRED_VOICE}[mixed]`)
  }
  filters.push(
    // The fades are placed on the session's own clock, whatever the window.
    `[mixed]asetpts=(N+${start})/SR/TB,afade=t=in:ss=0:ns=${plan.leadSamples},afade=t=out:ss=${plan.fadeOutStart}:ns=${plan.fadeOutSamples},asetpts=N/SR/TB,` +
      // Catches the rare peak where a loud voice meets loud music; never raises the level.
      'alimiter=limit=0.97:attack=5:level=disabled[out]',
  )

  return filters.join(';')
}

/**
 * The command of every render: its graph is read from stdin (`pipe:0`) once the process has
 * started, so a process can wait for it ready (ADR 037).
 */
export const RENDER_ARGUMENTS: readonly string[] = [
  '-hide_banner',
  '-v',
  'error',
  '-nostdin',
  '-threads',
  '1',
  '-filter_threads',
  '1',
  '-filter_complex_script',
  'pipe:0',
  '-map',
  '[out]',
  '-c:a',
  'libmp3lame',
  '-b:a',
  `${SESSION_BITRATE_KBPS}k`,
  // Without the bit reservoir every frame carries its own data: stretches rendered apart join
  // frame to frame (ADR 028).
  '-reservoir',
  '0',
  // Joint stereo (LAME's own choice per frame): a centred voice costs one channel's bits, not two.
  '-joint_stereo',
  '1',
  '-ar',
  String(SESSION_SAMPLE_RATE),
  '-ac',
  String(SESSION_CHANNELS),
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
