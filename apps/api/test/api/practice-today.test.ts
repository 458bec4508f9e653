/**
 * Today and progress (docs/product/practice.md#days-and-today, #when-a-day-counts-as-done,
 * #progress-and-streaks), through the API as the web uses it: listening records go through
 * POST /api/listening/events, time moves with the app's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, type Progress, type Today } from '@sintonia/contract'
import { programDayCompletions, programEnrolments } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { todayForReminder } from '../../src/modules/practice/today-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, subscriber } from '../helpers/callers.js'
import { accountSince, catalogueAudios, longtimeSubscriber, repetitions, seedProgram, sendEvents, setTimeZone, type SeedDay } from '../helpers/practice.js'

let ctx: TestContext
const clock = new AdjustableClock()
let A: string
let B: string
let C: string
let seconds: Map<string, number>
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  const audios = await catalogueAudios(ctx)
  ;[A, B, C] = [audios[0]!.id, audios[1]!.id, audios[2]!.id]
  seconds = new Map(audios.map((audio) => [audio.id, audio.durationSeconds]))
})
afterAll(() => ctx.close())

/** Day 1: A×2 · day 2: B×1 · day 3: A×1 and C×1. */
const threeDays = (): SeedDay[] => [{ items: [{ audioId: A, repetitions: 2 }] }, { items: [{ audioId: B, repetitions: 1 }] }, { items: [{ audioId: A, repetitions: 1 }, { audioId: C, repetitions: 1 }] }]

async function today(who: Account): Promise<Today> {
  const res = await callAs(ctx, who, { method: 'GET', url: API.practice.today })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function progress(who: Account): Promise<Progress> {
  const res = await callAs(ctx, who, { method: 'GET', url: API.practice.progress })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function enrol(who: Account, programId: string, body: Record<string, unknown> = {}) {
  const res = await callAs(ctx, who, { method: 'POST', url: API.practice.enrolment(programId), payload: body })
  expect(res.statusCode, res.body).toBe(201)
}

/**
 * A subscriber in `timeZone`, enrolled at `at` in a new programme. Their account is older than any
 * record the tests send (records may not predate the account: practice/time-rule.ts).
 */
async function enrolledListener(timeZone: string, at: Date, options: { days?: SeedDay[]; isOpen?: boolean } = {}) {
  clock.set(at)
  const person = await accountSince(ctx, await subscriber(ctx))
  await setTimeZone(ctx, person, timeZone)
  const program = await seedProgram(ctx, { days: options.days ?? threeDays(), isOpen: options.isOpen ?? false })
  await enrol(person, program.id)
  return { person, program }
}

const minutes = (n: number) => n * 60_000

describe('today and progress: who may ask', () => {
  it('subscribers and admins only', async () => {
    const cast = await castOf(ctx)
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.today })).toEqual([401, 403, 200, 200])
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.progress })).toEqual([401, 403, 200, 200])
  })
})

describe('today without a programme', () => {
  it('answers the date in the listener zone, no programme, and the streak', async () => {
    clock.set(new Date('2026-03-10T02:00:00Z'))
    const person = await subscriber(ctx)
    expect(await today(person)).toEqual({
      date: '2026-03-09',
      timeZone: 'America/Sao_Paulo',
      program: null,
      day: null,
      resume: null,
      nextUnlockAt: null,
      streak: { current: 0, best: 0, hidden: false, practisedToday: false },
    })
  })
})

describe('days unlock at the listener’s own midnight', () => {
  it('São Paulo, Tokyo and New York: the same instant, three calendars', async () => {
    const t0 = new Date('2026-03-10T12:00:00Z') // 09:00 São Paulo · 21:00 Tokyo · 08:00 New York (EDT)
    const zones = { 'America/Sao_Paulo': '2026-03-11T03:00:00.000Z', 'Asia/Tokyo': '2026-03-10T15:00:00.000Z', 'America/New_York': '2026-03-11T04:00:00.000Z' }
    const people = new Map<string, Account>()
    for (const [zone, midnight] of Object.entries(zones)) {
      const { person } = await enrolledListener(zone, t0)
      people.set(zone, person)
      await sendEvents(ctx, person, repetitions(A, 2, new Date(t0.getTime() - minutes(5))))
      const answer = await today(person)
      expect(answer.date).toBe('2026-03-10')
      expect(answer.day).toMatchObject({ day: 1, state: 'done', completedOn: '2026-03-10' })
      expect(answer.nextUnlockAt, zone).toBe(midnight)
    }
    const dayOf = async (zone: string) => (await today(people.get(zone)!)).day
    clock.set(new Date('2026-03-10T15:30:00Z')) // Tokyo has passed midnight
    expect(await dayOf('Asia/Tokyo')).toMatchObject({ day: 2, state: 'today' })
    expect(await dayOf('America/Sao_Paulo')).toMatchObject({ day: 1, state: 'done' })
    expect(await dayOf('America/New_York')).toMatchObject({ day: 1, state: 'done' })
    clock.set(new Date('2026-03-11T03:30:00Z')) // São Paulo too, not New York
    expect(await dayOf('America/Sao_Paulo')).toMatchObject({ day: 2, state: 'today' })
    expect(await dayOf('America/New_York')).toMatchObject({ day: 1, state: 'done' })
    clock.set(new Date('2026-03-11T04:00:01Z'))
    expect(await dayOf('America/New_York')).toMatchObject({ day: 2, state: 'today' })
  })

  it('New York in March: the night the clocks go forward, the next day opens at midnight EDT', async () => {
    const { person } = await enrolledListener('America/New_York', new Date('2026-03-07T17:00:00Z')) // Sat 12:00 EST
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-03-07T17:00:00Z')))
    expect((await today(person)).nextUnlockAt).toBe('2026-03-08T05:00:00.000Z') // midnight EST
    clock.set(new Date('2026-03-08T04:59:00Z'))
    expect((await today(person)).day).toMatchObject({ day: 1, state: 'done' })
    clock.set(new Date('2026-03-08T05:00:00Z'))
    expect((await today(person)).day).toMatchObject({ day: 2, state: 'today' })
    clock.set(new Date('2026-03-08T16:00:00Z')) // Sun 12:00 EDT
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-03-08T15:59:00Z')))
    const sunday = await today(person)
    expect(sunday).toMatchObject({ date: '2026-03-08', day: { day: 2, state: 'done', completedOn: '2026-03-08' }, nextUnlockAt: '2026-03-09T04:00:00.000Z' })
    clock.set(new Date('2026-03-09T03:59:00Z')) // Sun 23:59 EDT
    expect((await today(person)).day).toMatchObject({ day: 2, state: 'done' })
    clock.set(new Date('2026-03-09T04:00:00Z'))
    expect((await today(person)).day).toMatchObject({ day: 3, state: 'today' })
  })

  it('New York in November: the night the clocks go back, the next day opens at midnight EST', async () => {
    const { person } = await enrolledListener('America/New_York', new Date('2026-10-31T16:00:00Z')) // Sat 12:00 EDT
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-10-31T16:00:00Z')))
    expect((await today(person)).nextUnlockAt).toBe('2026-11-01T04:00:00.000Z')
    clock.set(new Date('2026-11-01T17:00:00Z')) // Sun 12:00 EST
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-11-01T16:59:00Z')))
    expect(await today(person)).toMatchObject({ date: '2026-11-01', day: { day: 2, state: 'done' }, nextUnlockAt: '2026-11-02T05:00:00.000Z' })
    clock.set(new Date('2026-11-02T04:30:00Z')) // Sun 23:30 EST: in EDT it would already be Monday
    expect((await today(person)).day).toMatchObject({ day: 2, state: 'done' })
    clock.set(new Date('2026-11-02T05:00:00Z'))
    expect((await today(person)).day).toMatchObject({ day: 3, state: 'today' })
  })

  it('São Paulo has no daylight saving any more: its midnight stays at 03:00 UTC all year', async () => {
    const { person } = await enrolledListener('America/Sao_Paulo', new Date('2026-11-01T15:00:00Z'))
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-11-01T14:00:00Z')))
    expect((await today(person)).nextUnlockAt).toBe('2026-11-02T03:00:00.000Z')
  })
})

describe('when a day counts as done', () => {
  it('a day listened offline completes on its own date, and the records re-sent count once', async () => {
    const { person } = await enrolledListener('America/Sao_Paulo', new Date('2026-04-10T12:00:00Z'))
    // On the 10th, offline at 20:00: only one of the two repetitions of day 1.
    const first = repetitions(A, 1, new Date('2026-04-10T23:00:00Z'))
    clock.set(new Date('2026-04-11T13:00:00Z')) // the 11th, 10:00, back online
    await sendEvents(ctx, person, first)
    expect(await sendEvents(ctx, person, first)).toEqual({ accepted: 0, duplicates: 1, refused: 0 })
    expect((await today(person)).day).toMatchObject({ day: 1, state: 'today', completedOn: null, items: [{ repetitions: 2, repetitionsDone: 0 }] })
    // The second repetition of the 10th arrives (with the first again), and day 2 is listened today.
    const second = repetitions(A, 1, new Date('2026-04-10T23:10:00Z'))
    const dayTwo = repetitions(B, 1, new Date('2026-04-11T12:30:00Z'))
    await sendEvents(ctx, person, [...first, ...second, ...dayTwo])
    const answer = await today(person)
    expect(answer.day).toMatchObject({ day: 2, state: 'done', completedOn: '2026-04-11' })
    const days = (await progress(person)).programs[0]!.days
    expect(days).toEqual([
      { day: 1, state: 'done', completedOn: '2026-04-10' },
      { day: 2, state: 'done', completedOn: '2026-04-11' },
      { day: 3, state: 'locked', completedOn: null },
    ])
    // Everything re-sent once more: nothing changes.
    expect(await sendEvents(ctx, person, [...first, ...second, ...dayTwo])).toEqual({ accepted: 0, duplicates: 3, refused: 0 })
    expect((await progress(person)).programs[0]!.days).toEqual(days)
  })

  it('a day not done waits: a week later the same day is still today, and completes then', async () => {
    const { person } = await enrolledListener('America/Sao_Paulo', new Date('2026-05-04T12:00:00Z'))
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-05-04T11:00:00Z')))
    clock.set(new Date('2026-05-11T12:00:00Z'))
    const answer = await today(person)
    expect(answer).toMatchObject({ date: '2026-05-11', day: { day: 2, state: 'today' }, resume: null, nextUnlockAt: null })
    expect((await progress(person)).programs[0]!.days.map((day) => day.state)).toEqual(['done', 'today', 'locked'])
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-05-11T11:00:00Z')))
    expect((await today(person)).day).toMatchObject({ day: 2, state: 'done', completedOn: '2026-05-11' })
  })

  it('never ahead of the calendar: the next days listened today do not count, not even tomorrow', async () => {
    const { person, program } = await enrolledListener('America/Sao_Paulo', new Date('2026-06-01T12:00:00Z'))
    await sendEvents(ctx, person, [...repetitions(A, 4, new Date('2026-06-01T11:00:00Z')), ...repetitions(B, 2, new Date('2026-06-01T11:10:00Z')), ...repetitions(C, 2, new Date('2026-06-01T11:20:00Z'))])
    const answer = await today(person)
    expect(answer.day).toMatchObject({ day: 1, state: 'done' })
    expect(answer.program?.enrolment).toMatchObject({ currentDay: 2, completedDays: 1, status: 'active', currentDayOpen: false })
    clock.set(new Date('2026-06-02T12:00:00Z'))
    const nextDay = await today(person)
    expect(nextDay.day).toMatchObject({ day: 2, state: 'today', items: [{ repetitionsDone: 0 }] })
    expect(nextDay.program?.enrolment).toMatchObject({ currentDay: 2, currentDayOpen: true })
    const [enrolment] = await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.programId, program.id))
    expect(await ctx.database.db.select().from(programDayCompletions).where(eq(programDayCompletions.enrolmentId, enrolment!.id))).toHaveLength(1)
  })

  it('the last day done: shown done that day without a next unlock, then the programme reads completed', async () => {
    const days: SeedDay[] = [{ items: [{ audioId: A, repetitions: 1 }] }, { items: [{ audioId: B, repetitions: 1 }] }]
    const { person } = await enrolledListener('America/Sao_Paulo', new Date('2026-06-10T12:00:00Z'), { days })
    await sendEvents(ctx, person, repetitions(A, 1, new Date('2026-06-10T11:00:00Z')))
    clock.set(new Date('2026-06-11T12:00:00Z'))
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-06-11T11:00:00Z')))
    expect(await today(person)).toMatchObject({ day: { day: 2, state: 'done' }, nextUnlockAt: null, program: { enrolment: { status: 'completed', currentDay: 3, completedDays: 2 } } })
    clock.set(new Date('2026-06-12T12:00:00Z'))
    expect(await today(person)).toMatchObject({ day: null, resume: null, nextUnlockAt: null, program: { enrolment: { status: 'completed' } } })
  })

  it('"livre": every day open, several done on one date, each repetition counted once', async () => {
    const days: SeedDay[] = [{ items: [{ audioId: A, repetitions: 2 }] }, { items: [{ audioId: A, repetitions: 2 }] }, { items: [{ audioId: B, repetitions: 1 }] }]
    const { person, program } = await enrolledListener('America/Sao_Paulo', new Date('2026-07-01T12:00:00Z'), { days, isOpen: true })
    const detail = async () => (await callAs(ctx, person, { method: 'GET', url: API.practice.program(program.slug) })).json()
    expect((await detail()).days.map((day: { state: string }) => day.state)).toEqual(['today', 'open', 'open'])
    await sendEvents(ctx, person, repetitions(A, 3, new Date('2026-07-01T11:00:00Z')))
    const answer = await today(person)
    // Day 1 took two; the third counts for day 2, today's day.
    expect(answer).toMatchObject({ day: { day: 2, state: 'today', items: [{ repetitions: 2, repetitionsDone: 1 }] }, resume: { itemIndex: 0, repetition: 2 }, nextUnlockAt: null })
    await sendEvents(ctx, person, [...repetitions(A, 1, new Date('2026-07-01T11:30:00Z')), ...repetitions(B, 1, new Date('2026-07-01T11:40:00Z'))])
    expect(await today(person)).toMatchObject({ day: null, program: { enrolment: { status: 'completed', completedDays: 3 } } })
    expect((await detail()).days.map((day: { state: string; completedOn: string }) => [day.state, day.completedOn])).toEqual([
      ['done', '2026-07-01'],
      ['done', '2026-07-01'],
      ['done', '2026-07-01'],
    ])
  })
})

describe('resume: “Continuar de onde parei” from the server’s counts', () => {
  it('points at the first unfinished item and the next repetition, on any device', async () => {
    const days: SeedDay[] = [{ items: [{ audioId: A, repetitions: 2 }, { audioId: B, repetitions: 3 }, { audioId: C, repetitions: 1 }] }]
    const { person } = await enrolledListener('America/Sao_Paulo', new Date('2026-08-03T12:00:00Z'), { days })
    expect((await today(person)).resume).toBeNull()
    // Yesterday's repetitions are not today's session.
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-08-02T12:00:00Z')))
    expect((await today(person)).resume).toBeNull()
    await sendEvents(ctx, person, [...repetitions(A, 2, new Date('2026-08-03T11:00:00Z')), ...repetitions(B, 1, new Date('2026-08-03T11:10:00Z'))])
    const answer = await today(person)
    expect(answer.day?.items.map((item) => [item.repetitions, item.repetitionsDone])).toEqual([
      [2, 2],
      [3, 1],
      [1, 0],
    ])
    expect(answer.resume).toEqual({ itemIndex: 1, repetition: 2 })
    expect(answer.day?.items[0]?.audio).toMatchObject({ id: A, url: API.catalogue.audioFile(A) })
  })
})

describe('progress and the forgiving streak', () => {
  it('one missed day is forgiven, a second within the week breaks the run; minutes and practised dates', async () => {
    // Listened on the 1st of July, the day of signing up (more than 35 days before the 5th of September).
    clock.set(new Date('2026-07-01T15:00:00Z'))
    const person = await subscriber(ctx)
    await sendEvents(ctx, person, repetitions(B, 2, new Date('2026-07-01T15:00:00Z')))
    // 1, 2 (miss 3) 4, 5 September, at noon in São Paulo, sent on the 5th (offline records count for a week).
    clock.set(new Date('2026-09-05T15:00:00Z'))
    const practised = ['2026-09-01', '2026-09-02', '2026-09-04', '2026-09-05']
    expect(await sendEvents(ctx, person, practised.flatMap((date) => repetitions(A, 1, new Date(`${date}T15:00:00Z`))))).toEqual({ accepted: 4, duplicates: 0, refused: 0 })
    const answer = await progress(person)
    expect(answer).toMatchObject({ date: '2026-09-05', programs: [], streak: { current: 4, best: 4, hidden: false, practisedToday: true } })
    expect(answer.practisedDates).toEqual(practised)
    expect(answer.totalMinutes).toBe(Math.floor((4 * seconds.get(A)! + 2 * seconds.get(B)!) / 60))

    // Today not practised yet never breaks it.
    clock.set(new Date('2026-09-06T15:00:00Z'))
    expect((await progress(person)).streak).toEqual({ current: 4, best: 4, hidden: false, practisedToday: false })
    // A second miss within the week (the 6th) breaks it: the 7th starts again.
    clock.set(new Date('2026-09-07T15:00:00Z'))
    await sendEvents(ctx, person, repetitions(A, 1, new Date('2026-09-07T14:00:00Z')))
    expect((await progress(person)).streak).toEqual({ current: 1, best: 4, hidden: false, practisedToday: true })
    expect((await today(person)).streak).toEqual({ current: 1, best: 4, hidden: false, practisedToday: true })

    // The listener may hide the counter.
    await callAs(ctx, person, { method: 'PUT', url: API.practice.preferences, payload: { hideStreak: true } })
    expect((await progress(person)).streak.hidden).toBe(true)
  })

  it('lists every programme followed with its days, the featured one first', async () => {
    const { person, program } = await enrolledListener('America/Sao_Paulo', new Date('2026-09-10T12:00:00Z'))
    const other = await seedProgram(ctx, { days: threeDays() })
    await enrol(person, other.id)
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-09-10T11:00:00Z')))
    const answer = await progress(person)
    expect(answer.programs.map((entry) => [entry.program.id, entry.program.enrolment?.featured])).toEqual([
      [program.id, true],
      [other.id, false],
    ])
    // One day's repetitions complete day 1 of both programmes (each counts its own audios).
    expect(answer.programs.map((entry) => entry.days.map((day) => day.state))).toEqual([
      ['done', 'locked', 'locked'],
      ['done', 'locked', 'locked'],
    ])
  })
})

describe('todayForReminder (what the reminder scheduler asks)', () => {
  it('without a programme: done once something was practised on the local date', async () => {
    const person = await longtimeSubscriber(ctx)
    const now = new Date('2026-03-10T12:00:00Z') // 09:00 in São Paulo
    clock.set(now)
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({
      timeZone: 'America/Sao_Paulo',
      localDate: '2026-03-10',
      programId: null,
      programTitle: null,
      day: null,
      daysCount: null,
      done: false,
    })
    // Yesterday evening in São Paulo (already the 10th in UTC) does not count for today.
    await sendEvents(ctx, person, repetitions(A, 1, new Date('2026-03-10T02:00:00Z')))
    expect((await todayForReminder(ctx.database.db, person.userId, now)).done).toBe(false)
    await sendEvents(ctx, person, repetitions(B, 1, new Date('2026-03-10T11:00:00Z')))
    expect((await todayForReminder(ctx.database.db, person.userId, now)).done).toBe(true)
  })

  it("with a programme: its current day, done once today's day is completed", async () => {
    const now = new Date('2026-03-10T03:00:00Z') // 12:00 in Tokyo
    const { person, program } = await enrolledListener('Asia/Tokyo', now)
    const expected = { timeZone: 'Asia/Tokyo', localDate: '2026-03-10', programId: program.id, programTitle: program.title, daysCount: 3 }
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: false })
    // Something else practised today is not today's session.
    await sendEvents(ctx, person, repetitions(B, 3, new Date('2026-03-10T01:00:00Z')))
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: false })
    await sendEvents(ctx, person, repetitions(A, 2, new Date('2026-03-10T01:30:00Z')))
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: true })
    // Tomorrow in Tokyo: day 2 is due.
    expect(await todayForReminder(ctx.database.db, person.userId, new Date('2026-03-10T15:30:00Z'))).toEqual({ ...expected, localDate: '2026-03-11', day: 2, done: false })
  })
})
