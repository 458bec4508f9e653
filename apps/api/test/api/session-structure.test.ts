/**
 * A rendered session, decoded and measured (docs/product/sessions.md#the-stream): the voice
 * where the manifest says each repetition starts, pauses with only the music in them, the music
 * at the chosen level, and fades at both ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, SESSION_LEAD_IN_S, SESSION_TAIL_S, type SessionManifest } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, subscriber } from '../helpers/callers.js'
import type { Account } from '../helpers/auth.js'
import { bestMatch, decibels, decode, insertAudio, onlyMusic, rms, synthMusic, synthVoice } from '../helpers/sessions.js'

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
