import { spawn } from 'node:child_process'
import { SESSION_SAMPLE_RATE, type MediaLoudness } from '@sintonia/contract'
import type { Ffmpeg } from './ffmpeg.js'

/**
 * The one stored form of every audio and background track (docs/decisions/026-canonical-media.md):
 * MP3, the sessions' 48 kHz, loudness-normalised to −16 LUFS integrated and −1 dBTP true peak; a
 * voice in one channel, a track in two (docs/decisions/034-session-sound-quality.md). The renderer
 * then reads only this format and names it (`-f mp3`), never probing a file.
 */
export const CANONICAL_AUDIO = {
  demuxer: 'mp3',
  mime: 'audio/mpeg',
  ext: 'mp3',
  sampleRate: SESSION_SAMPLE_RATE,
  /**
   * What each kind is stored as: a voice is mono (it sits in the centre of the session), a track
   * stereo (its width is what a music bed is heard for). The bit rates are about 1.5× what each
   * gets in the session's 128 kbit/s joint stereo, so it stays clean after the re-encode.
   */
  voice: { channels: 1, layout: 'mono', bitrateKbps: 96 },
  music: { channels: 2, layout: 'stereo', bitrateKbps: 192 },
} as const

/** What a stored file holds: a listener's voice, or a background track. */
export type MediaKind = 'voice' | 'music'

export const LOUDNESS_TARGET = { lufs: -16, truePeak: -1, lra: 20 } as const

/**
 * ffmpeg's demuxer for each sniffed audio extension (lib/uploads/sniff.ts), named outright: a file
 * is never probed, so it cannot pass itself off as a playlist (HLS, concat) that reads other files.
 */
const DEMUXER: Record<string, string> = {
  mp3: 'mp3',
  ogg: 'ogg',
  wav: 'wav',
  flac: 'flac',
  aac: 'aac',
  webm: 'matroska',
  m4a: 'mov',
}

export function demuxerFor(ext: string): string | null {
  return DEMUXER[ext] ?? null
}

/**
 * The arguments of one ffmpeg input the server builds: only local files and pipes may be opened
 * (no network, no nested protocols), its format is named, and the path cannot be read as a URL.
 */
export function inputArguments(demuxer: string, path: string): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-f', demuxer, '-i', `file:${path}`]
}

/** Escapes every character but the plainest ones with a backslash, as ffmpeg's tokenizer reads it. */
const escapeToken = (text: string) => text.replace(/[^A-Za-z0-9/_.-]/g, (char) => `\\${char}`)

/**
 * The same input as a source inside a filter graph (ffmpeg's `amovie` filter), for a command whose
 * graph is sent after the process started (the sessions' renders, ADR 037): its format named, the
 * path opened as a local file and never as a URL. Escaped twice, for the option's value and then
 * for the graph, so no character of a path can end the option or the filter.
 */
export function movieSource(demuxer: string, path: string): string {
  return `amovie=filename=${escapeToken(escapeToken(`file:${path}`))}:format_name=${demuxer}`
}

interface Measured {
  input_i: string
  input_tp: string
  input_lra: string
  input_thresh: string
  output_i: string
  output_tp: string
  target_offset: string
}

function run(ffmpeg: Ffmpeg, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', '-nostats', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      // The loudnorm report is printed last: keep the tail.
      stderr = (stderr + chunk.toString('utf8')).slice(-16_000)
    })
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stderr }))
  })
}

/** The JSON loudnorm prints at the end (print_format=json), or null when the run produced none. */
function loudnormReport(stderr: string): Measured | null {
  const start = stderr.lastIndexOf('{')
  const end = stderr.lastIndexOf('}')
  if (start < 0 || end < start) return null
  try {
    const report = JSON.parse(stderr.slice(start, end + 1)) as Measured
    const finite = [report.input_i, report.input_tp, report.input_lra, report.input_thresh, report.target_offset].every((value) => Number.isFinite(Number(value)))
    return finite ? report : null
  } catch {
    return null
  }
}

const targetFor = (peak: number) => `I=${LOUDNESS_TARGET.lufs}:TP=${peak}:LRA=${LOUDNESS_TARGET.lra}`
const round = (value: string) => Math.round(Number(value) * 10) / 10

export class AudioNotDecodable extends Error {}

/** Integrated loudness and true peak of a file, as loudnorm's first pass measures them. */
export async function measureLoudness(ffmpeg: Ffmpeg, demuxer: string, path: string, kind: MediaKind): Promise<{ lufs: number; truePeak: number }> {
  const report = await firstPass(ffmpeg, demuxer, path, kind, LOUDNESS_TARGET.truePeak)
  return { lufs: round(report.input_i), truePeak: round(report.input_tp) }
}

/**
 * Every chain starts in the stored layout, so a file is measured and limited as it will be stored:
 * a voice downmixed to one channel (a stereo file's downmix is up to 3 dB louder than either
 * channel), a track in two (a mono one spread on both sides at −3 dB each, which measures as the
 * mono file did).
 */
const layoutOf = (kind: MediaKind) => `aformat=channel_layouts=${CANONICAL_AUDIO[kind].layout},`

async function firstPass(ffmpeg: Ffmpeg, demuxer: string, path: string, kind: MediaKind, peak: number, before = ''): Promise<Measured> {
  const filter = `${layoutOf(kind)}${before}loudnorm=${targetFor(peak)}:print_format=json`
  const { code, stderr } = await run(ffmpeg, ['-v', 'info', ...inputArguments(demuxer, path), '-map', '0:a:0', '-af', filter, '-f', 'null', '-'])
  const report = code === 0 ? loudnormReport(stderr) : null
  // No report, or silence (−inf): nothing an audio can be normalised from.
  if (!report) throw new AudioNotDecodable(`loudnorm não mediu o áudio (código ${code}): ${stderr.trim().slice(-300)}`)
  return report
}

/** How far under the target peak the limiter holds, so loudnorm may still add this much gain linearly. */
const LIMIT_MARGIN_DB = 1.5

/** Whether loudnorm can normalise this linearly: its one gain keeps the peaks under the target. */
function linearFits(measured: Measured, peak: number): boolean {
  const gain = LOUDNESS_TARGET.lufs - Number(measured.input_i)
  return Number(measured.input_tp) + gain <= peak && Number(measured.input_lra) <= LOUDNESS_TARGET.lra
}

/** Gain, then a limiter at 192 kHz (so it holds inter-sample peaks too) LIMIT_MARGIN_DB under the target peak. */
function limiterChain(gainDb: number, peak: number): string {
  const limit = (10 ** ((peak - LIMIT_MARGIN_DB) / 20)).toFixed(4)
  return `volume=${gainDb.toFixed(2)}dB,aresample=192000,alimiter=limit=${limit}:attack=1:release=50:level=disabled,`
}

/**
 * loudnorm normalises linearly (one gain, the voice's dynamics kept) only when that gain leaves
 * the peaks under the target; otherwise it falls back to its dynamic mode, which lands speech with
 * pauses 2 dB or more under the target. So when the gain would lift the peaks too far, the gain is
 * applied first and a limiter holds the peaks; the limiter takes some loudness (a synthetic voice
 * loses 3 dB), so the gain grows by what is missing and is measured again, a few times at most,
 * until loudnorm can make up the rest linearly. Returns the chain before loudnorm and its measure.
 */
async function prepareLinear(ffmpeg: Ffmpeg, demuxer: string, path: string, kind: MediaKind, original: Measured, peak: number): Promise<{ chain: string; measured: Measured }> {
  if (linearFits(original, peak)) return { chain: '', measured: original }
  let gain = LOUDNESS_TARGET.lufs - Number(original.input_i)
  let chain = ''
  let measured = original
  for (let attempt = 0; attempt < MAX_LIMITER_ATTEMPTS; attempt++) {
    chain = limiterChain(gain, peak)
    measured = await firstPass(ffmpeg, demuxer, path, kind, peak, chain)
    if (linearFits(measured, peak)) break
    gain += LOUDNESS_TARGET.lufs - Number(measured.input_i)
  }
  // Still not linear (a very wide file): loudnorm's dynamic mode does the rest.
  return { chain, measured }
}

const MAX_LIMITER_ATTEMPTS = 4

export interface CanonicalOptions {
  bitrateKbps: number
  /**
   * Peak target under −1 dBTP: a low-bitrate MP3 decodes with peaks up to ~1 dB above what it
   * was given (the seed's 32 kbit/s practices), a 96 kbit/s one with none to speak of.
   */
  headroomDb: number
}

/**
 * Converts `inputPath` (read with `demuxer`) into the canonical form of `kind` at `outputPath`:
 * loudnorm's two passes (measure, then normalise with the measured values, linear; see
 * prepareLinear), resampled to 48 kHz in the kind's channels, no tags kept. Returns the loudness
 * before and after, the after read back from the written file itself. Throws AudioNotDecodable
 * when the file cannot be decoded in that format.
 */
export async function toCanonicalAudio(
  ffmpeg: Ffmpeg,
  demuxer: string,
  inputPath: string,
  outputPath: string,
  kind: MediaKind,
  { bitrateKbps, headroomDb }: CanonicalOptions = { bitrateKbps: CANONICAL_AUDIO[kind].bitrateKbps, headroomDb: 0 },
): Promise<MediaLoudness> {
  const peak = LOUDNESS_TARGET.truePeak - headroomDb
  const original = await firstPass(ffmpeg, demuxer, inputPath, kind, peak)
  // loudnorm is given the measure of what it will really receive (the limited sound, if limited).
  const { chain: limiter, measured } = await prepareLinear(ffmpeg, demuxer, inputPath, kind, original, peak)
  const normalise =
    `${layoutOf(kind)}${limiter}loudnorm=${targetFor(peak)}:measured_I=${measured.input_i}:measured_TP=${measured.input_tp}:measured_LRA=${measured.input_lra}` +
    `:measured_thresh=${measured.input_thresh}:offset=${measured.target_offset}:linear=true,` +
    // loudnorm works at 192 kHz: back to the sessions' rate.
    `aresample=${CANONICAL_AUDIO.sampleRate}`
  const { code, stderr } = await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    ...inputArguments(demuxer, inputPath),
    '-map',
    '0:a:0',
    '-af',
    normalise,
    '-map_metadata',
    '-1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${bitrateKbps}k`,
    '-ar',
    String(CANONICAL_AUDIO.sampleRate),
    '-ac',
    String(CANONICAL_AUDIO[kind].channels),
    '-id3v2_version',
    '0',
    '-f',
    CANONICAL_AUDIO.demuxer,
    `file:${outputPath}`,
  ])
  if (code !== 0) throw new AudioNotDecodable(`ffmpeg não converteu o áudio (código ${code}): ${stderr.trim().slice(-300)}`)
  const after = await measureLoudness(ffmpeg, CANONICAL_AUDIO.demuxer, outputPath, kind)
  return { beforeLufs: round(original.input_i), beforePeak: round(original.input_tp), afterLufs: after.lufs, afterPeak: after.truePeak }
}
