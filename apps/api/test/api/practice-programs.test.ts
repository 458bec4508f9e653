/**
 * Programmes for listeners (docs/product/practice.md#programmes, #enrolment): the published list,
 * one programme's path, enrolling, featuring, leaving and restarting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, PRACTICE_MSG, type ProgramDetail, type ProgramList, type ProgramSummary } from '@sintonia/contract'
import { fields, programDayCompletions, programEnrolments } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'
import { catalogueAudios, longtimeSubscriber, repetitions, seedProgram, sendEvents, setTimeZone, type SeedDay } from '../helpers/practice.js'

let ctx: TestContext
let cast: Cast
const clock = new AdjustableClock()
let audios: { id: string; durationSeconds: number; fieldId: string }[]
const MISSING = '00000000-0000-4000-8000-000000000000'
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  cast = await castOf(ctx)
  audios = await catalogueAudios(ctx)
  clock.set(new Date('2026-03-10T12:00:00Z'))
})
afterAll(() => ctx.close())

const oneDay = (): SeedDay[] => [{ items: [{ audioId: audios[0]!.id, repetitions: 1 }] }, { items: [{ audioId: audios[1]!.id, repetitions: 1 }] }]

async function list(who: Account): Promise<ProgramSummary[]> {
  const res = await callAs(ctx, who, { method: 'GET', url: API.practice.programs })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as ProgramList).programs
}

const post = (who: Account | null, url: string, payload: Record<string, unknown> | undefined = undefined) => callAs(ctx, who, { method: 'POST', url, ...(payload ? { payload } : {}) })
const enrolment = async (userId: string, programId: string) =>
  (await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.userId, userId))).find((row) => row.programId === programId)

describe('who may follow programmes', () => {
  it('every listener route answers subscribers and admins only', async () => {
    const program = await seedProgram(ctx, { days: oneDay() })
    const calls = [
      { method: 'GET' as const, url: API.practice.programs },
      { method: 'GET' as const, url: API.practice.program(program.slug) },
    ]
    for (const call of calls) expect(await accessStatuses(ctx, cast, call), call.url).toEqual([401, 403, 200, 200])
    for (const url of [API.practice.enrolment(program.id), API.practice.restart(program.id), API.practice.featured(program.id)]) {
      const statuses = await accessStatuses(ctx, cast, { method: 'POST', url, payload: {} })
      expect(statuses.slice(0, 2), url).toEqual([401, 403])
    }
    expect((await accessStatuses(ctx, cast, { method: 'DELETE', url: API.practice.enrolment(program.id) })).slice(0, 2)).toEqual([401, 403])
  })
})

describe('the published list', () => {
  it('shows published programmes with days, by position then title, with minutes per day and fields', async () => {
    const person = await subscriber(ctx)
    const [a, b, c] = [audios[0]!, audios[3]!, audios[6]!]
    const second = await seedProgram(ctx, { title: 'Beta', position: -50, days: [{ items: [{ audioId: b.id, repetitions: 2 }] }] })
    const first = await seedProgram(ctx, {
      title: 'Alfa',
      position: -50,
      days: [
        { items: [{ audioId: c.id, repetitions: 3 }, { audioId: a.id, repetitions: 1 }] },
        { items: [{ audioId: a.id, repetitions: 2 }] },
      ],
    })
    await seedProgram(ctx, { title: 'Aaa rascunho', position: -60, published: false, days: [{ items: [{ audioId: a.id, repetitions: 1 }] }] })
    const programs = await list(person)
    expect(programs.slice(0, 2).map((program) => program.id)).toEqual([first.id, second.id])
    expect(programs.some((program) => program.title === 'Aaa rascunho')).toBe(false)

    const day1 = Math.round((c.durationSeconds * 3 + a.durationSeconds) / 60)
    const day2 = Math.round((a.durationSeconds * 2) / 60)
    const fieldRows = await ctx.database.db.select().from(fields)
    const order = (id: string) => fieldRows.find((field) => field.id === id)!.displayOrder
    const expectedFields = [...new Set([c.fieldId, a.fieldId])].sort((x, y) => order(x) - order(y))
    expect(programs[0]).toMatchObject({
      id: first.id,
      slug: first.slug,
      title: 'Alfa',
      daysCount: 2,
      minutesPerDay: Math.round((day1 + day2) / 2),
      isOpen: false,
      enrolment: null,
    })
    expect(programs[0]!.fields.map((field) => field.id)).toEqual(expectedFields)
    expect(programs[0]!.fields[0]).toEqual({ id: expectedFields[0], title: expect.any(String), iconName: expect.any(String) })
  })
})

describe('one programme', () => {
  it('answers its days with their audios; before enrolling they read locked ("livre": open)', async () => {
    const person = await subscriber(ctx)
    const program = await seedProgram(ctx, { days: oneDay() })
    const res = await callAs(ctx, person, { method: 'GET', url: API.practice.program(program.slug) })
    expect(res.statusCode).toBe(200)
    const detail = res.json() as ProgramDetail
    expect(detail.nextUnlockAt).toBeNull()
    expect(detail.days).toHaveLength(2)
    expect(detail.days[0]).toMatchObject({ day: 1, intention: 'Intenção do dia 1', state: 'locked', completedOn: null, items: [{ repetitions: 1, repetitionsDone: 0, audio: { id: audios[0]!.id } }] })
    const open = await seedProgram(ctx, { days: oneDay(), isOpen: true })
    expect(((await callAs(ctx, person, { method: 'GET', url: API.practice.program(open.slug) })).json() as ProgramDetail).days.map((day) => day.state)).toEqual(['open', 'open'])
  })

  it('an unknown or unpublished programme answers 404 with its message', async () => {
    const person = await subscriber(ctx)
    const draft = await seedProgram(ctx, { published: false, days: oneDay() })
    for (const url of [API.practice.program('nao-existe'), API.practice.program(draft.slug)]) {
      const res = await callAs(ctx, person, { method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(PRACTICE_MSG.programNotFound)
    }
    for (const url of [API.practice.enrolment(draft.id), API.practice.enrolment(MISSING), API.practice.restart(draft.id), API.practice.featured(MISSING)]) {
      const res = await post(person, url, {})
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(PRACTICE_MSG.programNotFound)
    }
    expect((await callAs(ctx, person, { method: 'DELETE', url: API.practice.enrolment(draft.id) })).json().message).toBe(PRACTICE_MSG.programNotFound)
  })
})

describe('enrolment', () => {
  it('"Começar programa" enrols from the listener’s local date; the first becomes featured; twice is 409', async () => {
    const person = await subscriber(ctx)
    await setTimeZone(ctx, person, 'Asia/Tokyo')
    clock.set(new Date('2026-03-10T16:00:00Z')) // already the 11th in Tokyo
    const program = await seedProgram(ctx, { days: oneDay() })
    const res = await post(person, API.practice.enrolment(program.id), {})
    expect(res.statusCode).toBe(201)
    expect(res.json().program).toMatchObject({ id: program.id, enrolment: { status: 'active', featured: true, currentDay: 1, completedDays: 0 } })
    expect((await enrolment(person.userId, program.id))!.enrolledOn).toBe('2026-03-11')

    const again = await post(person, API.practice.enrolment(program.id), {})
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(PRACTICE_MSG.alreadyEnrolled)
    expect((await post(person, API.practice.enrolment(program.id), { featured: 'sim' })).statusCode).toBe(400)
    expect((await post(person, API.practice.enrolment(program.id), { status: 'completed' })).statusCode).toBe(400)
  })

  it('a second programme is not featured unless asked; featuring moves the mark, and today follows it', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'))
    const person = await subscriber(ctx)
    const [first, second, third] = [await seedProgram(ctx, { days: oneDay() }), await seedProgram(ctx, { days: oneDay() }), await seedProgram(ctx, { days: oneDay() })]
    await post(person, API.practice.enrolment(first.id), {})
    expect((await post(person, API.practice.enrolment(second.id), {})).json().program.enrolment.featured).toBe(false)
    expect((await post(person, API.practice.enrolment(third.id), { featured: true })).json().program.enrolment.featured).toBe(true)
    const featured = async () => (await list(person)).filter((program) => program.enrolment?.featured).map((program) => program.id)
    expect(await featured()).toEqual([third.id])

    const moved = await post(person, API.practice.featured(second.id))
    expect(moved.statusCode).toBe(200)
    expect(moved.json().program.enrolment.featured).toBe(true)
    expect(await featured()).toEqual([second.id])
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().program.id).toBe(second.id)

    const stranger = await seedProgram(ctx, { days: oneDay() })
    const notEnrolled = await post(person, API.practice.featured(stranger.id))
    expect(notEnrolled.statusCode).toBe(404)
    expect(notEnrolled.json().message).toBe(PRACTICE_MSG.notEnrolled)
  })

  it('two enrolments at once in the same programme: one enrolment, one 409', async () => {
    const person = await subscriber(ctx)
    const program = await seedProgram(ctx, { days: oneDay() })
    const answers = await Promise.all([post(person, API.practice.enrolment(program.id), {}), post(person, API.practice.enrolment(program.id), {})])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409])
    expect((await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.userId, person.userId))).length).toBe(1)
  })

  it('leaving removes the enrolment and its days; the featured mark goes to the most recent remaining one', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'))
    const person = await longtimeSubscriber(ctx)
    const [first, second, third] = [await seedProgram(ctx, { days: oneDay() }), await seedProgram(ctx, { days: oneDay() }), await seedProgram(ctx, { days: oneDay() })]
    await post(person, API.practice.enrolment(first.id), {})
    await post(person, API.practice.enrolment(second.id), {})
    await post(person, API.practice.enrolment(third.id), {})
    await sendEvents(ctx, person, repetitions(audios[0]!.id, 1, new Date('2026-03-10T11:00:00Z')))
    const left = (await enrolment(person.userId, first.id))!
    expect(await ctx.database.db.select().from(programDayCompletions).where(eq(programDayCompletions.enrolmentId, left.id))).toHaveLength(1)

    const res = await callAs(ctx, person, { method: 'DELETE', url: API.practice.enrolment(first.id) })
    expect(res.statusCode).toBe(204)
    expect(await enrolment(person.userId, first.id)).toBeUndefined()
    expect(await ctx.database.db.select().from(programDayCompletions).where(eq(programDayCompletions.enrolmentId, left.id))).toEqual([])
    expect((await enrolment(person.userId, third.id))!.featured).toBe(true)
    expect((await enrolment(person.userId, second.id))!.featured).toBe(false)

    const again = await callAs(ctx, person, { method: 'DELETE', url: API.practice.enrolment(first.id) })
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(PRACTICE_MSG.notEnrolled)
    // Leaving one that was not featured moves nothing.
    await callAs(ctx, person, { method: 'DELETE', url: API.practice.enrolment(second.id) })
    expect((await enrolment(person.userId, third.id))!.featured).toBe(true)
  })

  it('restarting removes the days done and starts again from today', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'))
    const person = await longtimeSubscriber(ctx)
    const program = await seedProgram(ctx, { days: oneDay() })
    await post(person, API.practice.enrolment(program.id), {})
    await sendEvents(ctx, person, repetitions(audios[0]!.id, 1, new Date('2026-03-10T11:00:00Z')))
    clock.set(new Date('2026-03-11T12:00:00Z'))
    await sendEvents(ctx, person, repetitions(audios[1]!.id, 1, new Date('2026-03-11T11:00:00Z')))
    expect((await list(person)).find((row) => row.id === program.id)!.enrolment).toMatchObject({ status: 'completed', completedDays: 2, currentDay: 3, currentDayOpen: false })

    clock.set(new Date('2026-03-13T12:00:00Z'))
    const res = await post(person, API.practice.restart(program.id))
    expect(res.statusCode).toBe(200)
    expect(res.json().program.enrolment).toMatchObject({ status: 'active', completedDays: 0, currentDay: 1 })
    const row = (await enrolment(person.userId, program.id))!
    expect(row).toMatchObject({ status: 'active', completedAt: null, enrolledOn: '2026-03-13' })
    expect(await ctx.database.db.select().from(programDayCompletions).where(eq(programDayCompletions.enrolmentId, row.id))).toEqual([])
    // The old repetitions are before the new start: day 1 is today again.
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().day).toMatchObject({ day: 1, state: 'today' })

    const stranger = await subscriber(ctx)
    const refused = await post(stranger, API.practice.restart(program.id))
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(PRACTICE_MSG.notEnrolled)
  })

  it('an enrolment in a programme later unpublished is set aside, not shown', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'))
    const person = await subscriber(ctx)
    const program = await seedProgram(ctx, { days: oneDay() })
    await post(person, API.practice.enrolment(program.id), {})
    const { programs } = await import('../../src/db/schema/index.js')
    await ctx.database.db.update(programs).set({ published: false }).where(eq(programs.id, program.id))
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().program).toBeNull()
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.progress })).json().programs).toEqual([])
    await ctx.database.db.update(programs).set({ published: true }).where(eq(programs.id, program.id))
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().program.id).toBe(program.id)
  })
})
