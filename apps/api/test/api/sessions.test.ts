/**
 * Rendered sessions through the API (docs/product/sessions.md): who may ask and hear, what a bad
 * request is told, the stream while it renders and once stored, the cache (same key, eviction,
 * invalidation when a file changes), "sem parar", the sleep timer, playlists, and a machine
 * without ffmpeg.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import {
  API,
  SESSION_ENDLESS_S,
  SESSION_ITEM_GAP_S,
  SESSION_MAX_S,
  SESSION_MSG,
  SESSION_SLEEP_FADE_S,
  type SessionManifest,
} from '@sintonia/contract'
import { backgroundMusic, sessionRenders } from '../../src/db/schema/index.js'
import { evict, evictionVictims, sweepStale } from '../../src/modules/sessions/session-cache.js'
import { PIECE_BYTES, RUN_PIECES } from '../../src/modules/sessions/renderer.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener as signUp } from '../helpers/auth.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { multipart } from '../helpers/multipart.js'
import { insertAudio, onlyMusic, synthMusic, synthVoice } from '../helpers/sessions.js'
import { hearAs } from '../helpers/media.js'

let ctx: TestContext
let cast: Cast
let voiceId: string
let otherVoiceId: string
let demoId: string

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  voiceId = (await insertAudio(ctx, await synthVoice(3), { title: 'Voz A' })).id
  otherVoiceId = (await insertAudio(ctx, await synthVoice(2), { title: 'Voz B' })).id
  demoId = (await insertAudio(ctx, await synthVoice(2), { title: 'Demonstração', isDemo: true })).id
  await onlyMusic(ctx, await synthMusic(5))
})
afterAll(() => ctx.close())

const describeAs = (who: Cast[keyof Cast] | null, payload: object) => callAs(ctx, who, { method: 'POST', url: API.sessions.sessions, payload })
const one = (audioId: string, repetitions = 2) => ({ items: [{ audioId, repetitions }], pauseSeconds: 1 })
const renders = async () => Number((await ctx.database.db.select({ n: count() }).from(sessionRenders))[0]!.n)
const row = async (key: string) => (await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, key)))[0]

async function manifestOf(payload: object, who: Cast[keyof Cast] | null = cast.subscriber): Promise<SessionManifest> {
  const res = await describeAs(who, payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as SessionManifest
}

describe('who may ask for a session and hear it', () => {
  it('subscribers and admins; a visitor is told to sign in, a listener without a plan to subscribe', async () => {
    const anonymous = await describeAs(null, one(voiceId))
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe('Assinatura ativa necessária para ouvir este áudio')
    expect((await describeAs(cast.listener, one(voiceId))).statusCode).toBe(403)
    expect((await describeAs(cast.subscriber, one(voiceId))).statusCode).toBe(200)
    expect((await describeAs(cast.admin, one(voiceId))).statusCode).toBe(200)
  })

  it("a subscriber's session is refused to others even with its address", async () => {
    const manifest = await manifestOf(one(voiceId, 3))
    expect((await hearAs(ctx, null, { url: manifest.url })).statusCode).toBe(401)
    expect((await hearAs(ctx, cast.listener, { url: manifest.url })).statusCode).toBe(403)
    const heard = await hearAs(ctx, cast.subscriber, { url: manifest.url })
    expect(heard.statusCode).toBe(200)
    expect(heard.headers['cache-control']).toBe('private, max-age=86400')
  })

  it("the demo's session is public (and may be cached by anyone); mixed with another audio it is not", async () => {
    // One of the demo's variants (contract sessions/demo-variants.ts): the only sessions a visitor may ask for.
    const manifest = await manifestOf({ items: [{ audioId: demoId, repetitions: 1 }], pauseSeconds: 0 }, null)
    // The admins' tracks are for subscribers: the visitor's demo has the built-in public track.
    expect(manifest.music).toEqual({ id: 'publica', title: 'Música de Fundo' })
    expect(manifest.musicLevel).toBe(25)
    const heard = await hearAs(ctx, null, { url: manifest.url })
    expect(heard.statusCode).toBe(200)
    expect(heard.headers['cache-control']).toBe('public, max-age=86400')
    expect(heard.rawPayload.length).toBe(manifest.bytes)
    // An admin's change to the catalogue does not drop it (its music is not a catalogue file).
    expect(await sweepStale({ db: ctx.database.db, storage: ctx.storage, log: ctx.app.log, maxBytes: 1e9 })).toBe(0)
    expect((await hearAs(ctx, null, { url: manifest.url })).statusCode).toBe(200)
    const mixed = await describeAs(null, { items: [{ audioId: demoId, repetitions: 1 }, { audioId: voiceId, repetitions: 1 }], pauseSeconds: 0 })
    expect(mixed.statusCode).toBe(401)
  })

  it('a suspended subscriber is refused', async () => {
    const banned = await signUp(ctx)
    await ctx.database.db.execute(`update "user" set banned = true where id = '${banned.userId}'`)
    expect((await describeAs(banned, one(voiceId))).statusCode).toBe(403)
  })
})

describe('a request that cannot be a session', () => {
  it.each([
    [{ items: [{ audioId: 'x', repetitions: 1 }], pauseSeconds: 0 }, 'Identificador inválido'],
    [{ items: [], pauseSeconds: 0 }, SESSION_MSG.audioNotFound],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 100 }], pauseSeconds: 0 }, SESSION_MSG.repetitionsRange],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 1.5 }], pauseSeconds: 0 }, SESSION_MSG.repetitionsRange],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 1 }], pauseSeconds: 61 }, SESSION_MSG.pauseRange],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 1 }], pauseSeconds: 0, musicLevel: 101 }, SESSION_MSG.levelRange],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 1 }], pauseSeconds: 0, endAtSeconds: 30 }, SESSION_MSG.sleepRange],
    [{ items: [{ audioId: '00000000-0000-4000-8000-000000000000', repetitions: 1 }], pauseSeconds: 0, music: 'rock' }, SESSION_MSG.musicNotFound],
  ])('%j is refused with a pt-BR message (400) and nothing is recorded', async (payload, message) => {
    const before = await renders()
    const res = await describeAs(cast.subscriber, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(message)
    expect(await renders()).toBe(before)
  })

  it('refuses more than 50 audios, and "sem parar" beside another audio', async () => {
    const many = { items: Array.from({ length: 51 }, () => ({ audioId: voiceId, repetitions: 1 })), pauseSeconds: 0 }
    expect((await describeAs(cast.subscriber, many)).json().message).toContain(SESSION_MSG.tooManyItems)
    const endless = { items: [{ audioId: voiceId, repetitions: 0 }, { audioId: otherVoiceId, repetitions: 1 }], pauseSeconds: 0 }
    const res = await describeAs(cast.subscriber, endless)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(SESSION_MSG.endlessAlone)
  })

  it('an unknown audio or music answers 404 in pt-BR', async () => {
    const unknown = await describeAs(cast.subscriber, one('00000000-0000-4000-8000-000000000000'))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(SESSION_MSG.audioNotFound)
    const music = await describeAs(cast.subscriber, { ...one(voiceId), music: '00000000-0000-4000-8000-000000000000' })
    expect(music.statusCode).toBe(404)
    expect(music.json().message).toBe(SESSION_MSG.musicNotFound)
  })

  it('an unknown or malformed session address answers 404', async () => {
    for (const url of [API.sessions.audio('0123456789abcdef0123456789abcdef'), API.sessions.audio('nao-e-chave')]) {
      const res = await callAs(ctx, cast.subscriber, { url })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(SESSION_MSG.notFound)
    }
  })
})

describe('the stream', () => {
  it('the same request names the same session; another count, pause, level or end another', async () => {
    const a = await manifestOf(one(voiceId, 2))
    expect((await manifestOf(one(voiceId, 2))).key).toBe(a.key)
    const keys = new Set([
      a.key,
      (await manifestOf(one(voiceId, 3))).key,
      (await manifestOf({ ...one(voiceId, 2), pauseSeconds: 2 })).key,
      (await manifestOf({ ...one(voiceId, 2), musicLevel: 40 })).key,
      (await manifestOf({ ...one(voiceId, 2), music: 'none' })).key,
    ])
    expect(keys.size).toBe(5)
  })

  it('answers Range requests while it is rendered, and the same bytes once stored (ETag, 304, HEAD)', async () => {
    const manifest = await manifestOf(one(otherVoiceId, 4))
    const middle = Math.floor(manifest.bytes / 2)
    // Asked at once: the render starts with the first request and the ranges are served as it grows.
    const [part, whole] = await Promise.all([
      hearAs(ctx, cast.subscriber, { url: manifest.url, headers: { range: `bytes=${middle}-${middle + 999}` } }),
      hearAs(ctx, cast.subscriber, { url: manifest.url }),
    ])
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes ${middle}-${middle + 999}/${manifest.bytes}`)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    expect(Number(whole.headers['content-length'])).toBe(manifest.bytes)
    expect(whole.rawPayload.length).toBe(manifest.bytes)
    expect(part.rawPayload.equals(whole.rawPayload.subarray(middle, middle + 1000))).toBe(true)
    expect(whole.headers.etag).toBe(`"${manifest.key}"`)

    await expect.poll(async () => (await row(manifest.key))?.renderedAt ?? null).not.toBeNull()
    expect(existsSync(join(ctx.dataDir, 'media', 'sessions', `${manifest.key}.mp3`))).toBe(true)
    // Stored, it is a file like any audio: the open redirects to its signed address (ADR 021), whose
    // validator is the file's own.
    const again = await hearAs(ctx, cast.subscriber, { url: manifest.url })
    expect(again.redirect?.statusCode).toBe(302)
    expect(again.rawPayload.equals(whole.rawPayload)).toBe(true)
    expect((await hearAs(ctx, cast.subscriber, { url: manifest.url, headers: { 'if-none-match': String(again.headers.etag) } })).statusCode).toBe(304)
    const head = await hearAs(ctx, cast.subscriber, { method: 'HEAD', url: manifest.url })
    expect(head.statusCode).toBe(200)
    expect(head.rawPayload.length).toBe(0)
    const tail = await hearAs(ctx, cast.subscriber, { url: manifest.url, headers: { range: `bytes=${manifest.bytes}-` } })
    expect(tail.statusCode).toBe(416)
  })

  it('answers a range deep in a session never rendered (206) by rendering from there, not from the start', async () => {
    // An hour of "sem parar": 40 minutes in is 19 MB into the stream.
    const manifest = await manifestOf({ ...one(otherVoiceId, 0), pauseSeconds: 7 })
    const deep = Math.floor(manifest.bytes * (40 / 60))
    const part = await hearAs(ctx, cast.subscriber, { url: manifest.url, headers: { range: `bytes=${deep}-${deep + 9_999}` } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes ${deep}-${deep + 9_999}/${manifest.bytes}`)
    expect(part.rawPayload.length).toBe(10_000)
    // What is on disk is one window from there (at most three minutes), none of the 40 minutes before.
    const job = ctx.app.sessionRendering?.current(manifest.key)
    expect(job?.written ?? 0).toBeLessThanOrEqual(RUN_PIECES * PIECE_BYTES)
    expect(job?.written ?? 0).toBeGreaterThan(0)
  })

  it("hands out a stored session's signed address with its manifest, so the first play needs no redirect (ADR 021)", async () => {
    const request = one(otherVoiceId, 3)
    const fresh = await manifestOf(request)
    expect(fresh.direct ?? null).toBeNull()
    const whole = await hearAs(ctx, cast.subscriber, { url: fresh.url })
    await expect.poll(async () => (await row(fresh.key))?.renderedAt ?? null).not.toBeNull()
    const stored = await manifestOf(request)
    expect(stored.key).toBe(fresh.key)
    expect(stored.direct?.url).toMatch(new RegExp(`^/api/files/sessions/${fresh.key}\\.mp3\\?expires=\\d+&md5=`))
    // It outlives the stream by the configured lifetime at least.
    expect(Date.parse(stored.direct!.expiresAt)).toBeGreaterThanOrEqual(Date.now() + (ctx.config.mediaUrls.lifetimeSeconds + stored.durationSeconds) * 1000 - 1_000)
    const direct = await ctx.app.inject({ url: stored.direct!.url })
    expect(direct.statusCode).toBe(200)
    expect(direct.rawPayload.equals(whole.rawPayload)).toBe(true)
    // Someone refused the session gets no address at all.
    expect((await describeAs(cast.listener, request)).statusCode).toBe(403)
  })

  it('a render that fails (its file gone meanwhile) answers 503 in pt-BR, and works again once the file is back', async () => {
    const bytes = await synthVoice(2)
    const audio = await insertAudio(ctx, bytes, { title: 'Some' })
    const manifest = await manifestOf(one(audio.id, 2))
    await ctx.storage.delete(audio.fileKey)
    const res = await hearAs(ctx, cast.subscriber, { url: manifest.url })
    expect(res.statusCode, res.body).toBe(503)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json().message).toBe(SESSION_MSG.unavailable)
    await ctx.storage.put(audio.fileKey, bytes)
    const again = await hearAs(ctx, cast.subscriber, { url: manifest.url })
    expect(again.statusCode).toBe(200)
    expect(again.rawPayload.length).toBe(manifest.bytes)
  })

  it('two listeners asking at once share one render', async () => {
    const manifest = await manifestOf(one(voiceId, 5))
    const [a, b] = await Promise.all([hearAs(ctx, cast.subscriber, { url: manifest.url }), hearAs(ctx, cast.admin, { url: manifest.url })])
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true)
    expect(await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, manifest.key))).toHaveLength(1)
  })
})

describe('the cache', () => {
  it('evicts the least recently heard streams past the limit, down to 90 %, and renders them again when asked', async () => {
    expect(evictionVictims([{ key: 'novo', sizeBytes: 40 }, { key: 'meio', sizeBytes: 40 }, { key: 'velho', sizeBytes: 40 }], 100, new Set())).toEqual(['velho'])
    expect(evictionVictims([{ key: 'novo', sizeBytes: 40 }, { key: 'velho', sizeBytes: 40 }], 100, new Set())).toEqual([])
    // The unfinished files of the renders in progress count toward the limit too.
    expect(evictionVictims([{ key: 'novo', sizeBytes: 40 }, { key: 'velho', sizeBytes: 40 }], 100, new Set(), 40)).toEqual(['velho'])
    // The stream just rendered is never the one evicted for itself.
    expect(evictionVictims([{ key: 'a', sizeBytes: 80 }, { key: 'b', sizeBytes: 80 }], 100, new Set(['b']))).toEqual(['a'])

    const older = await manifestOf(one(voiceId, 6))
    const first = await hearAs(ctx, cast.subscriber, { url: older.url })
    await expect.poll(async () => (await row(older.key))?.renderedAt ?? null).not.toBeNull()
    const newer = await manifestOf(one(otherVoiceId, 6))
    await hearAs(ctx, cast.subscriber, { url: newer.url })
    await expect.poll(async () => (await row(newer.key))?.renderedAt ?? null).not.toBeNull()
    await ctx.database.db.update(sessionRenders).set({ lastUsedAt: new Date(Date.now() - 3_600_000) }).where(eq(sessionRenders.key, older.key))

    await evict({ db: ctx.database.db, storage: ctx.storage, log: ctx.app.log, maxBytes: newer.bytes + older.bytes - 1 })
    expect((await row(older.key))?.renderedAt).toBeNull()
    expect(existsSync(join(ctx.dataDir, 'media', 'sessions', `${older.key}.mp3`))).toBe(false)
    expect((await row(newer.key))?.renderedAt).not.toBeNull()

    const again = await hearAs(ctx, cast.subscriber, { url: older.url })
    expect(again.statusCode).toBe(200)
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it("drops the sessions of an audio whose file an admin replaced, and the new file gets a new session", async () => {
    const audio = await insertAudio(ctx, await synthVoice(2), { title: 'Trocado' })
    const before = await manifestOf(one(audio.id, 2))
    await hearAs(ctx, cast.subscriber, { url: before.url })
    await expect.poll(async () => (await row(before.key))?.renderedAt ?? null).not.toBeNull()

    const { payload, headers } = multipart({}, [{ name: 'file', filename: 'novo.mp3', contentType: 'audio/mpeg', data: await synthVoice(3) }])
    const replaced = await callAs(ctx, cast.admin, { method: 'PUT', url: API.catalogue.admin.audioFile(audio.id), payload, headers })
    expect(replaced.statusCode, replaced.body).toBe(200)

    await expect.poll(async () => (await row(before.key)) ?? null).toBeNull()
    await expect.poll(() => existsSync(join(ctx.dataDir, 'media', 'sessions', `${before.key}.mp3`))).toBe(false)
    expect((await hearAs(ctx, cast.subscriber, { url: before.url })).statusCode).toBe(404)
    const after = await manifestOf(one(audio.id, 2))
    expect(after.key).not.toBe(before.key)
    expect(after.durationSeconds).toBeGreaterThan(before.durationSeconds)
  })

  it('drops the sessions mixed with a track an admin switched off', async () => {
    const manifest = await manifestOf(one(voiceId, 7))
    expect(manifest.music).not.toBeNull()
    const track = manifest.music!.id
    const res = await callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.musicTrack(track), payload: { isActive: false } })
    expect(res.statusCode, res.body).toBe(200)
    await expect.poll(async () => (await row(manifest.key)) ?? null).toBeNull()
    // With no active track, sessions play without music.
    expect((await manifestOf(one(voiceId, 7))).music).toBeNull()
    await ctx.database.db.update(backgroundMusic).set({ isActive: true }).where(eq(backgroundMusic.id, track))
  })
})

describe('lengths', () => {
  it('"sem parar" holds an hour of repetitions', async () => {
    const manifest = await manifestOf({ items: [{ audioId: voiceId, repetitions: 0 }], pauseSeconds: 2 })
    expect(manifest.endless).toBe(true)
    const [item] = manifest.items
    expect(item!.repetitions).toBeGreaterThan(100)
    expect(item!.repetitionEnds.at(-1)! - item!.repetitionStarts[0]!).toBeLessThanOrEqual(SESSION_ENDLESS_S)
    expect(item!.repetitionEnds.at(-1)! - item!.repetitionStarts[0]!).toBeGreaterThan(SESSION_ENDLESS_S - 6)
  })

  it('a sleep timer ends the stream at its minute with a fade, and counts only what ends before the fade', async () => {
    const manifest = await manifestOf({ items: [{ audioId: voiceId, repetitions: 0 }], pauseSeconds: 2, endAtSeconds: 120 })
    expect(manifest.endsEarly).toBe(true)
    expect(manifest.durationSeconds).toBeGreaterThanOrEqual(120)
    expect(manifest.durationSeconds).toBeLessThan(120.1)
    const [item] = manifest.items
    expect(Math.max(...item!.repetitionEnds)).toBeLessThanOrEqual(120 - SESSION_SLEEP_FADE_S + 0.05)
    expect(item!.repetitions).toBe(item!.repetitionEnds.length)
    // A timer past the session's own end changes nothing.
    const natural = await manifestOf(one(voiceId, 2))
    expect((await manifestOf({ ...one(voiceId, 2), endAtSeconds: 3600 })).key).toBe(natural.key)
  })

  it("plays a playlist's audios one after the other, a breath apart, in one stream", async () => {
    const manifest = await manifestOf({ items: [{ audioId: voiceId, repetitions: 2 }, { audioId: otherVoiceId, repetitions: 3 }], pauseSeconds: 1 })
    const [first, second] = manifest.items
    expect(first!.repetitions).toBe(2)
    expect(second!.repetitions).toBe(3)
    expect(second!.start - first!.end).toBeCloseTo(SESSION_ITEM_GAP_S, 3)
    expect(second!.repetitionStarts[1]! - second!.repetitionEnds[0]!).toBeCloseTo(1, 3)
    const heard = await hearAs(ctx, cast.subscriber, { url: manifest.url })
    expect(heard.rawPayload.length).toBe(manifest.bytes)
  })

  it('a playlist longer than one stream stops at the audio that does not fit and says how many are left', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ audioId: i % 2 ? voiceId : otherVoiceId, repetitions: 99 }))
    const manifest = await manifestOf({ items, pauseSeconds: 60 })
    expect(manifest.itemsLeft).toBeGreaterThan(0)
    expect(manifest.items.length + manifest.itemsLeft).toBe(50)
    expect(manifest.durationSeconds).toBeLessThanOrEqual(SESSION_MAX_S + 10)
  })
})

describe('a machine without ffmpeg', () => {
  it('answers 503 with a pt-BR message, so the player plays the voice on its own', async () => {
    const bare = await buildTestApp({ seed: true, env: { FFMPEG_PATH: '/nao/existe/ffmpeg' } })
    try {
      const [audio] = await bare.database.db.execute('select id from audios limit 1').then((r) => (r as unknown as { rows: { id: string }[] }).rows)
      const admin = (await castOf(bare)).admin
      const res = await callAs(bare, admin, { method: 'POST', url: API.sessions.sessions, payload: one(audio!.id) })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toBe(SESSION_MSG.unavailable)
    } finally {
      await bare.close()
    }
  })
})
