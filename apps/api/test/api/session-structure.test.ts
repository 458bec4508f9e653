/**
 * A rendered session, decoded and measured (docs/product/sessions.md#the-stream): the voice
 * where the manifest says each repetition starts, pauses with only the music in them, the music
 * at the chosen level, and fades at both ends; its format, the voice in the centre and a stereo
 * track's two sides (docs/decisions/034-session-sound-quality.md).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, SESSION_LEAD_IN_S, SESSION_TAIL_S, type SessionManifest } from '@sintonia/contract'
import { toCanonicalAudio } from '../../src/lib/media/canonical-audio.js'
import { MP3_FRAME_BYTES, readMp3FrameHeader } from '../../src/lib/media/mp3-stream.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, subscriber } from '../helpers/callers.js'
import type { Account } from '../helpers/auth.js'
import { bestMatch, decibels, decode, decodeChannels, ffmpeg, insertAudio, onlyMusic, rms, synthMusic, synthStereoMusic, synthVoice } from '../helpers/sessions.js'

let ctx: TestContext
let listener: Account
let voiceId: string
let voice: Float32Array
let music: Float32Array

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  listener = await subscriber(ctx)
  const voiceBytes = await synthVoice(4)
  voice = await decode(voiceBytes)
  voiceId = (await insertAudio(ctx, voiceBytes, { title: 'Voz sintética' })).id
  const musicBytes = await synthMusic(7)
  music = await decode(musicBytes)
  await onlyMusic(ctx, musicBytes)
})
afterAll(() => ctx.close())

async function render(body: object): Promise<{ manifest: SessionManifest; samples: Float32Array; bytes: Buffer }> {
  const described = await callAs(ctx, listener, { method: 'POST', url: API.sessions.sessions, payload: body })
  expect(described.statusCode, described.body).toBe(200)
  const manifest = described.json() as SessionManifest
  const audio = await callAs(ctx, listener, { url: manifest.url })
  expect(audio.statusCode).toBe(200)
  expect(audio.rawPayload.length).toBe(manifest.bytes)
  return { manifest, samples: await decode(audio.rawPayload), bytes: audio.rawPayload }
}

describe('a 3-repetition session with 3 s pauses and music at 25 %', () => {
  let manifest: SessionManifest
  let samples: Float32Array

  beforeAll(async () => {
    ;({ manifest, samples } = await render({ items: [{ audioId: voiceId, repetitions: 3 }], pauseSeconds: 3, music: 'auto', musicLevel: 25 }))
  })

  it('lasts what the manifest says, to the sample', () => {
    expect(samples.length / 48_000).toBeCloseTo(manifest.durationSeconds, 3)
    const [item] = manifest.items
    expect(item!.repetitions).toBe(3)
    const voiceSeconds = voice.length / 48_000
    // lead-in, 3 voices, 2 pauses, the tail, rounded up to whole MP3 frames.
    expect(manifest.durationSeconds).toBeGreaterThanOrEqual(SESSION_LEAD_IN_S + 3 * voiceSeconds + 2 * 3 + SESSION_TAIL_S)
    expect(manifest.durationSeconds).toBeLessThan(SESSION_LEAD_IN_S + 3 * voiceSeconds + 2 * 3 + SESSION_TAIL_S + 0.1)
  })

  it('has the voice at each repetition start the manifest gives', () => {
    const [item] = manifest.items
    for (const start of item!.repetitionStarts) {
      const match = bestMatch(samples, voice, start)
      expect(Math.abs(match.offsetSeconds)).toBeLessThan(0.003)
      expect(match.correlation).toBeGreaterThan(0.9)
    }
    // The pauses are 3 s long: each voice starts 3 s after the previous one ended.
    const { repetitionStarts: starts, repetitionEnds: ends } = item!
    expect(starts[1]! - ends[0]!).toBeCloseTo(3, 3)
    expect(starts[2]! - ends[1]!).toBeCloseTo(3, 3)
  })

  it('holds only the music in the pauses, at the chosen level (±2 dB)', () => {
    const [item] = manifest.items
    const musicLevel = rms(music, 0, music.length / 48_000)
    for (let i = 0; i < 2; i++) {
      const from = item!.repetitionEnds[i]! + 0.2
      const to = item!.repetitionStarts[i + 1]! - 0.2
      const level = decibels(rms(samples, from, to) / musicLevel)
      expect(level).toBeGreaterThan(decibels(0.25) - 2)
      expect(level).toBeLessThan(decibels(0.25) + 2)
    }
    // Under the voice the mix is louder than the music alone: the voice is there.
    expect(rms(samples, item!.repetitionStarts[0]! + 0.5, item!.repetitionEnds[0]! - 0.5)).toBeGreaterThan(2 * rms(samples, item!.repetitionEnds[0]! + 0.2, item!.repetitionStarts[1]! - 0.2))
  })

  it('fades in at the start and out at the end', () => {
    const duration = manifest.durationSeconds
    const settled = rms(samples, SESSION_LEAD_IN_S - 0.4, SESSION_LEAD_IN_S - 0.1)
    expect(decibels(rms(samples, 0, 0.2) / settled)).toBeLessThan(-10)
    expect(rms(samples, 0.6, 0.8)).toBeLessThan(rms(samples, 1.4, 1.6))
    const tailStart = manifest.items[0]!.end
    const beforeFade = rms(samples, tailStart + 0.1, tailStart + 0.4)
    expect(decibels(rms(samples, duration - 0.3, duration - 0.05) / beforeFade)).toBeLessThan(-10)
  })
})

/**
 * A track as an upload leaves it (canonical, −16 LUFS), made the one active track: stereo as
 * stored now, or mono as stored before ADR 034 (the voice's form is the old track's form).
 */
async function canonicalTrack(bytes: Buffer, name: string, stored: 'stereo' | 'mono before'): Promise<{ id: string; path: string }> {
  const source = join(ctx.dataDir, `${name}.source.mp3`)
  const path = join(ctx.dataDir, `${name}.mp3`)
  writeFileSync(source, bytes)
  await toCanonicalAudio(ffmpeg(), 'mp3', source, path, stored === 'stereo' ? 'music' : 'voice')
  return { id: (await onlyMusic(ctx, readFileSync(path), name)).id, path }
}

/** Both sides of a 2-repetition session with a 3 s pause over `music` at 25 %, and its pause. */
async function renderSides(music: string): Promise<{ left: Float32Array; right: Float32Array; bytes: Buffer; pause: [number, number]; voiceAt: [number, number]; voiceStart: number }> {
  const { manifest, bytes } = await render({ items: [{ audioId: voiceId, repetitions: 2 }], pauseSeconds: 3, music, musicLevel: 25 })
  const channels = await decodeChannels(bytes)
  expect(channels.length).toBe(2)
  const [left, right] = channels as [Float32Array, Float32Array]
  const [item] = manifest.items
  return {
    left,
    right,
    bytes,
    pause: [item!.repetitionEnds[0]! + 0.2, item!.repetitionStarts[1]! - 0.2],
    voiceAt: [item!.repetitionStarts[0]! + 0.5, item!.repetitionEnds[0]! - 0.5],
    voiceStart: item!.repetitionStarts[0]!,
  }
}

const sideOf = (left: Float32Array, right: Float32Array) => left.map((sample, i) => (sample - right[i]!) / 2)
const midOf = (left: Float32Array, right: Float32Array) => left.map((sample, i) => (sample + right[i]!) / 2)
/** The power of both sides together over [from, to), as a loudness meter adds them. */
const bothSides = (left: Float32Array, right: Float32Array, [from, to]: [number, number]) => Math.sqrt(rms(left, from, to) ** 2 + rms(right, from, to) ** 2)

describe('its format and its two sides', () => {
  it('is MP3 at 128 kbit/s, 48 kHz, joint stereo, in every frame', async () => {
    const { bytes } = await render({ items: [{ audioId: voiceId, repetitions: 1 }], pauseSeconds: 0, music: 'none' })
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xfb, 0x94])
    expect(bytes.length % MP3_FRAME_BYTES).toBe(0)
    const formats = new Set<string>()
    for (let at = 0; at < bytes.length; at += MP3_FRAME_BYTES) {
      const header = readMp3FrameHeader(bytes.subarray(at, at + 4))
      formats.add(JSON.stringify(header && { bitrateKbps: header.bitrateKbps, sampleRate: header.sampleRate, channels: header.channels, mode: header.mode }))
    }
    expect([...formats]).toEqual([JSON.stringify({ bitrateKbps: 128, sampleRate: 48_000, channels: 2, mode: 'jointStereo' })])
  })

  it('has the voice in the centre: with a mono track (stored before) or none, both sides are the same', async () => {
    for (const music of [(await canonicalTrack(await synthMusic(7), 'mono', 'mono before')).id, 'none']) {
      const { left, right } = await renderSides(music)
      const end = left.length / 48_000
      expect(decibels(rms(sideOf(left, right), 0, end) / rms(left, 0, end))).toBeLessThan(-40)
    }
  })

  it('plays a mono track (stored before) on each side at the level the mono stream gave it (25 %, ±1 dB)', async () => {
    const track = await canonicalTrack(await synthMusic(7), 'mono-level', 'mono before')
    const stored = await decodeChannels(track.path)
    expect(stored.length).toBe(1)
    const expected = 0.25 * rms(stored[0]!, 0, stored[0]!.length / 48_000)
    const { left, right, pause } = await renderSides(track.id)
    expect(Math.abs(decibels(rms(left, ...pause) / expected))).toBeLessThan(1)
    expect(Math.abs(decibels(rms(right, ...pause) / expected))).toBeLessThan(1)
  })

  it("keeps a stereo track's two sides under the centred voice, as loud as a mono track of the same loudness", async () => {
    const stereo = await renderSides((await canonicalTrack(await synthStereoMusic(7), 'stereo', 'stereo')).id)
    const side = sideOf(stereo.left, stereo.right)
    const mid = midOf(stereo.left, stereo.right)
    // In the pause, the two tones: as much on the sides as in the middle (folded to mono, no side at all).
    expect(decibels(rms(side, ...stereo.pause) / rms(mid, ...stereo.pause))).toBeGreaterThan(-3)
    // Under the voice, the sides hold the music only: the voice is in the middle.
    expect(Math.abs(decibels(rms(side, ...stereo.voiceAt) / rms(side, ...stereo.pause)))).toBeLessThan(1)
    expect(bestMatch(mid, voice, stereo.voiceStart).correlation).toBeGreaterThan(0.8)

    // A mono track and a stereo one at −16 LUFS sound equally loud under the same level (±1 dB).
    const mono = await renderSides((await canonicalTrack(await synthMusic(7), 'mono-again', 'mono before')).id)
    expect(Math.abs(decibels(bothSides(stereo.left, stereo.right, stereo.pause) / bothSides(mono.left, mono.right, mono.pause)))).toBeLessThan(1)
  })
})
