/**
 * Sessions under load and abuse (docs/product/sessions.md#fair-under-load): a visitor reaches only
 * the demo's few variants; a listener's new sessions are budgeted (at once and per hour); a full
 * render queue, or a disk taken by renders in progress, answers at once; every refusal is pt-BR
 * and records nothing; a client that stops reading is closed and its render stopped; the demo's
 * variants are rendered ahead once across instances and kept out of the cache's eviction.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API,
  defaultAudioSession,
  DEMO_SESSION_REPETITIONS,
  demoSessionVariants,
  isDemoSessionVariant,
  MEDIA_MSG,
  programmeDaySession,
  SESSION_MSG,
  SESSION_NEW_RENDERS_PER_HOUR,
  type SessionManifest,
} from '@sintonia/contract'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { audios, backgroundMusic, sessionRenders, sessionVoiceLengths } from '../../src/db/schema/index.js'
import { evict } from '../../src/modules/sessions/session-cache.js'
import { renderStorageKey } from '../../src/modules/sessions/renderer.js'
import { aheadSessions, type AheadSelection } from '../../src/modules/sessions/prerender.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { seedProgram } from '../helpers/practice.js'
import { callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'
import { insertAudio, synthVoice } from '../helpers/sessions.js'

let ctx: TestContext
let cast: Cast
let voiceId: string
let demoId: string

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, env: { SESSION_STALL_TIMEOUT_SECONDS: '1' } })
  cast = await castOf(ctx)
  voiceId = (await insertAudio(ctx, await synthVoice(2), { title: 'Voz' })).id
  demoId = (await insertAudio(ctx, await synthVoice(2), { title: 'Demonstração', isDemo: true })).id
})
afterAll(() => ctx.close())

const renders = async (c: TestContext = ctx) => Number((await c.database.db.select({ n: count() }).from(sessionRenders))[0]!.n)
const ask = (c: TestContext, who: Cast[keyof Cast] | null, payload: object) => callAs(c, who, { method: 'POST', url: API.sessions.sessions, payload })

describe('a visitor', () => {
  it("hears the demo's variants, and is refused anything else in pt-BR, with nothing recorded", async () => {
    for (const repetitions of DEMO_SESSION_REPETITIONS) {
      const res = await ask(ctx, null, { items: [{ audioId: demoId, repetitions }], pauseSeconds: 0 })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect((await ask(ctx, null, { items: [{ audioId: demoId, repetitions: 3 }], pauseSeconds: 0, music: 'none' })).statusCode).toBe(200)
    const before = await renders()
    // What the outside attack did: a new key with each pause, level, count or end.
    for (const payload of [
      { items: [{ audioId: demoId, repetitions: 2 }], pauseSeconds: 0 },
      { items: [{ audioId: demoId, repetitions: 3 }], pauseSeconds: 7 },
      { items: [{ audioId: demoId, repetitions: 3 }], pauseSeconds: 0, musicLevel: 61 },
      { items: [{ audioId: demoId, repetitions: 3 }], pauseSeconds: 0, endAtSeconds: 600 },
      { items: [{ audioId: demoId, repetitions: 1 }, { audioId: demoId, repetitions: 1 }], pauseSeconds: 0 },
    ]) {
      const res = await ask(ctx, null, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(403)
      expect(res.json().message).toBe(SESSION_MSG.demoVariantsOnly)
    }
    expect(await renders()).toBe(before)
  })

  it('the variants are a small fixed set, the same rule on both sides', () => {
    const variants = demoSessionVariants(demoId)
    expect(variants.length).toBeLessThanOrEqual(10)
    expect(variants.every(isDemoSessionVariant)).toBe(true)
    expect(isDemoSessionVariant({ items: [{ audioId: demoId, repetitions: 0 }], pauseSeconds: 0 })).toBe(true)
    expect(isDemoSessionVariant({ items: [{ audioId: demoId, repetitions: 0 }], pauseSeconds: 1 })).toBe(false)
    expect(isDemoSessionVariant({ items: [{ audioId: demoId, repetitions: 0 }], pauseSeconds: 0, music: 'none' })).toBe(true)
    expect(isDemoSessionVariant({ items: [{ audioId: demoId, repetitions: 0 }], pauseSeconds: 0, music: demoId })).toBe(false)
  })
})

describe("a listener's budget", () => {
  it(`starts at most ${SESSION_NEW_RENDERS_PER_HOUR} new sessions an hour; then 429 in pt-BR, nothing recorded, known sessions still answered`, async () => {
    const listener = await subscriber(ctx)
    const session = (pauseSeconds: number, repetitions = 1) => ({ items: [{ audioId: voiceId, repetitions }], pauseSeconds })
    for (let i = 0; i < SESSION_NEW_RENDERS_PER_HOUR; i++) {
      const res = await ask(ctx, listener, session(i))
      expect(res.statusCode, res.body).toBe(200)
    }
    const before = await renders()
    const over = await ask(ctx, listener, session(40))
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(SESSION_MSG.budgetExceeded)
    expect(await renders()).toBe(before)
    // A session already asked for is not a new one.
    expect((await ask(ctx, listener, session(3))).statusCode).toBe(200)
    // Another listener has a budget of their own.
    expect((await ask(ctx, cast.subscriber, session(40))).statusCode).toBe(200)
  })

  it('runs at most two listened renders of one listener at once; one they left does not count', async () => {
    const listener = await subscriber(ctx)
    const endless = (pauseSeconds: number) => ({ items: [{ audioId: voiceId, repetitions: 0 }], pauseSeconds })
    const sockets: net.Socket[] = []
    try {
      for (const pause of [51, 52]) {
        const manifest = (await ask(ctx, listener, endless(pause))).json() as SessionManifest
        sockets.push(await listenTo(manifest, listener.cookie))
      }
      const before = await renders()
      const third = await ask(ctx, listener, endless(53))
      expect(third.statusCode).toBe(429)
      expect(third.json().message).toBe(SESSION_MSG.budgetExceeded)
      expect(await renders()).toBe(before)
      // The listener moves on: the stream they left no longer counts, and the next session is theirs.
      sockets.shift()!.destroy()
      await expect.poll(async () => (await ask(ctx, listener, endless(53))).statusCode, { timeout: 10_000 }).toBe(200)
    } finally {
      for (const socket of sockets) socket.destroy()
    }
  })
})

describe('an instance whose render queue is full', () => {
  let busy: TestContext
  beforeAll(async () => {
    busy = await buildTestApp({ seed: true, env: { SESSION_RENDER_CONCURRENCY: '1', SESSION_RENDER_QUEUE_MAX: '0' } })
  })
  afterAll(() => busy.close())

  it('answers 503 in pt-BR at once (the player plays the audio file instead) and records nothing', async () => {
    const { id } = await insertAudio(busy, await synthVoice(2))
    const [first, second] = [await subscriber(busy), await subscriber(busy)]
    const endless = { items: [{ audioId: id, repetitions: 0 }], pauseSeconds: 9 }
    const running = (await ask(busy, first, endless)).json() as SessionManifest
    // Its listener's first byte: the render's first run (three minutes of session) takes the only place.
    expect((await callAs(busy, first, { method: 'GET', url: running.url, headers: { range: 'bytes=0-0' } })).statusCode).toBe(206)
    expect(busy.app.sessionRendering?.processes).toBe(1)
    const before = await renders(busy)
    const refused = await ask(busy, second, { items: [{ audioId: id, repetitions: 2 }], pauseSeconds: 0 })
    expect(refused.statusCode).toBe(503)
    expect(refused.json().message).toBe(SESSION_MSG.busy)
    expect(await renders(busy)).toBe(before)
    // The render in progress is still joined by anyone asking for it.
    expect((await callAs(busy, second, { method: 'HEAD', url: running.url })).statusCode).toBe(200)
  })
})

describe("an instance whose disk is nearly taken by renders in progress", () => {
  let full: TestContext
  beforeAll(async () => {
    full = await buildTestApp({ seed: true, env: { SESSION_CACHE_MAX_MB: '50' } })
  })
  afterAll(() => full.close())

  it('counts their unfinished files toward the limit: a session that fits alone is refused (503 in pt-BR, nothing recorded)', async () => {
    const { id } = await insertAudio(full, await synthVoice(2))
    const [first, second] = [await subscriber(full), await subscriber(full)]
    const limit = full.config.sessions.cacheMaxBytes
    // Ten minutes of "sem parar", its first piece rendered for a listener who then left: the
    // piece waits on disk, unfinished, for them to come back.
    const running = (await ask(full, first, { items: [{ audioId: id, repetitions: 0 }], pauseSeconds: 5, endAtSeconds: 600 })).json() as SessionManifest
    expect((await callAs(full, first, { method: 'GET', url: running.url, headers: { range: 'bytes=0-0' } })).statusCode).toBe(206)
    await expect.poll(() => full.app.sessionRendering!.bytesInProgress(), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(200_000)
    // A session 100 KB under the limit on its own: those unfinished bytes tip it over.
    const bytesPerSecond = running.bytes / running.durationSeconds
    const fitsAlone = { items: [{ audioId: id, repetitions: 0 }], pauseSeconds: 7, endAtSeconds: Math.floor((limit - 100_000) / bytesPerSecond) }
    expect(fitsAlone.endAtSeconds * bytesPerSecond).toBeLessThan(limit - 90_000)
    const before = await renders(full)
    const refused = await ask(full, second, fitsAlone)
    expect(refused.statusCode).toBe(503)
    expect(refused.json().message).toBe(SESSION_MSG.busy)
    expect(await renders(full)).toBe(before)
  }, 60_000)
})

describe('a client that stops reading', () => {
  it('is closed after the stall timeout, so it no longer holds its render', async () => {
    const listener = await subscriber(ctx)
    const manifest = (await ask(ctx, listener, { items: [{ audioId: voiceId, repetitions: 0 }], pauseSeconds: 33 })).json() as SessionManifest
    // A raw client that sends the request and never reads a byte of the answer.
    const socket = await listenTo(manifest, listener.cookie)
    try {
      // The render keeps up with the socket until its buffers (a few MB) are full; then nothing
      // moves, and the server closes it after
      // SESSION_STALL_TIMEOUT_SECONDS (1 s here), and the render has no listener left — it then
      // stops RENDER_IDLE_STOP_MS later (proved in test/unit/session-renderer.test.ts).
      await expect.poll(() => readersOf(manifest.key), { timeout: 60_000, interval: 200 }).toBe(0)
    } finally {
      socket.destroy()
    }
    expect((await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, manifest.key)))[0]?.renderedAt).toBeNull()
  }, 90_000)

  it('a player asking range after range on one kept-alive connection leaves no stall watch behind from the earlier ones', async () => {
    const listener = await subscriber(ctx)
    const manifest = (await ask(ctx, listener, { items: [{ audioId: voiceId, repetitions: 2 }], pauseSeconds: 31 })).json() as SessionManifest
    listening ??= ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(await listening)
    const sockets: net.Socket[] = []
    const keep = (socket: net.Socket) => sockets.push(socket)
    ctx.app.server.on('connection', keep)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let i = 0; i < 12; i++) {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.get({ host: '127.0.0.1', port: Number(port), path: manifest.url, agent, headers: { cookie: listener.cookie, range: `bytes=${i * 1000}-${i * 1000 + 999}` } }, (response) => {
            response.resume()
            response.once('end', () => resolve(response.statusCode ?? 0))
          })
          request.once('error', reject)
        })
        expect(status).toBe(206)
      }
      // One connection served every range; only the server's own watch stays on it.
      expect(sockets).toHaveLength(1)
      await expect.poll(() => sockets[0]!.listenerCount('timeout')).toBeLessThanOrEqual(1)
    } finally {
      agent.destroy()
      ctx.app.server.off('connection', keep)
    }
  }, 60_000)
})

let listening: Promise<string> | null = null
/**
 * A raw HTTP client on the real server that asks for a session's stream and reads nothing (a
 * player holding its connection); resolves once the render counts it as a listener.
 */
async function listenTo(manifest: SessionManifest, cookie: string): Promise<net.Socket> {
  listening ??= ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = new URL(await listening)
  const socket = net.connect({ port: Number(port), host: '127.0.0.1' })
  socket.pause()
  socket.on('error', () => undefined)
  socket.write(`GET ${manifest.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`)
  await expect.poll(() => readersOf(manifest.key), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
  return socket
}

/** How many requests read (or wait for) this key's render on this instance now; null when none runs. */
function readersOf(key: string): number | null {
  return ctx.app.sessionRendering?.current(key)?.readers ?? null
}

describe('sessions rendered ahead', () => {
  /** The demo's variants short enough for a test (the others are an hour: "sem parar"). */
  const shortDemoVariants: AheadSelection = (sessions) =>
    sessions.filter((session) => session.kind === 'demo' && session.request.items[0]!.repetitions > 0 && session.request.items[0]!.repetitions <= 3)

  it("renders the demo's variants once across two instances, then serves them as stored files, never evicted", async () => {
    const second = await secondInstance(ctx)
    try {
      const [a, b] = await Promise.all([ctx.app.sessionPrerender!.schedule(shortDemoVariants), second.app.sessionPrerender!.schedule(shortDemoVariants)])
      const expected = demoSessionVariants(demoId).filter((request) => request.items[0]!.repetitions > 0 && request.items[0]!.repetitions <= 3).length
      // Each variant rendered by exactly one of them.
      expect(a.rendered + b.rendered).toBe(expected)
      const keys = [...ctx.app.sessionPrerender!.pinned()]
      expect(keys).toHaveLength(expected)
      for (const key of keys) {
        const row = (await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, key)))[0]
        expect(row?.renderedAt).not.toBeNull()
        expect(await ctx.storage.stat(renderStorageKey(key))).not.toBeNull()
      }
      // A second pass finds them stored and renders nothing.
      expect((await ctx.app.sessionPrerender!.schedule(shortDemoVariants)).rendered).toBe(0)
      // A visitor gets the stored file's address with the manifest: no render, no redirect.
      const manifest = (await ask(ctx, null, { items: [{ audioId: demoId, repetitions: 1 }], pauseSeconds: 0 })).json() as SessionManifest
      expect(manifest.direct?.url).toBeTruthy()
      // The cache's eviction keeps them, even past a tiny limit.
      await evict({ db: ctx.database.db, storage: ctx.storage, log: ctx.app.log, maxBytes: 1, pinned: () => ctx.app.sessionPrerender!.pinned() })
      for (const key of keys) expect(await ctx.storage.stat(renderStorageKey(key))).not.toBeNull()
    } finally {
      await second.close()
    }
  }, 120_000)

  it('renders each programme day from its start and plans every audio at the default settings: a listener who kept the defaults gets a stored file', async () => {
    const breathId = (await insertAudio(ctx, await synthVoice(1), { title: 'Respiro' })).id
    const dayItems = [
      { audioId: voiceId, repetitions: 2 },
      { audioId: breathId, repetitions: 1 },
    ]
    await seedProgram(ctx, { title: 'Programa adiantado', days: [{ items: dayItems }] })
    const sessions = await aheadSessions(ctx.database.db, ctx.storage)
    // The demo first, then the days, then every audio of the catalogue.
    const kinds = sessions.map((session) => session.kind)
    expect(kinds.indexOf('dia')).toBeGreaterThan(kinds.lastIndexOf('demo'))
    expect(kinds.indexOf('áudio')).toBeGreaterThan(kinds.lastIndexOf('dia'))
    expect(sessions.filter((session) => session.kind === 'áudio').map((session) => session.audios[0]!.id)).toEqual(expect.arrayContaining([voiceId, breathId, demoId]))
    const isOurDay: AheadSelection = (all) => all.filter((session) => session.kind === 'dia' && session.audios.some((audio) => audio.id === breathId))
    expect(isOurDay(sessions)).toHaveLength(1)
    expect(isOurDay(sessions)[0]!.request).toEqual(programmeDaySession(dayItems))

    // The day is rendered ahead and pinned; the listener's first press finds it stored.
    expect(await ctx.app.sessionPrerender!.schedule(isOurDay)).toMatchObject({ rendered: 1, failed: 0 })
    const day = (await ask(ctx, cast.subscriber, programmeDaySession(dayItems)!)).json() as SessionManifest
    expect([...ctx.app.sessionPrerender!.pinned()]).toEqual([day.key])
    expect(day.direct?.url).toBeTruthy()

    // An audio at the default settings ("sem parar": an hour, rendered in production) is planned
    // as the listener asks for it: the same key, kept out of eviction once rendered.
    const defaults = (await ask(ctx, cast.subscriber, defaultAudioSession(breathId))).json() as SessionManifest
    const audioAhead: AheadSelection = (all) => all.filter((session) => session.kind === 'áudio' && session.audios[0]!.id === breathId)
    const [target] = audioAhead(sessions)
    const plan = await ctx.app.sessionPrerender!.plan(target!)
    expect(plan.key).toBe(defaults.key)
  }, 120_000)
})

describe('a pass of renders ahead over a large catalogue', () => {
  it('plans every audio in a few round trips (not several per audio) and leaves what is stored alone', async () => {
    const { db } = ctx.database
    const [voice] = await db.select({ fileKey: audios.fileKey, fieldId: audios.fieldId }).from(audios).where(eq(audios.id, voiceId))
    const tracks = await db.select({ id: backgroundMusic.id, isActive: backgroundMusic.isActive }).from(backgroundMusic)
    // Without music, every copy of one recording sounds the same: one session, stored already.
    await db.update(backgroundMusic).set({ isActive: false })
    const copies = Array.from({ length: 600 }, (_, i) => ({ id: randomUUID(), title: `Cópia ${i}`, fieldId: voice!.fieldId, fileKey: voice!.fileKey, mimeType: 'audio/mpeg', sizeBytes: 1 }))
    try {
      const ours: AheadSelection = (all) => all.filter((session) => session.kind === 'áudio' && session.audios[0]!.fileKey === voice!.fileKey)
      const [first] = ours(await aheadSessions(db, ctx.storage))
      const plan = await ctx.app.sessionPrerender!.plan(first!)
      await db.update(sessionRenders).set({ renderedAt: new Date() }).where(eq(sessionRenders.key, plan.key))
      await ctx.storage.put(renderStorageKey(plan.key), Buffer.from('stored'))
      await db.insert(audios).values(copies)
      const [measured] = await db.select().from(sessionVoiceLengths).where(eq(sessionVoiceLengths.audioId, voiceId))
      await db.insert(sessionVoiceLengths).values(copies.map((copy) => ({ audioId: copy.id, fileKey: copy.fileKey, samples: measured!.samples })))

      // Every statement the app builds on its database during the pass.
      let statements = 0
      const counted = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const
      const originals = counted.map((name) => [name, db[name]] as const)
      for (const [name, original] of originals) {
        ;(db as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          statements++
          return (original as (...a: unknown[]) => unknown).apply(db, args)
        }
      }
      let outcome
      try {
        outcome = await ctx.app.sessionPrerender!.schedule(ours)
      } finally {
        for (const [name, original] of originals) (db as unknown as Record<string, unknown>)[name] = original
      }
      expect(outcome).toEqual({ rendered: 0, skipped: 1, failed: 0 })
      expect([...ctx.app.sessionPrerender!.pinned()]).toEqual([plan.key])
      // Planned one by one, each audio cost half a dozen (about 3,600 here).
      expect(statements).toBeLessThan(30)
    } finally {
      await db.delete(audios).where(inArray(audios.id, copies.map((copy) => copy.id)))
      for (const track of tracks) await db.update(backgroundMusic).set({ isActive: track.isActive }).where(eq(backgroundMusic.id, track.id))
      await ctx.app.domainEvents.publish('audios_changed')
    }
  }, 120_000)
})

describe("a stored session's manifest", () => {
  it('rendered ahead, is planned once for everyone who asks the same, dropped as soon as an audio changes, and who may hear it is checked at every press', async () => {
    const audioId = (await insertAudio(ctx, await synthVoice(1), { title: 'Guardada' })).id
    const dayItems = [{ audioId, repetitions: 1 }]
    await seedProgram(ctx, { title: 'Programa guardado', days: [{ items: dayItems }] })
    const request = programmeDaySession(dayItems)!
    const isOurDay: AheadSelection = (all) => all.filter((session) => session.kind === 'dia' && session.audios.some((audio) => audio.id === audioId))
    expect(await ctx.app.sessionPrerender!.schedule(isOurDay)).toMatchObject({ rendered: 1, failed: 0 })
    const stored = (await ask(ctx, cast.subscriber, request)).json() as SessionManifest
    expect(stored.direct?.url).toBeTruthy()

    // Another subscriber gets the same answer without it being planned again: with its record gone
    // behind the API's back, it still is.
    await ctx.database.db.delete(sessionRenders).where(eq(sessionRenders.key, stored.key))
    const other = await subscriber(ctx)
    expect((await ask(ctx, other, request)).json()).toEqual(stored)
    expect(await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, stored.key))).toEqual([])

    // Who asks is checked every time: a visitor and a listener without a subscription are refused.
    const visitor = await ask(ctx, null, request)
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json().message).toBe(MEDIA_MSG.subscriptionRequired)
    expect((await ask(ctx, cast.listener, request)).statusCode).toBe(403)

    // An audio changed (here or on another instance): the session is planned again at once.
    await ctx.app.domainEvents.publish('audios_changed')
    const again = (await ask(ctx, cast.subscriber, request)).json() as SessionManifest
    expect(again.key).toBe(stored.key)
    expect(again.direct).toBeUndefined()
    expect(await ctx.database.db.select().from(sessionRenders).where(eq(sessionRenders.key, stored.key))).toHaveLength(1)
  }, 60_000)
})

/** Another instance of the API on the same database and media storage, as behind a balancer. */
async function secondInstance(first: TestContext): Promise<{ app: App; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-second-'))
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    database: first.database,
    storage: first.storage,
    webRoot: join(dataDir, 'sem-web'),
  })
  await app.ready()
  return {
    app,
    // The database belongs to the first instance; only this one's folder goes.
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
