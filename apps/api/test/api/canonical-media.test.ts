/**
 * Canonical stored media (docs/decisions/026-canonical-media.md): uploads are read with the
 * demuxer of their sniffed type only and converted to MP3 48 kHz at −16 LUFS / −1 dBTP (a voice
 * mono, a track stereo: docs/decisions/034-session-sound-quality.md),
 * with the loudness before and after returned; a playlist dressed as an MP3 never pulls another
 * local file in; the renderer opens sources as MP3, local files only; `npm run media:canonical`
 * converts what was stored before, once, and drops the sessions of the old files.
 */
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, isNull } from 'drizzle-orm'
import { ADMIN_CONTENT_MSG, API, formatLoudness, SESSION_SAMPLE_RATE, type SessionManifest } from '@sintonia/contract'
import { audios, backgroundMusic, sessionRenders } from '../../src/db/schema/index.js'
import { runMediaCanonical } from '../../src/cli/media-canonical.js'
import { CANONICAL_AUDIO } from '../../src/lib/media/canonical-audio.js'
import { countDecodedSamples } from '../../src/lib/media/ffmpeg.js'
import { renderGraph, RENDER_ARGUMENTS } from '../../src/modules/sessions/render-command.js'
import { sendGraph, startRenderProcess } from '../../src/modules/sessions/warm-renders.js'
import { planSession } from '../../src/modules/sessions/session-plan.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField, SHORT_VOICE_MP3 } from '../helpers/catalogue.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { filesUnder, multipart } from '../helpers/multipart.js'
import { hearAs } from '../helpers/media.js'
import { decibels, decodeChannels, ffmpeg, insertAudio, rms, synthMusic, synthStereoMusic, synthVoice } from '../helpers/sessions.js'

let ctx: TestContext
let cast: Cast
let fieldId: string
const VOICE = SHORT_VOICE_MP3

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  fieldId = (await firstField(ctx)).id
})
afterAll(() => ctx.close())

function ffmpegRun(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg().path, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }))
  })
}

/** The stream as ffmpeg's prober reports it (format, rate, channels). */
async function probe(path: string): Promise<{ codec: string; rate: number; layout: string }> {
  const { stderr } = await ffmpegRun(['-i', path])
  const match = /Audio: (\w+)[^,]*, (\d+) Hz, (\w+)/.exec(stderr)
  if (!match) throw new Error(`sem fluxo de áudio: ${stderr}`)
  return { codec: match[1]!, rate: Number(match[2]), layout: match[3]! }
}

/** Integrated loudness and true peak by the EBU R128 meter (ebur128), independent of loudnorm. */
async function ebur128(path: string): Promise<{ lufs: number; peak: number }> {
  const { code, stderr } = await ffmpegRun(['-nostats', '-i', path, '-filter_complex', 'ebur128=peak=true', '-f', 'null', '-'])
  expect(code, stderr).toBe(0)
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  return { lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), peak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]) }
}

/** The clip made quiet (−14 dB) as a WAV: another demuxer, and far from the target. */
async function quietWav(): Promise<Buffer> {
  const source = join(ctx.dataDir, 'voz.mp3')
  writeFileSync(source, VOICE)
  const { code, stdout, stderr } = await ffmpegRun(['-v', 'error', '-i', source, '-af', 'volume=-14dB', '-ac', '2', '-ar', '44100', '-f', 'wav', 'pipe:1'])
  expect(code, stderr).toBe(0)
  return stdout
}

/**
 * A "secret" local audio, and an upload that starts with an ID3 header (an MP3 by its first
 * bytes) followed by an HLS playlist naming that file.
 */
async function playlistAttack(): Promise<{ secret: string; upload: Buffer }> {
  const secret = join(ctx.dataDir, 'segredo.mp3')
  writeFileSync(secret, await synthMusic(5))
  const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:5.0,\n${secret}\n#EXT-X-ENDLIST\n`
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
  return { secret, upload: Buffer.concat([id3, Buffer.from(playlist)]) }
}

const mediaDir = () => join(ctx.dataDir, 'media')

function upload(url: string, fieldsOf: Record<string, string>, data: Buffer, filename = 'voz.mp3', method: 'POST' | 'PUT' = 'POST') {
  const { payload, headers } = multipart(fieldsOf, [{ name: 'file', filename, contentType: 'audio/mpeg', data }])
  return callAs(ctx, cast.admin, { method, url, payload, headers })
}

describe('an upload that is a playlist dressed as an MP3', () => {
  it('would read the other file if probed, and is refused in pt-BR as an audio, a track and a replacement, storing nothing', async () => {
    const { secret, upload: bytes } = await playlistAttack()
    const attackPath = join(ctx.dataDir, 'ataque.mp3')
    writeFileSync(attackPath, bytes)
    // The attack is real: ffmpeg left to probe it opens HLS and decodes the secret file.
    const probed = await ffmpegRun(['-i', attackPath, '-f', 'null', '-'])
    expect(probed.stderr).toContain(`Opening '${secret}'`)

    const before = filesUnder(mediaDir())
    const [audioCount, trackCount] = [(await ctx.database.db.select().from(audios)).length, (await ctx.database.db.select().from(backgroundMusic)).length]
    const asAudio = await upload(API.catalogue.admin.audios, { title: 'Lista', fieldId }, bytes)
    expect(asAudio.statusCode).toBe(400)
    expect(asAudio.json().message).toBe(ADMIN_CONTENT_MSG.audioNotDecodable)
    const asTrack = await upload(API.catalogue.admin.music, { title: 'Lista' }, bytes)
    expect(asTrack.statusCode).toBe(400)
    expect(asTrack.json().message).toBe(ADMIN_CONTENT_MSG.audioNotDecodable)
    const [existing] = await ctx.database.db.select().from(audios).limit(1)
    const asReplacement = await upload(API.catalogue.admin.audioFile(existing!.id), {}, bytes, 'voz.mp3', 'PUT')
    expect(asReplacement.statusCode).toBe(400)
    const [unchanged] = await ctx.database.db.select().from(audios).where(eq(audios.id, existing!.id))
    expect(unchanged!.fileKey).toBe(existing!.fileKey)

    expect(filesUnder(mediaDir())).toEqual(before)
    expect(filesUnder(join(ctx.dataDir, 'uploads-tmp'))).toEqual([])
    expect((await ctx.database.db.select().from(audios)).length).toBe(audioCount)
    expect((await ctx.database.db.select().from(backgroundMusic)).length).toBe(trackCount)
  })

  it('stored before (a legacy row), it never reaches a session: the renderer reads it as MP3 and refuses it', async () => {
    const { upload: bytes } = await playlistAttack()
    const legacy = await insertAudio(ctx, bytes, { title: 'Lista antiga' })
    const res = await callAs(ctx, cast.subscriber, { method: 'POST', url: API.sessions.sessions, payload: { items: [{ audioId: legacy.id, repetitions: 1 }], pauseSeconds: 0 } })
    expect(res.statusCode).toBe(503)
    const mentioning = await ctx.database.db.select().from(sessionRenders)
    expect(mentioning.filter((row) => row.audioIds.includes(legacy.id))).toEqual([])
    await ctx.database.db.delete(audios).where(eq(audios.id, legacy.id))
  })
})

describe('a normal upload', () => {
  it('is stored as MP3 mono 48 kHz at −16 LUFS (±1) under −1 dBTP, with the loudness before and after in the answer and the list', async () => {
    const wav = await quietWav()
    const sent = join(ctx.dataDir, 'enviado.wav')
    writeFileSync(sent, wav)
    const original = await ebur128(sent)

    const res = await upload(API.catalogue.admin.audios, { title: 'Voz baixa', fieldId }, wav, 'voz.wav')
    expect(res.statusCode, res.body).toBe(201)
    const { audio } = res.json()
    expect(audio).toMatchObject({ mimeType: 'audio/mpeg', durationSeconds: 12 })
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.id, audio.id))
    expect(row!.fileKey).toMatch(/^audios\/[0-9a-f-]{36}\.mp3$/)
    expect(row!.canonicalAt).not.toBeNull()
    const path = ctx.storage.localPath(row!.fileKey)!

    expect(await probe(path)).toEqual({ codec: 'mp3', rate: 48_000, layout: 'mono' })
    const measured = await ebur128(path)
    expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1)
    expect(measured.peak).toBeLessThanOrEqual(-0.5)

    expect(Math.abs(audio.loudness.beforeLufs - original.lufs)).toBeLessThanOrEqual(0.5)
    expect(audio.loudness.beforeLufs).toBeLessThan(-20)
    expect(Math.abs(audio.loudness.afterLufs - measured.lufs)).toBeLessThanOrEqual(0.5)
    expect(audio.loudness.afterPeak).toBeLessThanOrEqual(-0.5)
    expect(formatLoudness(audio.loudness)).toMatch(/^Volume: −\d+,\d LUFS → −1[5-7],\d LUFS \(pico −\d+,\d dBTP\)$/)

    const list = await callAs(ctx, cast.admin, { method: 'GET', url: API.catalogue.admin.audios })
    expect(list.json().audios.find((a: { id: string }) => a.id === audio.id).loudness).toEqual(audio.loudness)
  })

  it('a background track too (a mono MP3 at 22 kHz becomes 48 kHz stereo, normalised)', async () => {
    const res = await upload(API.catalogue.admin.music, { title: 'Tons' }, await synthMusic(6))
    expect(res.statusCode, res.body).toBe(201)
    const { track } = res.json()
    const [row] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.id, track.id))
    const path = ctx.storage.localPath(row!.fileKey)!
    expect(await probe(path)).toEqual({ codec: 'mp3', rate: 48_000, layout: 'stereo' })
    expect(Math.abs((await ebur128(path)).lufs - -16)).toBeLessThanOrEqual(1)
    expect(track.loudness.afterLufs).toBeCloseTo(-16, 0)
    const admin = await callAs(ctx, cast.admin, { method: 'GET', url: API.catalogue.admin.music })
    expect(admin.json().tracks.find((t: { id: string }) => t.id === track.id).loudness).toEqual(track.loudness)
  })
})

describe('a stereo track', () => {
  it('keeps its two sides, measured over both at −16 LUFS (±1)', async () => {
    const res = await upload(API.catalogue.admin.music, { title: 'Tons em estéreo' }, await synthStereoMusic(6))
    expect(res.statusCode, res.body).toBe(201)
    const { track } = res.json()
    const [row] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.id, track.id))
    const path = ctx.storage.localPath(row!.fileKey)!
    expect(await probe(path)).toEqual({ codec: 'mp3', rate: 48_000, layout: 'stereo' })
    expect(Math.abs((await ebur128(path)).lufs - -16)).toBeLessThanOrEqual(1)
    const [left, right] = (await decodeChannels(path)) as [Float32Array, Float32Array]
    const side = left.map((sample, i) => (sample - right[i]!) / 2)
    const mid = left.map((sample, i) => (sample + right[i]!) / 2)
    // Two different tones: as much on the sides as in the middle, not folded to one channel.
    expect(decibels(rms(side, 1, 5) / rms(mid, 1, 5))).toBeGreaterThan(-3)
  })
})

describe('the renderer', () => {
  it('opens every source as MP3, local files only: never probed, never a URL', () => {
    const plan = planSession({
      items: [{ voice: { audioId: 'a', title: 'A', fileKey: 'audios/a.mp3', samples: 48_000 }, repetitions: 2 }],
      pauseSeconds: 1,
      music: { id: 'm', title: 'M', fileKey: 'music/m.mp3' },
      musicLevel: 20,
      endAtSeconds: null,
      renderer: 'teste',
    })
    const graph = renderGraph(
      plan,
      new Map([
        ['audios/a.mp3', '/dados/a.mp3'],
        ['music/m.mp3', "/dados/m:[x];'y'.mp3"],
      ]),
      48_000 * 30,
    )
    // The command names no input: every source is a movie source of the graph, its demuxer named
    // and its path a file (escaped twice: for the option, then for the graph).
    expect(RENDER_ARGUMENTS).not.toContain('-i')
    expect(graph.split('amovie=')).toHaveLength(3)
    expect(graph).toContain('amovie=filename=file\\\\\\:/dados/a.mp3:format_name=mp3,')
    expect(graph).toContain("amovie=filename=file\\\\\\:/dados/m\\\\\\:\\\\\\[x\\\\\\]\\\\\\;\\\\\\'y\\\\\\'.mp3:format_name=mp3,")
  })

  it('reads a path full of the graph\'s own characters as one local file', async () => {
    const dir = await mkdtemp(join(tmpdir(), "sintonia-fonte ,;[]'\\:="))
    const voice = join(dir, "voz: [1], 'a';b.mp3")
    await writeFile(voice, await synthVoice(2))
    const samples = await countDecodedSamples(ffmpeg(), CANONICAL_AUDIO.demuxer, voice, SESSION_SAMPLE_RATE)
    const plan = planSession({
      items: [{ voice: { audioId: 'a', title: 'A', fileKey: 'audios/a.mp3', samples }, repetitions: 1 }],
      pauseSeconds: 1,
      music: null,
      musicLevel: 0,
      endAtSeconds: null,
      renderer: 'teste',
    })
    const child = startRenderProcess(ffmpeg().path)
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    sendGraph(child, renderGraph(plan, new Map([['audios/a.mp3', voice]]), null))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    await rm(dir, { recursive: true, force: true })
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    expect(Buffer.concat(out).length).toBe(plan.bytes)
  })
})

describe('npm run media:canonical', () => {
  it('converts an audio and a track stored before, drops the old sessions, and a second run changes nothing', async () => {
    // The seed ships canonical files: only what this test stores needs converting.
    expect(await ctx.database.db.select().from(audios).where(isNull(audios.canonicalAt))).toEqual([])
    expect(await ctx.database.db.select().from(backgroundMusic).where(isNull(backgroundMusic.canonicalAt))).toEqual([])

    const legacy = await insertAudio(ctx, await synthVoice(4), { title: 'Antigo' })
    const trackKey = 'music/00000000-0000-4000-8000-0000000000aa.mp3'
    await ctx.storage.put(trackKey, await synthMusic(5))
    const [track] = await ctx.database.db
      .insert(backgroundMusic)
      .values({ title: 'Faixa antiga', fileKey: trackKey, mimeType: 'audio/mpeg', sizeBytes: 1, durationSeconds: 5, isActive: false })
      .returning()

    const manifest = (await callAs(ctx, cast.subscriber, { method: 'POST', url: API.sessions.sessions, payload: { items: [{ audioId: legacy.id, repetitions: 2 }], pauseSeconds: 1 } })).json() as SessionManifest
    await hearAs(ctx, cast.subscriber, { url: manifest.url })
    const renderOf = async () => (await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, manifest.key)))[0]
    await expect.poll(async () => (await renderOf())?.renderedAt ?? null).not.toBeNull()
    const renderFile = join(mediaDir(), 'sessions', `${manifest.key}.mp3`)
    expect(existsSync(renderFile)).toBe(true)

    const out: string[] = []
    const err: string[] = []
    const io = { config: ctx.config, database: ctx.database, storage: ctx.storage, ffmpeg: ffmpeg(), out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
    expect(await runMediaCanonical([], io), err.join('\n')).toBe(0)
    expect(out.at(-1)).toBe('2 arquivos convertidos, 0 pulados, 0 com falha; 1 sessão antiga removida.')

    const [audioAfter] = await ctx.database.db.select().from(audios).where(eq(audios.id, legacy.id))
    expect(audioAfter!.fileKey).not.toBe(legacy.fileKey)
    expect(audioAfter!.canonicalAt).not.toBeNull()
    expect(audioAfter!.loudnessAfterLufs).toBeCloseTo(-16, 0)
    expect(await ctx.storage.stat(legacy.fileKey)).toBeNull()
    expect(await probe(ctx.storage.localPath(audioAfter!.fileKey)!)).toEqual({ codec: 'mp3', rate: 48_000, layout: 'mono' })
    const [trackAfter] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.id, track!.id))
    expect(trackAfter!.fileKey).not.toBe(trackKey)
    expect(trackAfter!.sizeBytes).toBe((await ctx.storage.stat(trackAfter!.fileKey))!.size)
    expect(await probe(ctx.storage.localPath(trackAfter!.fileKey)!)).toEqual({ codec: 'mp3', rate: 48_000, layout: 'stereo' })

    // The session of the old file is gone, row and bytes; the audio gets a new one.
    expect(await renderOf()).toBeUndefined()
    expect(existsSync(renderFile)).toBe(false)
    expect((await hearAs(ctx, cast.subscriber, { url: manifest.url })).statusCode).toBe(404)

    const again: string[] = []
    expect(await runMediaCanonical([], { ...io, out: (l: string) => again.push(l) })).toBe(0)
    expect(again.at(-1)).toBe('0 arquivos convertidos, 0 pulados, 0 com falha; 0 sessões antigas removidas.')
    const [unchanged] = await ctx.database.db.select().from(audios).where(eq(audios.id, legacy.id))
    expect(unchanged!.fileKey).toBe(audioAfter!.fileKey)
  })

  it('reports a stored file that does not decode as its type (exit 2), leaving its row as it was', async () => {
    const { upload: bytes } = await playlistAttack()
    const legacy = await insertAudio(ctx, bytes, { title: 'Lista guardada' })
    const err: string[] = []
    const out: string[] = []
    const code = await runMediaCanonical([], { config: ctx.config, database: ctx.database, storage: ctx.storage, ffmpeg: ffmpeg(), out: (l) => out.push(l), err: (l) => err.push(l) })
    expect(code).toBe(2)
    expect(err.join('\n')).toContain('falhou: áudio “Lista guardada”')
    expect(out.at(-1)).toContain('1 com falha')
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.id, legacy.id))
    expect(row!.fileKey).toBe(legacy.fileKey)
    expect(row!.canonicalAt).toBeNull()
    await ctx.database.db.delete(audios).where(eq(audios.id, legacy.id))
  })
})
