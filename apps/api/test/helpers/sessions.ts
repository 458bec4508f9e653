import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { audios, backgroundMusic, fields } from '../../src/db/schema/index.js'
import { locateFfmpeg, type Ffmpeg } from '../../src/lib/media/ffmpeg.js'
import type { TestContext } from './app.js'

let located: Ffmpeg | null | undefined
/** The ffmpeg the server renders with (the npm package's binary here). */
export function ffmpeg(): Ffmpeg {
  located ??= locateFfmpeg(undefined)
  if (!located) throw new Error('ffmpeg indisponível para os testes de sessão')
  return located
}

function run(args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg().path, ['-hide_banner', '-v', 'error', '-nostdin', ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${code}: ${err}`))))
    if (input) child.stdin.end(input)
    else child.stdin.end()
  })
}

/**
 * A "voice" that cross-correlation finds without doubt: a rising chirp under a syllable-like
 * envelope, `seconds` long, as a mono MP3 like an admin's upload.
 */
export function synthVoice(seconds: number): Promise<Buffer> {
  const expression = `0.6*sin(2*PI*(180*t+90*t*t))*(0.55+0.45*sin(2*PI*3*t))`
  return run(['-f', 'lavfi', '-i', `aevalsrc=${expression}:s=22050:d=${seconds}`, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1'])
}

/** Steady "music" (two soft tones), so its level reads the same anywhere in the loop. */
export function synthMusic(seconds: number): Promise<Buffer> {
  return run([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.35*sin(2*PI*220*t)+0.25*sin(2*PI*330*t):s=22050:d=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-f',
    'mp3',
    'pipe:1',
  ])
}

/**
 * Steady stereo "music": a different tone on each side (220 Hz left, 330 Hz right), so a mix that
 * kept its width has sides that differ, and one that folded it to mono has none.
 */
export function synthStereoMusic(seconds: number): Promise<Buffer> {
  return run([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.35*sin(2*PI*220*t)|0.35*sin(2*PI*330*t):s=44100:d=${seconds}`,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    '-f',
    'mp3',
    'pipe:1',
  ])
}

/**
 * Decodes any audio (a file or bytes) to 48 kHz float samples in its own channels (a WAV's header
 * says how many; its data's length is not trusted: ffmpeg writes a piped WAV before knowing it).
 */
export async function decodeChannels(source: Buffer | string): Promise<Float32Array[]> {
  const input = typeof source === 'string' ? ['-i', source] : ['-i', 'pipe:0']
  const wav = await run([...input, '-ar', '48000', '-c:a', 'pcm_f32le', '-map_metadata', '-1', '-f', 'wav', 'pipe:1'], typeof source === 'string' ? undefined : source)
  const channels = wav.readUInt16LE(22)
  let offset = 12
  while (wav.toString('latin1', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4)
  const data = wav.subarray(offset + 8)
  const frames = Math.floor(data.length / 4 / channels)
  const interleaved = new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + frames * channels * 4))
  const out = Array.from({ length: channels }, () => new Float32Array(frames))
  for (let frame = 0; frame < frames; frame++) for (let channel = 0; channel < channels; channel++) out[channel]![frame] = interleaved[frame * channels + channel]!
  return out
}

/**
 * Decodes any audio to 48 kHz mono float samples: a mono file as it is, a stereo session as the
 * mean of its sides — the centred voice at its own level, the music as the mono mix had it.
 */
export async function decode(source: Buffer | string): Promise<Float32Array> {
  const channels = await decodeChannels(source)
  if (channels.length === 1) return channels[0]!
  const [left, right] = channels as [Float32Array, Float32Array]
  return left.map((sample, i) => (sample + right[i]!) / 2)
}

/** Stores bytes as a catalogue audio of the first field (what an upload leaves behind). */
export async function insertAudio(ctx: TestContext, bytes: Buffer, options: { title?: string; isDemo?: boolean } = {}): Promise<{ id: string; fileKey: string }> {
  const fileKey = `audios/${randomUUID()}.mp3`
  await ctx.storage.put(fileKey, bytes)
  const [field] = await ctx.database.db.select({ id: fields.id }).from(fields).limit(1)
  if (!field) throw new Error('nenhum campo semeado')
  if (options.isDemo) await ctx.database.db.update(audios).set({ isDemo: false }).where(eq(audios.isDemo, true))
  const [row] = await ctx.database.db
    .insert(audios)
    .values({ title: options.title ?? 'Áudio de teste', fieldId: field.id, fileKey, mimeType: 'audio/mpeg', sizeBytes: bytes.length, durationSeconds: 5, isDemo: options.isDemo ?? false })
    .returning({ id: audios.id, fileKey: audios.fileKey })
  return row!
}

/** Makes this the one active background track. */
export async function onlyMusic(ctx: TestContext, bytes: Buffer, title = 'Música de teste'): Promise<{ id: string; fileKey: string }> {
  const fileKey = `music/${randomUUID()}.mp3`
  await ctx.storage.put(fileKey, bytes)
  await ctx.database.db.update(backgroundMusic).set({ isActive: false })
  const [row] = await ctx.database.db
    .insert(backgroundMusic)
    .values({ title, fileKey, mimeType: 'audio/mpeg', sizeBytes: bytes.length, durationSeconds: 7, isActive: true })
    .returning({ id: backgroundMusic.id, fileKey: backgroundMusic.fileKey })
  return row!
}

export function readFixture(path: string): Buffer {
  return readFileSync(path)
}

/** Root mean square of samples [from, to) (seconds at 48 kHz). */
export function rms(samples: Float32Array, from: number, to: number): number {
  const a = Math.max(0, Math.round(from * 48_000))
  const b = Math.min(samples.length, Math.round(to * 48_000))
  let sum = 0
  for (let i = a; i < b; i++) sum += samples[i]! * samples[i]!
  return Math.sqrt(sum / Math.max(1, b - a))
}

export const decibels = (ratio: number) => 20 * Math.log10(ratio)

/**
 * Where `needle` best matches `haystack` around `at` (seconds, ± `searchSeconds`), and how well:
 * the normalised cross-correlation's peak.
 */
export function bestMatch(haystack: Float32Array, needle: Float32Array, at: number, searchSeconds = 0.1): { offsetSeconds: number; correlation: number } {
  const rate = 48_000
  const centre = Math.round(at * rate)
  const span = Math.round(searchSeconds * rate)
  const length = needle.length
  let needleEnergy = 0
  for (let i = 0; i < length; i++) needleEnergy += needle[i]! * needle[i]!
  let best = { offsetSeconds: 0, correlation: -Infinity }
  for (let lag = -span; lag <= span; lag += 8) {
    const start = centre + lag
    if (start < 0 || start + length > haystack.length) continue
    let dot = 0
    let energy = 0
    for (let i = 0; i < length; i += 4) {
      const h = haystack[start + i]!
      dot += h * needle[i]!
      energy += h * h
    }
    const correlation = dot / Math.sqrt(energy * (needleEnergy / 4) || 1)
    if (correlation > best.correlation) best = { offsetSeconds: lag / rate, correlation }
  }
  return best
}
