/**
 * The programme editor (docs/product/practice.md#admin-editor): admins only, validation in
 * Portuguese, publishing rules, the listeners' order, programs_changed after every write, and an
 * audio in a programme that cannot leave the catalogue.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, PRACTICE_MSG, type AdminProgram, type AdminProgramInput } from '@sintonia/contract'
import { audios, programDayItems, programEnrolments } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { nonAdminStatuses } from '../helpers/multipart.js'
import { callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'
import { catalogueAudios, longtimeSubscriber, repetitions, sendEvents } from '../helpers/practice.js'

let ctx: TestContext
let cast: Cast
const clock = new AdjustableClock()
let audioList: { id: string; durationSeconds: number }[]
const MISSING = '00000000-0000-4000-8000-000000000000'
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  cast = await castOf(ctx)
  audioList = await catalogueAudios(ctx)
  clock.set(new Date('2026-03-10T12:00:00Z'))
})
afterAll(() => ctx.close())

const A = () => audioList[0]!.id
const B = () => audioList[1]!.id

function input(over: Partial<AdminProgramInput> = {}): AdminProgramInput {
  return {
    title: 'Calma em 3 dias',
    description: 'Três dias para desacelerar.',
    isOpen: false,
    days: [
      { intention: 'Chegar', items: [{ audioId: A(), repetitions: 2 }] },
      { intention: 'Respirar', items: [{ audioId: B(), repetitions: 1 }, { audioId: A(), repetitions: 1 }] },
      { intention: 'Ficar', items: [{ audioId: B(), repetitions: 3 }] },
    ],
    ...over,
  }
}

const as = (who: Account | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(ctx, who, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => as(cast.admin, method, url, payload)

async function create(over: Partial<AdminProgramInput> = {}): Promise<AdminProgram> {
  const res = await admin('POST', API.practice.admin.programs, input(over))
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function publish(id: string, published = true) {
  return admin('POST', API.practice.admin.publish(id), { published })
}

describe('programme editor: access', () => {
  it('every route refuses anonymous (401), listeners and subscribers (403)', async () => {
    const program = await create()
    const calls = [
      { method: 'GET' as const, url: API.practice.admin.programs },
      { method: 'POST' as const, url: API.practice.admin.programs, payload: input() },
      { method: 'GET' as const, url: API.practice.admin.program(program.id) },
      { method: 'PUT' as const, url: API.practice.admin.program(program.id), payload: input() },
      { method: 'POST' as const, url: API.practice.admin.publish(program.id), payload: { published: true } },
      { method: 'DELETE' as const, url: API.practice.admin.program(program.id) },
      { method: 'PUT' as const, url: API.practice.admin.order, payload: { ids: [program.id] } },
      { method: 'GET' as const, url: `${API.practice.admin.insights}?from=2026-03-01&to=2026-03-10` },
    ]
    for (const call of calls) expect(await nonAdminStatuses(ctx, cast, call), `${call.method} ${call.url}`).toEqual([401, 403, 403])
    expect((await admin('GET', API.practice.admin.program(program.id))).json().published).toBe(false)
  })
})

describe('creating and reading', () => {
  it('creates a draft at the end of the list with its address, days, minutes — and announces it', async () => {
    const publishSpy = vi.spyOn(ctx.app.domainEvents, 'publish')
    const program = await create({ title: '  Coração em Paz: 3 dias  ' })
    expect(publishSpy).toHaveBeenCalledWith('programs_changed')
    publishSpy.mockRestore()
    const [a, b] = [audioList[0]!, audioList[1]!]
    expect(program).toMatchObject({ slug: 'coracao-em-paz-3-dias', title: 'Coração em Paz: 3 dias', published: false, isOpen: false, enrolled: 0 })
    expect(program.days.map((day) => day.minutes)).toEqual([
      Math.round((a.durationSeconds * 2) / 60),
      Math.round((b.durationSeconds + a.durationSeconds) / 60),
      Math.round((b.durationSeconds * 3) / 60),
    ])
    expect(program.days[1]!.items).toEqual([
      { audioId: b.id, audioTitle: expect.any(String), fieldTitle: expect.any(String), durationSeconds: b.durationSeconds, repetitions: 1 },
      { audioId: a.id, audioTitle: expect.any(String), fieldTitle: expect.any(String), durationSeconds: a.durationSeconds, repetitions: 1 },
    ])
    const again = await create({ title: 'Coração em paz 3 dias' })
    expect(again.slug).toBe('coracao-em-paz-3-dias-2')
    expect(again.position).toBeGreaterThan(program.position)

    expect((await admin('GET', API.practice.admin.program(program.id))).json()).toEqual(program)
    const list = (await admin('GET', API.practice.admin.programs)).json().programs
    expect(list.find((row: { id: string }) => row.id === program.id)).toEqual({
      id: program.id,
      slug: program.slug,
      title: program.title,
      isOpen: false,
      published: false,
      position: program.position,
      coverImage: null,
      daysCount: 3,
      minutesPerDay: Math.round(program.days.reduce((sum, day) => sum + day.minutes, 0) / 3),
      complete: true,
      enrolled: 0,
    })
    const missing = await admin('GET', API.practice.admin.program(MISSING))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(PRACTICE_MSG.programNotFound)
  })

  it('refuses bad programmes with the editor’s Portuguese messages', async () => {
    const bad: [Partial<AdminProgramInput> | Record<string, unknown>, string][] = [
      [{ title: '   ' }, PRACTICE_MSG.admin.titleRequired],
      [{ title: 'x'.repeat(121) }, PRACTICE_MSG.admin.titleTooLong],
      [{ description: 'x'.repeat(2001) }, PRACTICE_MSG.admin.descriptionTooLong],
      [{ days: [] }, PRACTICE_MSG.admin.daysRange],
      [{ days: Array.from({ length: 61 }, () => ({ intention: 'x', items: [] })) }, PRACTICE_MSG.admin.daysRange],
      [{ days: [{ intention: 'x'.repeat(601), items: [] }] }, PRACTICE_MSG.admin.intentionTooLong],
      [{ days: [{ intention: 'x', items: Array.from({ length: 9 }, () => ({ audioId: A(), repetitions: 1 })) }] }, PRACTICE_MSG.admin.tooManyItems],
      [{ days: [{ intention: 'x', items: [{ audioId: A(), repetitions: 0 }] }] }, PRACTICE_MSG.admin.repetitionsRange],
      [{ days: [{ intention: 'x', items: [{ audioId: A(), repetitions: 31 }] }] }, PRACTICE_MSG.admin.repetitionsRange],
      [{ days: [{ intention: 'x', items: [{ audioId: A(), repetitions: 1.5 }] }] }, PRACTICE_MSG.admin.repetitionsRange],
      [{ days: [{ intention: 'x', items: [{ audioId: 'nenhum', repetitions: 1 }] }] }, PRACTICE_MSG.admin.audioRequired],
      [{ days: [{ intention: 'x', items: [{ audioId: MISSING, repetitions: 1 }] }] }, PRACTICE_MSG.admin.audioMissing],
    ]
    for (const [over, message] of bad) {
      const res = await admin('POST', API.practice.admin.programs, { ...input(), ...over })
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message, JSON.stringify(over).slice(0, 80)).toContain(message)
    }
    expect((await admin('POST', API.practice.admin.programs, { ...input(), published: true })).statusCode).toBe(400)
  })
})

describe('publishing', () => {
  it('needs every day to have an intention and an audio; the message names the days', async () => {
    const publishSpy = vi.spyOn(ctx.app.domainEvents, 'publish')
    const draft = await create({
      days: [
        { intention: 'Chegar', items: [{ audioId: A(), repetitions: 1 }] },
        { intention: '', items: [{ audioId: A(), repetitions: 1 }] },
        { intention: 'Ficar', items: [] },
      ],
    })
    publishSpy.mockClear()
    const refused = await publish(draft.id)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(PRACTICE_MSG.admin.incompleteToPublish([2, 3]))
    expect(refused.json().message).toBe('Para publicar, os dias 2, 3 precisam de uma intenção e de pelo menos um audio'.replace('audio', 'áudio'))
    expect(publishSpy).not.toHaveBeenCalled()
    const list = (await admin('GET', API.practice.admin.programs)).json().programs
    expect(list.find((row: { id: string }) => row.id === draft.id).complete).toBe(false)

    const oneLeft = input({ days: [{ intention: 'Chegar', items: [{ audioId: A(), repetitions: 1 }] }, { intention: 'Respirar', items: [] }] })
    expect((await admin('PUT', API.practice.admin.program(draft.id), oneLeft)).statusCode).toBe(200)
    expect((await publish(draft.id)).json().message).toBe('Para publicar, o dia 2 precisa de uma intenção e de pelo menos um áudio')

    expect((await admin('PUT', API.practice.admin.program(draft.id), input())).statusCode).toBe(200)
    const published = await publish(draft.id)
    expect(published.statusCode).toBe(200)
    expect(published.json().published).toBe(true)
    expect(publishSpy).toHaveBeenCalledWith('programs_changed')
    publishSpy.mockRestore()
  })

  it('listeners see a programme only while it is published', async () => {
    const listener = await subscriber(ctx)
    const program = await create({ title: 'Visível só publicado' })
    const listed = async () => (await as(listener, 'GET', API.practice.programs)).json().programs.some((row: { id: string }) => row.id === program.id)
    expect(await listed()).toBe(false)
    await publish(program.id)
    expect(await listed()).toBe(true)
    expect((await as(listener, 'GET', API.practice.program(program.slug))).statusCode).toBe(200)
    await publish(program.id, false)
    expect(await listed()).toBe(false)
    expect((await as(listener, 'GET', API.practice.program(program.slug))).statusCode).toBe(404)
  })

  it('a published programme is never saved incomplete, and keeps its address; a draft’s follows its title', async () => {
    const program = await create({ title: 'Endereço fixo' })
    const renamedDraft = (await admin('PUT', API.practice.admin.program(program.id), input({ title: 'Endereço novo' }))).json()
    expect(renamedDraft.slug).toBe('endereco-novo')
    await publish(program.id)
    const incomplete = input({ title: 'Endereço novo', days: [{ intention: 'Chegar', items: [] }] })
    const refused = await admin('PUT', API.practice.admin.program(program.id), incomplete)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(PRACTICE_MSG.admin.incompleteToPublish([1]))
    expect((await admin('GET', API.practice.admin.program(program.id))).json().days).toHaveLength(3)
    const renamed = await admin('PUT', API.practice.admin.program(program.id), input({ title: 'Outro título', isOpen: true }))
    expect(renamed.json()).toMatchObject({ slug: 'endereco-novo', title: 'Outro título', isOpen: true, published: true })
    const missing = await admin('PUT', API.practice.admin.program(MISSING), input())
    expect(missing.statusCode).toBe(404)
    expect((await publish(MISSING)).statusCode).toBe(404)
  })

  it('shortening a programme completes the enrolments whose remaining days are all done', async () => {
    const program = await create({ title: 'Encurtado' })
    await publish(program.id)
    const listener = await longtimeSubscriber(ctx)
    expect((await as(listener, 'POST', API.practice.enrolment(program.id), {})).statusCode).toBe(201)
    await sendEvents(ctx, listener, repetitions(A(), 2, new Date('2026-03-10T11:00:00Z')))
    const twoDays = input({ title: 'Encurtado', days: input().days.slice(0, 1) })
    const saved = await admin('PUT', API.practice.admin.program(program.id), twoDays)
    expect(saved.json()).toMatchObject({ enrolled: 1, days: [{ day: 1 }] })
    const [row] = await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.programId, program.id))
    expect(row).toMatchObject({ status: 'completed' })
    // Days added again: the enrolment is active, at its next day.
    await admin('PUT', API.practice.admin.program(program.id), input({ title: 'Encurtado' }))
    const [again] = await ctx.database.db.select().from(programEnrolments).where(eq(programEnrolments.programId, program.id))
    expect(again).toMatchObject({ status: 'active', completedAt: null })
  })
})

describe('order and delete', () => {
  it('orders every programme, once each; anything else is refused', async () => {
    const ids: string[] = (await admin('GET', API.practice.admin.programs)).json().programs.map((row: { id: string }) => row.id)
    const reversed = [...ids].reverse()
    const publishSpy = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await admin('PUT', API.practice.admin.order, { ids: reversed })
    expect(res.statusCode).toBe(200)
    expect(res.json().programs.map((row: { id: string }) => row.id)).toEqual(reversed)
    expect(res.json().programs.map((row: { position: number }) => row.position)).toEqual(reversed.map((_, i) => i))
    expect(publishSpy).toHaveBeenCalledWith('programs_changed')
    publishSpy.mockRestore()
    for (const wrong of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), MISSING]]) {
      const refused = await admin('PUT', API.practice.admin.order, { ids: wrong })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(PRACTICE_MSG.admin.orderMismatch)
    }
  })

  it('deletes a programme (announced); a second time is 404', async () => {
    const program = await create({ title: 'Para excluir' })
    const publishSpy = vi.spyOn(ctx.app.domainEvents, 'publish')
    expect((await admin('DELETE', API.practice.admin.program(program.id))).statusCode).toBe(204)
    expect(publishSpy).toHaveBeenCalledWith('programs_changed')
    publishSpy.mockRestore()
    const again = await admin('DELETE', API.practice.admin.program(program.id))
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(PRACTICE_MSG.programNotFound)
  })
})

describe('an audio in a programme stays in the catalogue', () => {
  it('deleting it answers 409 with the reason, and works once no programme uses it', async () => {
    // An audio no other programme (the seeded ones included) uses.
    const used = new Set((await ctx.database.db.select({ audioId: programDayItems.audioId }).from(programDayItems)).map((row) => row.audioId))
    const audio = audioList.find((candidate) => !used.has(candidate.id))!
    const program = await create({ title: 'Usa um áudio', days: [{ intention: 'x', items: [{ audioId: audio.id, repetitions: 1 }] }] })
    const refused = await admin('DELETE', API.catalogue.admin.audio(audio.id))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(PRACTICE_MSG.admin.audioInProgram)
    expect(await ctx.database.db.select().from(audios).where(eq(audios.id, audio.id))).toHaveLength(1)
    expect((await admin('DELETE', API.practice.admin.program(program.id))).statusCode).toBe(204)
    const deleted = await admin('DELETE', API.catalogue.admin.audio(audio.id))
    expect(deleted.statusCode, deleted.body).toBe(204)
  })
})
