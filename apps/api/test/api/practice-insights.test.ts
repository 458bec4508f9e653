/**
 * Programme insights (docs/product/practice.md#insights) on a small fixture whose numbers are
 * known: enrolments of a period (São Paulo dates), activity in the last 7 days, days reached,
 * completion, the median days to finish, reminders sent and opened.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MSG, API, PRACTICE_MSG, type ProgramInsights } from '@sintonia/contract'
import { listeningEvents, programDayCompletions, programEnrolments, reminderDeliveries } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { addDays } from '../../src/lib/local-time.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'
import { catalogueAudios, seedProgram } from '../helpers/practice.js'

let ctx: TestContext
let adminAccount: Account
const clock = new AdjustableClock()
let A: string
let B: string
let P: { id: string; title: string }
let Q: { id: string; title: string }
let R: { id: string; title: string }

/** An enrolment made at `createdAt` (UTC) with `done` days completed from `enrolledOn`, one a day unless `dates` are given. */
async function enrolment(programId: string, createdAt: string, enrolledOn: string, done: number, options: { status?: 'active' | 'completed'; dates?: string[] } = {}) {
  const person = await listener(ctx)
  const [row] = await ctx.database.db
    .insert(programEnrolments)
    .values({ userId: person.userId, programId, enrolledOn, status: options.status ?? 'active', enrolledAt: new Date(createdAt), completedAt: options.status === 'completed' ? new Date(createdAt) : null })
    .returning()
  const dates = options.dates ?? Array.from({ length: done }, (_, i) => addDays(enrolledOn, i))
  if (done > 0) await ctx.database.db.insert(programDayCompletions).values(dates.slice(0, done).map((completedOn, i) => ({ enrolmentId: row!.id, day: i + 1, completedOn })))
  return person
}

async function listened(userId: string, audioId: string, at: string) {
  await ctx.database.db.insert(listeningEvents).values({ id: randomUUID(), userId, audioId, kind: 'repetition', occurredAt: new Date(at) })
}

async function reminder(userId: string, programId: string, localDate: string, opened: boolean, channels = ['push']) {
  await ctx.database.db.insert(reminderDeliveries).values({ userId, programId, localDate, channels, openedAt: opened ? new Date(`${localDate}T12:00:00Z`) : null })
}

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  adminAccount = await admin(ctx)
  const audios = await catalogueAudios(ctx)
  ;[A, B] = [audios[0]!.id, audios[1]!.id]
  clock.set(new Date('2026-05-20T15:00:00Z'))
  P = await seedProgram(ctx, { title: 'Vinte e um dias', days: Array.from({ length: 21 }, () => ({ items: [{ audioId: A, repetitions: 1 }] })) })
  Q = await seedProgram(ctx, { title: 'Três dias', days: Array.from({ length: 3 }, () => ({ items: [{ audioId: B, repetitions: 1 }] })) })
  R = await seedProgram(ctx, { title: 'Rascunho sem ninguém', published: false, days: [{ items: [] }] })

  // P, enrolled in April (São Paulo): finished in 21 and in 25 days, reached 14 (listened 2 days ago), reached 7 (listened 19 days ago), just started.
  const first = await enrolment(P.id, '2026-04-01T15:00:00Z', '2026-04-01', 21, { status: 'completed' })
  const late = Array.from({ length: 21 }, (_, i) => addDays('2026-04-05', i < 17 ? i : i + 4))
  await enrolment(P.id, '2026-04-05T15:00:00Z', '2026-04-05', 21, { status: 'completed', dates: late })
  const fourteen = await enrolment(P.id, '2026-04-10T15:00:00Z', '2026-04-10', 14)
  await listened(fourteen.userId, A, '2026-05-18T12:00:00Z')
  const seven = await enrolment(P.id, '2026-04-20T15:00:00Z', '2026-04-20', 7)
  await listened(seven.userId, A, '2026-05-01T12:00:00Z')
  await enrolment(P.id, '2026-05-01T02:30:00Z', '2026-04-30', 0) // 23:30 on 30 April in São Paulo
  // Outside April in São Paulo, though inside it in UTC or next to it.
  await enrolment(P.id, '2026-04-01T02:00:00Z', '2026-03-31', 21, { status: 'completed' })
  await enrolment(P.id, '2026-05-01T03:00:00Z', '2026-05-01', 0)

  // Q: one in April, who listened to another programme's audio (A) lately, and to Q's (B) 10 days ago.
  const other = await enrolment(Q.id, '2026-04-15T15:00:00Z', '2026-04-15', 1)
  await listened(other.userId, A, '2026-05-19T12:00:00Z')
  await listened(other.userId, B, '2026-05-10T12:00:00Z')

  // Reminders about P: three in April (two opened), one in May.
  await reminder(first.userId, P.id, '2026-04-02', true)
  await reminder(first.userId, P.id, '2026-04-15', false)
  await reminder(fourteen.userId, P.id, '2026-04-30', true)
  await reminder(fourteen.userId, P.id, '2026-05-01', true)
  // Claimed but every channel failed: not a reminder sent.
  await reminder(first.userId, P.id, '2026-04-20', false, [])
})
afterAll(() => ctx.close())

const insights = (query: string) => callAs(ctx, adminAccount, { method: 'GET', url: `${API.practice.admin.insights}?${query}` })

describe('programme insights', () => {
  it('counts the enrolments of the period and how far they went', async () => {
    const res = await insights('from=2026-04-01&to=2026-04-30')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as ProgramInsights
    expect(body).toMatchObject({ from: '2026-04-01', to: '2026-04-30' })
    const row = (id: string) => body.programs.find((program) => program.id === id)
    expect(row(P.id)).toEqual({
      id: P.id,
      title: P.title,
      daysCount: 21,
      enrolled: 5,
      activeLast7Days: 1,
      reachedDay7: 4,
      reachedDay14: 3,
      reachedDay21: 2,
      completed: 2,
      completionRate: 0.4,
      medianDaysToFinish: 23,
      remindersSent: 3,
      remindersOpened: 2,
    })
    expect(row(Q.id)).toEqual({
      id: Q.id,
      title: Q.title,
      daysCount: 3,
      enrolled: 1,
      activeLast7Days: 0,
      reachedDay7: 0,
      reachedDay14: 0,
      reachedDay21: 0,
      completed: 0,
      completionRate: 0,
      medianDaysToFinish: null,
      remindersSent: 0,
      remindersOpened: 0,
    })
    expect(row(R.id)).toMatchObject({ enrolled: 0, completionRate: 0, medianDaysToFinish: null, daysCount: 1 })
  })

  it('a one-day period, and the activity window follows the clock', async () => {
    const body = (await insights('from=2026-04-30&to=2026-04-30')).json() as ProgramInsights
    expect(body.programs.find((program) => program.id === P.id)).toMatchObject({ enrolled: 1, remindersSent: 1, remindersOpened: 1 })
    clock.set(new Date('2026-05-26T15:00:00Z')) // the listening of 18 May is now 8 days old
    const later = (await insights('from=2026-04-01&to=2026-04-30')).json() as ProgramInsights
    expect(later.programs.find((program) => program.id === P.id)!.activeLast7Days).toBe(0)
    clock.set(new Date('2026-05-20T15:00:00Z'))
  })

  it('refuses an inverted or impossible period with its message', async () => {
    const inverted = await insights('from=2026-04-30&to=2026-04-01')
    expect(inverted.statusCode).toBe(400)
    expect(inverted.json().message).toContain(PRACTICE_MSG.admin.rangeInverted)
    const impossible = await insights('from=2026-02-30&to=2026-03-01')
    expect(impossible.statusCode).toBe(400)
    expect(impossible.json().message).toBe(ADMIN_MSG.invalidDate)
    expect((await insights('from=2026-04-01')).statusCode).toBe(400)
    expect((await insights('from=abril&to=maio')).statusCode).toBe(400)
  })
})
