import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdjustableClock } from '../../src/lib/clock.js'
import { todayForReminder } from '../../src/modules/practice/today-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { subscriber } from '../helpers/session.js'
import { catalogueAudios, repetitions, seedProgram, sendEvents, setTimeZone } from '../helpers/practice.js'

let ctx: TestContext
const clock = new AdjustableClock()
let audioA: string
let audioB: string
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  const audios = await catalogueAudios(ctx)
  audioA = audios[0]!.id
  audioB = audios[1]!.id
})
afterAll(() => ctx.close())

describe('todayForReminder (what the reminder scheduler asks)', () => {
  it('without a programme: done once something was practised on the local date', async () => {
    const person = await subscriber(ctx)
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
    await sendEvents(ctx, person, repetitions(audioA, 1, new Date('2026-03-10T02:00:00Z')))
    expect((await todayForReminder(ctx.database.db, person.userId, now)).done).toBe(false)
    await sendEvents(ctx, person, repetitions(audioB, 1, new Date('2026-03-10T11:00:00Z')))
    expect((await todayForReminder(ctx.database.db, person.userId, now)).done).toBe(true)
  })

  it("with a programme: its current day, done once today's day is completed", async () => {
    const person = await subscriber(ctx)
    await setTimeZone(ctx, person, 'Asia/Tokyo')
    const program = await seedProgram(ctx, { title: 'Calma em 3 dias', days: [{ items: [{ audioId: audioA, repetitions: 2 }] }, { items: [{ audioId: audioB, repetitions: 1 }] }, { items: [{ audioId: audioA, repetitions: 1 }] }] })
    const { programEnrolments } = await import('../../src/db/schema/index.js')
    await ctx.database.db.insert(programEnrolments).values({ userId: person.userId, programId: program.id, enrolledOn: '2026-03-10', featured: true })
    const now = new Date('2026-03-10T03:00:00Z') // 12:00 in Tokyo
    const expected = { timeZone: 'Asia/Tokyo', localDate: '2026-03-10', programId: program.id, programTitle: 'Calma em 3 dias', daysCount: 3 }
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: false })
    // Something else practised today is not today's session.
    await sendEvents(ctx, person, repetitions(audioB, 3, new Date('2026-03-10T01:00:00Z')))
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: false })
    await sendEvents(ctx, person, repetitions(audioA, 2, new Date('2026-03-10T01:30:00Z')))
    expect(await todayForReminder(ctx.database.db, person.userId, now)).toEqual({ ...expected, day: 1, done: true })
    // Tomorrow in Tokyo: day 2 is due.
    expect(await todayForReminder(ctx.database.db, person.userId, new Date('2026-03-10T15:30:00Z'))).toEqual({ ...expected, localDate: '2026-03-11', day: 2, done: false })
  })
})
