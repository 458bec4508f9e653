import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, RECENT_LISTENING_LIMIT, type RecentListening } from '@sintonia/contract'
import { audios, listeningEvents } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'
import { longtimeSubscriber } from '../helpers/practice.js'

let ctx: TestContext
let cast: Cast
let audioId: string
let otherAudioId: string
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  const rows = await ctx.database.db.select({ id: audios.id }).from(audios).limit(2)
  audioId = rows[0]!.id
  otherAudioId = rows[1]!.id
})
afterAll(() => ctx.close())

type Kind = 'play' | 'repetition'
const event = (kind: Kind = 'repetition', occurredAt = new Date(), audio = audioId) => ({
  id: randomUUID(),
  audioId: audio,
  kind,
  occurredAt: occurredAt.toISOString(),
})
const send = (who: Account | null, events: unknown[]) =>
  callAs(ctx, who, { method: 'POST', url: API.listening.events, payload: { events } })
const today = async (who: Account, audio = audioId, tz?: string) => {
  const query = new URLSearchParams({ audioId: audio, ...(tz ? { tz } : {}) })
  return callAs(ctx, who, { method: 'GET', url: `${API.listening.today}?${query}` })
}
const eventsOf = (userId: string) => ctx.database.db.select().from(listeningEvents).where(eq(listeningEvents.userId, userId))

describe('POST /api/listening/events', () => {
  it('is for subscribers and admins only', async () => {
    const statuses = await accessStatuses(ctx, cast, { method: 'POST', url: API.listening.events, payload: { events: [event('play')] } })
    expect(statuses).toEqual([401, 403, 200, 200])
  })

  it('records a batch and counts a re-sent one as duplicates', async () => {
    const person = await subscriber(ctx)
    const batch = [event('play'), event('repetition'), event('repetition')]
    expect((await send(person, batch)).json()).toEqual({ accepted: 3, duplicates: 0, refused: 0 })
    expect((await send(person, [...batch, event('play')])).json()).toEqual({ accepted: 1, duplicates: 3, refused: 0 })
    expect(await eventsOf(person.userId)).toHaveLength(4)
  })

  it('counts the same batch sent 5 times concurrently once', async () => {
    const person = await subscriber(ctx)
    const batch = Array.from({ length: 20 }, (_, i) => event(i % 2 ? 'play' : 'repetition'))
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(person, batch)))
    for (const res of answers) expect(res.statusCode).toBe(200)
    const bodies = answers.map((res) => res.json() as { accepted: number; duplicates: number })
    expect(bodies.reduce((sum, body) => sum + body.accepted, 0)).toBe(20)
    expect(bodies.reduce((sum, body) => sum + body.duplicates, 0)).toBe(80)
    expect(await eventsOf(person.userId)).toHaveLength(20)
  })

  it("never re-assigns an id that exists for another listener", async () => {
    const [owner, intruder] = [await subscriber(ctx), await subscriber(ctx)]
    const original = event('repetition')
    await send(owner, [original])
    expect((await send(intruder, [{ ...original, audioId: otherAudioId }])).json()).toEqual({ accepted: 0, duplicates: 1, refused: 0 })
    const [row] = await ctx.database.db.select().from(listeningEvents).where(eq(listeningEvents.id, original.id))
    expect(row).toMatchObject({ userId: owner.userId, audioId })
    expect(await eventsOf(intruder.userId)).toEqual([])
  })

  it('keeps a time a little ahead (a fast device clock) as now and a past time of the week as sent; refuses the rest (api/listening-times.test.ts)', async () => {
    const person = await longtimeSubscriber(ctx)
    const ahead = event('play', new Date(Date.now() + 10 * 60_000))
    const past = event('play', new Date(Date.now() - 3 * 86_400_000))
    const farAhead = event('play', new Date(Date.now() + 3 * 86_400_000))
    const before = Date.now()
    expect((await send(person, [ahead, past, farAhead])).json()).toEqual({ accepted: 2, duplicates: 0, refused: 1 })
    const rows = new Map((await eventsOf(person.userId)).map((row) => [row.id, row.occurredAt.getTime()]))
    expect(rows.get(ahead.id)).toBeGreaterThanOrEqual(before - 1000)
    expect(rows.get(ahead.id)).toBeLessThanOrEqual(Date.now() + 1000)
    expect(rows.get(past.id)).toBe(Date.parse(past.occurredAt))
    expect(rows.has(farAhead.id)).toBe(false)
  })

  it('skips events of audios that do not exist and validates the batch', async () => {
    const person = await subscriber(ctx)
    expect((await send(person, [event('play', new Date(), randomUUID()), event('play')])).json()).toEqual({ accepted: 1, duplicates: 1, refused: 0 })
    expect((await send(person, [])).statusCode).toBe(400)
    expect((await send(person, Array.from({ length: 101 }, () => event('play')))).statusCode).toBe(400)
    expect((await send(person, [{ ...event('play'), kind: 'pause' }])).statusCode).toBe(400)
    expect((await send(person, [{ ...event('play'), occurredAt: 'ontem' }])).statusCode).toBe(400)
    expect((await send(person, [{ ...event('play'), id: 'x' }])).statusCode).toBe(400)
  })
})

describe('GET /api/listening/today', () => {
  it('is for subscribers and admins only', async () => {
    const statuses = await accessStatuses(ctx, cast, { method: 'GET', url: `${API.listening.today}?audioId=${audioId}` })
    expect(statuses).toEqual([401, 403, 200, 200])
  })

  it("counts today's repetitions of that audio by that listener only", async () => {
    const [person, someoneElse] = [await subscriber(ctx), await subscriber(ctx)]
    expect((await today(person)).json()).toEqual({ audioId, repetitionsToday: 0 })
    await send(person, [
      event('repetition'),
      event('repetition'),
      event('play'),
      event('repetition', new Date(), otherAudioId),
      event('repetition', new Date(Date.now() - 2 * 86_400_000)),
    ])
    await send(someoneElse, [event('repetition')])
    expect((await today(person)).json()).toEqual({ audioId, repetitionsToday: 2 })
    expect((await today(person, otherAudioId, 'UTC')).json()).toEqual({ audioId: otherAudioId, repetitionsToday: 1 })
    expect((await today(someoneElse)).json().repetitionsToday).toBe(1)
  })

  it("uses the listener's calendar day in the given zone", async () => {
    const person = await longtimeSubscriber(ctx)
    // 13 h ago is still today in a zone where it is now at least 13:00, and yesterday where it is earlier.
    await send(person, [event('repetition', new Date(Date.now() - 13 * 3_600_000))])
    for (const tz of ['UTC', 'America/Sao_Paulo', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date()))
      const expected = hour >= 13 ? 1 : 0
      // Around the hour boundary the two clocks may disagree; skip that zone rather than flake.
      if (hour === 13 || hour === 12) continue
      expect((await today(person, audioId, tz)).json().repetitionsToday, tz).toBe(expected)
    }
  })

  it("refuses an unknown time zone with 'Fuso horário inválido'", async () => {
    const res = await today(cast.subscriber, audioId, 'Marte/Olympus')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Fuso horário inválido')
    expect((await callAs(ctx, cast.subscriber, { method: 'GET', url: `${API.listening.today}?audioId=nope` })).statusCode).toBe(400)
  })
})

describe('GET /api/listening/recent ("Continuar ouvindo")', () => {
  it('is for subscribers and admins only', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.listening.recent })).toEqual([401, 403, 200, 200])
  })

  it("lists the listener's own audios heard last, newest first, each once, up to the limit", async () => {
    const person = await longtimeSubscriber(ctx)
    const other = await subscriber(ctx)
    expect((await callAs(ctx, person, { url: API.listening.recent })).json()).toEqual({ audios: [] })

    const all = await ctx.database.db.select({ id: audios.id }).from(audios)
    expect(all.length).toBeGreaterThan(RECENT_LISTENING_LIMIT)
    const hour = (n: number) => new Date(Date.now() - (all.length - n) * 3_600_000)
    // Every audio heard once, in order; then the first one again, last of all.
    await send(person, all.map((row, n) => event('play', hour(n), row.id)))
    await send(person, [event('repetition', new Date(), all[0]!.id), event('repetition', new Date(Date.now() - 1000), all[0]!.id)])
    await send(other, [event('play', new Date(), all[1]!.id)])

    const res = await callAs(ctx, person, { url: API.listening.recent })
    expect(res.statusCode).toBe(200)
    const body = res.json() as RecentListening
    const expected = [all[0]!.id, ...all.slice(1).reverse().map((row) => row.id)].slice(0, RECENT_LISTENING_LIMIT)
    expect(body.audios.map((entry) => entry.audio.id)).toEqual(expected)
    const [first] = body.audios
    expect(first!.fieldTitle.length).toBeGreaterThan(0)
    expect(first!.audio.url).toBe(API.catalogue.audioFile(all[0]!.id))
    expect(Date.parse(first!.lastListenedAt)).toBeGreaterThan(Date.parse(body.audios[1]!.lastListenedAt))
  })
})

describe('the server clock (lib/clock.ts) bounds listening times', () => {
  it('records a time a little after the server clock as the clock (one far after is refused), and counts "Repetições Hoje" on the clock\'s date', async () => {
    const clock = new AdjustableClock()
    const moved = await buildTestApp({ seed: true, clock })
    try {
      const serverNow = new Date('2026-03-10T15:00:00Z')
      clock.set(serverNow)
      // Signed up on the server's clock, as everything else.
      const movedCast = await castOf(moved)
      const [row] = await moved.database.db.select({ id: audios.id }).from(audios).limit(1)
      const person = movedCast.subscriber
      const sendMoved = (events: unknown[]) => callAs(moved, person, { method: 'POST', url: API.listening.events, payload: { events } })
      // A device clock months ahead of the server's: refused (practice/time-rule.ts); ten minutes ahead: recorded as the clock.
      expect((await sendMoved([event('repetition', new Date('2026-11-25T12:00:00Z'), row!.id)])).json()).toMatchObject({ accepted: 0, refused: 1 })
      expect((await sendMoved([event('repetition', new Date(serverNow.getTime() + 10 * 60_000), row!.id)])).json()).toMatchObject({ accepted: 1, refused: 0 })
      const [stored] = await moved.database.db.select().from(listeningEvents).where(eq(listeningEvents.userId, person.userId))
      expect(Math.abs(stored!.occurredAt.getTime() - serverNow.getTime())).toBeLessThan(60_000)
      const counted = await callAs(moved, person, { method: 'GET', url: `${API.listening.today}?audioId=${row!.id}&tz=America/Sao_Paulo` })
      expect(counted.json()).toMatchObject({ repetitionsToday: 1 })
      clock.set(new Date('2026-03-11T15:00:00Z'))
      const nextDay = await callAs(moved, person, { method: 'GET', url: `${API.listening.today}?audioId=${row!.id}&tz=America/Sao_Paulo` })
      expect(nextDay.json()).toMatchObject({ repetitionsToday: 0 })
    } finally {
      await moved.close()
    }
  })
})
