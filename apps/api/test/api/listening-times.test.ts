/**
 * Streaks and days that could be faked (security review, round three), replayed as written.
 * POST /api/listening/events took any time the device sent: records in 1970 and in year 0001 were
 * kept, a backdated batch made a streak of 22 at once, and switching the time zone between
 * Etc/GMT+12 and Etc/GMT-14 completed two programme days within one real day.
 *
 * Now (practice/time-rule.ts, docs/product/practice.md#plausible-times): a record more than 15
 * minutes ahead of the server's clock, older than 7 days, or more than 15 minutes before the
 * account was created is refused on its own — the batch answers how many (`refused`) and the rest
 * counts; and a programme day opens only once the previous day's date has ended in the zone it
 * was done in, so one real day completes at most one day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, LISTENING_TIME_LIMITS, type Progress, type Today } from '@sintonia/contract'
import { listeningEvents, programDayCompletions, programEnrolments } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { catalogueAudios, longtimeSubscriber, repetitions, seedProgram, sendEvents, setTimeZone } from '../helpers/practice.js'

let ctx: TestContext
const clock = new AdjustableClock()
let A: string
let B: string
let C: string
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  const audios = await catalogueAudios(ctx)
  ;[A, B, C] = [audios[0]!.id, audios[1]!.id, audios[2]!.id]
})
afterAll(() => ctx.close())

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const at = (ms: number) => new Date(ms)

async function progress(who: Account): Promise<Progress> {
  const res = await callAs(ctx, who, { method: 'GET', url: API.practice.progress })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
async function today(who: Account): Promise<Today> {
  const res = await callAs(ctx, who, { method: 'GET', url: API.practice.today })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const storedTimes = async (who: Account) =>
  (await ctx.database.db.select({ at: listeningEvents.occurredAt }).from(listeningEvents).where(eq(listeningEvents.userId, who.userId))).map((row) => row.at.getTime()).sort()

describe('times no device could have', () => {
  it('records dated 1970 and year 0001 are refused one by one; the good record of the batch counts', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'))
    const person = await longtimeSubscriber(ctx)
    const now = clock.now()
    const batch = [
      { ...repetitions(A, 1, now)[0]!, occurredAt: '1970-01-01T00:00:00.000Z' },
      { ...repetitions(A, 1, now)[0]!, occurredAt: '0001-01-01T00:00:00.000Z' },
      ...repetitions(A, 1, now),
    ]
    expect(await sendEvents(ctx, person, batch)).toEqual({ accepted: 1, duplicates: 0, refused: 2 })
    expect(await storedTimes(person)).toEqual([now.getTime()])
    const answer = await progress(person)
    expect(answer.practisedDates).toEqual(['2026-03-10'])
    expect(answer.streak).toMatchObject({ current: 1, best: 1 })
    // Sent again, they are refused again: never stored, never counted.
    expect(await sendEvents(ctx, person, batch)).toEqual({ accepted: 0, duplicates: 1, refused: 2 })
  })

  it('a backdated batch cannot make a streak of 22: a new account gets today only, an old one at most the last week', async () => {
    clock.set(new Date('2026-04-22T15:00:00Z')) // 12:00 in São Paulo
    const backdated = (from: Date) => Array.from({ length: 22 }, (_, k) => repetitions(A, 1, at(from.getTime() - k * DAY))[0]!)

    const newcomer = await subscriber(ctx)
    expect(await sendEvents(ctx, newcomer, backdated(clock.now()))).toEqual({ accepted: 1, duplicates: 0, refused: 21 })
    expect((await progress(newcomer)).streak).toMatchObject({ current: 1, best: 1 })

    // An account of long ago, offline for days: what was heard in the last 7 × 24 hours counts, no more.
    expect(LISTENING_TIME_LIMITS.offlineMaxAgeDays).toBe(7)
    const regular = await longtimeSubscriber(ctx)
    const answer = await sendEvents(ctx, regular, backdated(new Date('2026-04-22T14:30:00Z')))
    expect(answer).toEqual({ accepted: 7, duplicates: 0, refused: 15 })
    const { streak, practisedDates } = await progress(regular)
    expect(streak).toMatchObject({ current: 7, best: 7 })
    expect(practisedDates).toEqual(['2026-04-16', '2026-04-17', '2026-04-18', '2026-04-19', '2026-04-20', '2026-04-21', '2026-04-22'])
  })

  it('a record from the future is refused beyond 15 minutes; within them it is kept as now', async () => {
    clock.set(new Date('2026-05-05T15:00:00Z'))
    const person = await longtimeSubscriber(ctx)
    const now = clock.now().getTime()
    const batch = [
      ...repetitions(A, 1, at(now + 16 * MINUTE)),
      ...repetitions(A, 1, at(now + 3 * DAY)),
      ...repetitions(A, 1, new Date('2100-01-01T00:00:00Z')),
      ...repetitions(A, 1, at(now + 10 * MINUTE)),
    ]
    expect(await sendEvents(ctx, person, batch)).toEqual({ accepted: 1, duplicates: 0, refused: 3 })
    const [kept] = await storedTimes(person)
    expect(kept).toBeGreaterThanOrEqual(now)
    expect(kept).toBeLessThan(now + MINUTE)
    // Tomorrow is not practised in advance.
    expect((await progress(person)).practisedDates).toEqual(['2026-05-05'])
  })

  it('a record from before the account existed is refused, beyond a 15-minute clock difference', async () => {
    clock.set(new Date('2026-06-06T15:00:00Z'))
    const person = await subscriber(ctx)
    const created = clock.now().getTime()
    const batch = [
      ...repetitions(A, 1, at(created - DAY)),
      ...repetitions(A, 1, at(created - 20 * MINUTE)),
      ...repetitions(A, 1, at(created - 10 * MINUTE)), // a device clock a little behind
      ...repetitions(A, 1, at(created + MINUTE)),
    ]
    clock.set(at(created + 2 * MINUTE))
    expect(await sendEvents(ctx, person, batch)).toEqual({ accepted: 2, duplicates: 0, refused: 2 })
    expect(await storedTimes(person)).toEqual([created - 10 * MINUTE, created + MINUTE])
    expect((await progress(person)).streak).toMatchObject({ current: 1, best: 1 })
  })
})

describe('one programme day per real day, whatever the time zone', () => {
  /** Day 1: A · day 2: B · day 3: C, one repetition each. */
  async function enrolledIn(timeZone: string, now: Date) {
    clock.set(now)
    const person = await longtimeSubscriber(ctx)
    await setTimeZone(ctx, person, timeZone)
    const program = await seedProgram(ctx, { days: [{ items: [{ audioId: A, repetitions: 1 }] }, { items: [{ audioId: B, repetitions: 1 }] }, { items: [{ audioId: C, repetitions: 1 }] }] })
    const res = await callAs(ctx, person, { method: 'POST', url: API.practice.enrolment(program.id), payload: {} })
    expect(res.statusCode, res.body).toBe(201)
    return { person, program }
  }
  const doneDays = async (who: Account) => (await progress(who)).programs[0]!.days.filter((day) => day.state === 'done').map((day) => [day.day, day.completedOn])

  it('switching from Etc/GMT+12 to Etc/GMT-14 (26 hours apart) does not complete day 2 in the same real day', async () => {
    // 11:00 UTC: 23:00 on the 9th at UTC−12, 01:00 on the 11th at UTC+14.
    const t = new Date('2026-03-10T11:00:00Z')
    const { person, program } = await enrolledIn('Etc/GMT+12', t)
    await sendEvents(ctx, person, repetitions(A, 1, at(t.getTime() - MINUTE)))
    expect(await doneDays(person)).toEqual([[1, '2026-03-09']])

    await setTimeZone(ctx, person, 'Etc/GMT-14')
    clock.set(at(t.getTime() + 2 * MINUTE))
    expect(await sendEvents(ctx, person, repetitions(B, 1, at(t.getTime() + MINUTE)))).toMatchObject({ accepted: 1, refused: 0 })
    // Day 2 waits for the 12th there: the 11th began (10:00 UTC) before the 9th ended where day 1 was done (12:00 UTC).
    expect(await doneDays(person)).toEqual([[1, '2026-03-09']])
    const locked = await today(person)
    expect(locked).toMatchObject({ date: '2026-03-11', day: { day: 2, state: 'locked' }, nextUnlockAt: '2026-03-11T10:00:00.000Z' })

    // Back to Etc/GMT+12 in the same real hour: still one day.
    await setTimeZone(ctx, person, 'Etc/GMT+12')
    expect(await sendEvents(ctx, person, repetitions(B, 1, at(t.getTime() + 2 * MINUTE)))).toMatchObject({ accepted: 1 })
    expect(await doneDays(person)).toEqual([[1, '2026-03-09']])

    // The next real day, day 2 is done — and only day 2.
    await setTimeZone(ctx, person, 'Etc/GMT-14')
    clock.set(at(t.getTime() + DAY))
    await sendEvents(ctx, person, [...repetitions(B, 1, at(t.getTime() + DAY - MINUTE)), ...repetitions(C, 1, at(t.getTime() + DAY - 30_000))])
    expect(await doneDays(person)).toEqual([
      [1, '2026-03-09'],
      [2, '2026-03-12'],
    ])
    // Each day done keeps the zone its date belongs to.
    const [enrolment] = await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.programId, program.id))
    const kept = await ctx.database.db.select().from(programDayCompletions).where(eq(programDayCompletions.enrolmentId, enrolment!.id))
    expect(kept.map((row) => [row.day, row.timeZone]).sort()).toEqual([
      [1, 'Etc/GMT+12'],
      [2, 'Etc/GMT-14'],
    ])
  })

  it('switching the other way (Etc/GMT-14 to Etc/GMT+12) gains nothing either', async () => {
    const t = new Date('2026-03-20T11:00:00Z') // 01:00 on the 21st at UTC+14, 23:00 on the 19th at UTC−12
    const { person } = await enrolledIn('Etc/GMT-14', t)
    await sendEvents(ctx, person, repetitions(A, 1, at(t.getTime() - MINUTE)))
    expect(await doneDays(person)).toEqual([[1, '2026-03-21']])
    await setTimeZone(ctx, person, 'Etc/GMT+12')
    clock.set(at(t.getTime() + 2 * MINUTE))
    await sendEvents(ctx, person, repetitions(B, 1, at(t.getTime() + MINUTE)))
    expect(await doneDays(person)).toEqual([[1, '2026-03-21']])
    expect((await today(person)).day).toMatchObject({ day: 2, state: 'locked' })
  })

  it('in one zone nothing changes: the next day opens at the next local midnight', async () => {
    const t = new Date('2026-03-30T15:00:00Z')
    const { person } = await enrolledIn('America/Sao_Paulo', t)
    await sendEvents(ctx, person, repetitions(A, 1, at(t.getTime() - MINUTE)))
    expect(await today(person)).toMatchObject({ day: { day: 1, state: 'done' }, nextUnlockAt: '2026-03-31T03:00:00.000Z' })
    clock.set(new Date('2026-03-31T03:00:30Z'))
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-03-31T03:00:10Z')))
    expect(await doneDays(person)).toEqual([
      [1, '2026-03-30'],
      [2, '2026-03-31'],
    ])
  })
})
