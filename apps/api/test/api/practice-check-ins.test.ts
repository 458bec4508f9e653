/**
 * The check-in after a practice and the Diário (docs/product/practice.md#check-ins-and-the-diario):
 * who may call, create after an audio or a programme's day, edit and delete one's own, validation
 * that changes nothing, another listener's id is a 404 that changes nothing (IDOR), the week's
 * minutes and moods, the CSV and its escaping, the LGPD export and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, CHECK_IN_LIMITS, CHECK_IN_MSG, MSG, PRACTICE_MSG, type CheckIn, type CheckInWeek } from '@sintonia/contract'
import { practiceCheckIns } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { nextIp, type Account } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, subscriber } from '../helpers/callers.js'
import { accountSince, catalogueAudios, repetitions, sendEvents, seedProgram, setTimeZone } from '../helpers/practice.js'

const clock = new AdjustableClock()
let ctx: TestContext
let audios: { id: string; durationSeconds: number }[]
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  audios = await catalogueAudios(ctx)
})
afterAll(() => ctx.close())

// Each from its own address: the creation limit (30 a minute per client) is tested on its own below.
const create = (who: Account | null, payload: Record<string, unknown>) => callAs(ctx, who, { method: 'POST', url: API.practice.checkIns, payload, remoteAddress: nextIp() })
const update = (who: Account | null, id: string, payload: Record<string, unknown>) => callAs(ctx, who, { method: 'PATCH', url: API.practice.checkIn(id), payload })
const remove = (who: Account | null, id: string) => callAs(ctx, who, { method: 'DELETE', url: API.practice.checkIn(id) })
const list = (who: Account | null, query = '') => callAs(ctx, who, { method: 'GET', url: `${API.practice.checkIns}${query}` })
const week = (who: Account | null, query = '') => callAs(ctx, who, { method: 'GET', url: `${API.practice.checkInWeek}${query}` })
const csv = (who: Account | null) => callAs(ctx, who, { method: 'GET', url: API.practice.checkInsCsv })

async function created(who: Account, payload: Record<string, unknown>): Promise<CheckIn> {
  const res = await create(who, payload)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

const rowsOf = (who: Account) => ctx.database.db.select().from(practiceCheckIns).where(eq(practiceCheckIns.userId, who.userId))

describe('who may call', () => {
  it('subscribers and admins write and read; the CSV is for any signed-in listener', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'))
    const cast = await castOf(ctx)
    const body = { audioId: audios[0]!.id, moodAfter: 4 }
    expect(await accessStatuses(ctx, cast, { method: 'POST', url: API.practice.checkIns, payload: body })).toEqual([401, 403, 201, 201])
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.checkIns })).toEqual([401, 403, 200, 200])
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.checkInWeek })).toEqual([401, 403, 200, 200])
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.checkInsCsv })).toEqual([401, 200, 200, 200])
  })
})

describe('a check-in after a practice', () => {
  it('after an audio: the moods, the cleaned note, the title, the minutes of the repetitions heard, the local date', async () => {
    clock.set(new Date('2026-03-10T02:30:00Z')) // 23:30 on the 9th in São Paulo
    const person = await subscriber(ctx)
    const audio = audios[1]!
    const checkIn = await created(person, { audioId: audio.id, repetitions: 3, moodBefore: 2, moodAfter: 4, note: '  Mais leve.\r\n\u0007Respirei\tfundo.\u202E  ' })
    expect(checkIn).toMatchObject({
      date: '2026-03-09',
      audioId: audio.id,
      programId: null,
      day: null,
      minutes: Math.round((audio.durationSeconds * 3) / 60),
      moodBefore: 2,
      moodAfter: 4,
      note: 'Mais leve.\nRespirei fundo.',
    })
    expect(checkIn.title.length).toBeGreaterThan(0)
    // In another zone the same instant is another date.
    await setTimeZone(ctx, person, 'Asia/Tokyo')
    expect((await created(person, { audioId: audio.id, note: 'Só uma nota' })).date).toBe('2026-03-10')
  })

  it("after a programme's day the listener follows: 'Dia 2 de 3 · Programa' and the day's minutes", async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'))
    const person = await subscriber(ctx)
    const days = [0, 1, 2].map((i) => ({ items: [{ audioId: audios[i]!.id, repetitions: 2 }] }))
    const program = await seedProgram(ctx, { title: 'Calma em três dias', days })
    // Not enrolled yet: not theirs to record.
    const refused = await create(person, { programId: program.id, day: 2, moodAfter: 5 })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(PRACTICE_MSG.notEnrolled)
    expect((await callAs(ctx, person, { method: 'POST', url: API.practice.enrolment(program.id), payload: {} })).statusCode).toBe(201)
    const checkIn = await created(person, { programId: program.id, day: 2, moodBefore: 3, moodAfter: 5 })
    expect(checkIn).toMatchObject({
      title: 'Dia 2 de 3 · Calma em três dias',
      programId: program.id,
      day: 2,
      audioId: audios[1]!.id,
      minutes: Math.round((audios[1]!.durationSeconds * 2) / 60),
    })
    const noDay = await create(person, { programId: program.id, day: 9, moodAfter: 5 })
    expect(noDay.statusCode).toBe(400)
    expect(noDay.json().message).toBe(CHECK_IN_MSG.dayNotInProgram)
  })

  it('bad input is refused in Portuguese and stores nothing', async () => {
    const person = await subscriber(ctx)
    const audioId = audios[0]!.id
    const cases: [Record<string, unknown>, string][] = [
      [{ audioId }, CHECK_IN_MSG.empty],
      [{ audioId, note: '   \u0007  ' }, CHECK_IN_MSG.empty],
      [{ moodAfter: 3 }, CHECK_IN_MSG.practiceRequired],
      [{ audioId, day: 2, moodAfter: 3 }, CHECK_IN_MSG.practiceRequired],
      [{ audioId, moodAfter: 6 }, CHECK_IN_MSG.moodRange],
      [{ audioId, moodBefore: 0 }, CHECK_IN_MSG.moodRange],
      [{ audioId, moodAfter: 2.5 }, CHECK_IN_MSG.moodRange],
      [{ audioId, moodAfter: '4' }, CHECK_IN_MSG.moodRange],
      [{ audioId, note: 'x'.repeat(CHECK_IN_LIMITS.noteMax + 1) }, CHECK_IN_MSG.noteTooLong],
      [{ audioId: 'nao-e-uuid', moodAfter: 3 }, MSG.validation.invalidUuid],
      [{ audioId, moodAfter: 3, userId: 'outra-pessoa' }, ''],
      [{ audioId, repetitions: 31, moodAfter: 3 }, ''],
    ]
    for (const [payload, message] of cases) {
      const res = await create(person, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      if (message) expect(res.json().message, JSON.stringify(payload)).toContain(message)
    }
    const nul = await create(person, { audioId, note: 'a\u0000b' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json().message).toBe(MSG.validation.invalidCharacters)
    const unknownAudio = await create(person, { audioId: '00000000-0000-4000-8000-000000000000', moodAfter: 3 })
    expect(unknownAudio.statusCode).toBe(404)
    expect(unknownAudio.json().message).toBe(CHECK_IN_MSG.audioNotFound)
    // A note of exactly the limit after cleaning is kept whole.
    expect((await created(person, { audioId, note: `  ${'á'.repeat(CHECK_IN_LIMITS.noteMax)}  ` })).note).toHaveLength(CHECK_IN_LIMITS.noteMax)
    expect(await rowsOf(person)).toHaveLength(1)
  })

  it('edit changes what was sent; clearing everything is refused; delete removes it', async () => {
    const person = await subscriber(ctx)
    const checkIn = await created(person, { audioId: audios[0]!.id, moodBefore: 2, note: 'antes' })
    const edited = await update(person, checkIn.id, { moodAfter: 5, note: 'depois\u0007' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ moodBefore: 2, moodAfter: 5, note: 'depois' })
    const emptied = await update(person, checkIn.id, { moodBefore: null, moodAfter: null, note: '' })
    expect(emptied.statusCode).toBe(400)
    expect(emptied.json().message).toBe(CHECK_IN_MSG.empty)
    expect((await update(person, checkIn.id, {})).statusCode).toBe(400)
    expect((await update(person, checkIn.id, { moodAfter: 9 })).statusCode).toBe(400)
    expect((await update(person, checkIn.id, { title: 'outro' })).statusCode).toBe(400)
    expect((await update(person, 'nao-e-uuid', { moodAfter: 1 })).statusCode).toBe(400)
    const [row] = await rowsOf(person)
    expect(row).toMatchObject({ moodBefore: 2, moodAfter: 5, note: 'depois' })
    expect((await remove(person, checkIn.id)).statusCode).toBe(204)
    expect(await rowsOf(person)).toHaveLength(0)
    expect((await remove(person, checkIn.id)).statusCode).toBe(404)
  })
})

describe("another listener's check-in (IDOR)", () => {
  it('cannot be read, edited or deleted: 404 and nothing changes', async () => {
    const owner = await subscriber(ctx)
    const intruder = await subscriber(ctx)
    const checkIn = await created(owner, { audioId: audios[0]!.id, moodAfter: 4, note: 'só minha' })
    await created(intruder, { audioId: audios[0]!.id, moodAfter: 1 })

    const edited = await update(intruder, checkIn.id, { note: 'mexi', moodAfter: 1 })
    expect(edited.statusCode).toBe(404)
    expect(edited.json().message).toBe(CHECK_IN_MSG.notFound)
    const deleted = await remove(intruder, checkIn.id)
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json().message).toBe(CHECK_IN_MSG.notFound)
    // An unknown id answers the same: nothing tells that the owner's exists.
    expect((await remove(intruder, '00000000-0000-4000-8000-000000000000')).json()).toEqual(deleted.json())

    const [row] = await rowsOf(owner)
    expect(row).toMatchObject({ id: checkIn.id, moodAfter: 4, note: 'só minha' })
    // Each Diário, week and CSV holds its owner's entries only.
    const intruderList = (await list(intruder)).json() as { entries: CheckIn[] }
    expect(intruderList.entries.map((entry) => entry.id)).not.toContain(checkIn.id)
    expect(intruderList.entries).toHaveLength(1)
    expect((await csv(intruder)).body).not.toContain('só minha')
    expect(((await week(intruder)).json() as CheckInWeek).days.reduce((n, day) => n + day.checkIns, 0)).toBe(1)
    // An admin is a listener like any other here: not theirs either.
    const { admin: staff } = await castOf(ctx)
    expect((await update(staff, checkIn.id, { note: 'admin' })).statusCode).toBe(404)
    expect((await rowsOf(owner))[0]!.note).toBe('só minha')
  })
})

describe('the Diário', () => {
  it('lists newest first, a page at a time', async () => {
    const person = await subscriber(ctx)
    const start = new Date('2026-03-01T12:00:00Z')
    for (let i = 0; i < 5; i++) {
      clock.set(new Date(start.getTime() + i * 86_400_000))
      const row = await created(person, { audioId: audios[0]!.id, moodAfter: (i % 5) + 1, note: `dia ${i}` })
      // created_at is the database's now(): place each on its own day as the clock says.
      await ctx.database.db.update(practiceCheckIns).set({ createdAt: clock.now() }).where(eq(practiceCheckIns.id, row.id))
    }
    const first = (await list(person, '?limit=2')).json() as { entries: CheckIn[]; nextBefore: string | null }
    expect(first.entries.map((entry) => entry.note)).toEqual(['dia 4', 'dia 3'])
    expect(first.entries.map((entry) => entry.date)).toEqual(['2026-03-05', '2026-03-04'])
    const second = (await list(person, `?limit=2&before=${encodeURIComponent(first.nextBefore!)}`)).json() as { entries: CheckIn[]; nextBefore: string | null }
    expect(second.entries.map((entry) => entry.note)).toEqual(['dia 2', 'dia 1'])
    const third = (await list(person, `?limit=2&before=${encodeURIComponent(second.nextBefore!)}`)).json() as { entries: CheckIn[]; nextBefore: string | null }
    expect(third.entries.map((entry) => entry.note)).toEqual(['dia 0'])
    expect(third.nextBefore).toBeNull()
    // Two entries of the very same instant are both listed, one page each.
    const rows = await rowsOf(person)
    await ctx.database.db.update(practiceCheckIns).set({ createdAt: new Date('2026-03-06T12:00:00.123Z') }).where(eq(practiceCheckIns.userId, person.userId))
    const seen: string[] = []
    let before: string | null = null
    do {
      const page = (await list(person, `?limit=1${before ? `&before=${before}` : ''}`)).json() as { entries: CheckIn[]; nextBefore: string | null }
      seen.push(...page.entries.map((entry) => entry.id))
      before = page.nextBefore
    } while (before)
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort())
    expect((await list(person, '?limit=51')).statusCode).toBe(400)
    expect((await list(person, '?before=ontem')).statusCode).toBe(400)
    expect((await list(person, '?before=2026-03-06T12:00:00.123Z')).statusCode).toBe(400)
  })
})

describe('the week', () => {
  it('seconds heard per local date from the listening records, the average moods of each date', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z')) // Tuesday the 10th in São Paulo
    const person = await accountSince(ctx, await subscriber(ctx))
    const [a, b] = [audios[0]!, audios[1]!]
    // Monday the 9th: 2 × a and 1 × b; Sunday the 8th at 23:30 in São Paulo (02:30Z on the 9th): 1 × a.
    await sendEvents(ctx, person, [
      ...repetitions(a.id, 2, new Date('2026-03-09T12:00:00Z')),
      ...repetitions(b.id, 1, new Date('2026-03-09T13:00:00Z')),
      ...repetitions(a.id, 1, new Date('2026-03-09T02:30:00Z')),
      // Before the week (and within the 7 days a record may be late): not counted.
      ...repetitions(b.id, 3, new Date('2026-03-03T16:00:00Z')),
    ])
    await created(person, { audioId: a.id, moodBefore: 2, moodAfter: 4 })
    await created(person, { audioId: a.id, moodAfter: 5, note: 'só depois' })
    await created(person, { audioId: b.id, moodBefore: 3, note: 'só antes' })

    const res = await week(person)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json() as CheckInWeek
    expect(answer).toMatchObject({ from: '2026-03-04', to: '2026-03-10', today: '2026-03-10' })
    expect(answer.days.map((day) => day.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'])
    const byDate = Object.fromEntries(answer.days.map((day) => [day.date, day]))
    expect(byDate['2026-03-08']).toEqual({ date: '2026-03-08', seconds: a.durationSeconds, moodBefore: null, moodAfter: null, checkIns: 0 })
    expect(byDate['2026-03-09']).toEqual({ date: '2026-03-09', seconds: 2 * a.durationSeconds + b.durationSeconds, moodBefore: null, moodAfter: null, checkIns: 0 })
    expect(byDate['2026-03-10']).toEqual({ date: '2026-03-10', seconds: 0, moodBefore: 2.5, moodAfter: 4.5, checkIns: 3 })
    expect(byDate['2026-03-04']!.seconds).toBe(0)

    // A chosen week, and an impossible date.
    const earlier = (await week(person, '?end=2026-03-08')).json() as CheckInWeek
    expect(earlier).toMatchObject({ from: '2026-03-02', to: '2026-03-08' })
    expect(earlier.days.find((day) => day.date === '2026-03-03')!.seconds).toBe(3 * b.durationSeconds)
    expect(earlier.days.find((day) => day.date === '2026-03-08')!.seconds).toBe(a.durationSeconds)
    const impossible = await week(person, '?end=2026-02-31')
    expect(impossible.statusCode).toBe(400)
    expect(impossible.json().message).toBe(CHECK_IN_MSG.invalidDate)
    expect((await week(person, '?end=amanha')).statusCode).toBe(400)
  })

  it('one decimal for the average mood', async () => {
    const person = await subscriber(ctx)
    for (const moodAfter of [4, 4, 5]) await created(person, { audioId: audios[0]!.id, moodAfter })
    const today = ((await week(person)).json() as CheckInWeek).days.at(-1)!
    expect(today.moodAfter).toBe(4.3)
  })
})

describe('the CSV of one’s practice', () => {
  it('UTF-8 with BOM, ; between columns, dd/mm/aaaa, oldest first, quotes, line breaks and formulas escaped', async () => {
    const person = await subscriber(ctx)
    const audio = audios[0]!
    clock.set(new Date('2026-03-09T15:00:00Z'))
    const { title: audioTitle } = await created(person, { audioId: audio.id, moodBefore: 2, moodAfter: 4, note: 'Disse "obrigado"; depois\nrespirei' })
    clock.set(new Date('2026-03-10T15:00:00Z'))
    await created(person, { audioId: audio.id, moodAfter: 3, note: '=HYPERLINK("http://x")' })
    await created(person, { audioId: audio.id, note: '+1 -2 @mim' })
    await created(person, { audioId: audio.id, moodBefore: 5 })
    // created_at follows the clock so the order is the practice's.
    const rows = await rowsOf(person)
    for (const row of rows) await ctx.database.db.update(practiceCheckIns).set({ createdAt: new Date(`${row.localDate}T15:00:00Z`) }).where(eq(practiceCheckIns.id, row.id))

    const res = await csv(person)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="minha-pratica.csv"')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const text = res.body.replace(/^\uFEFF/, '')
    const minutes = Math.round(audio.durationSeconds / 60)
    const title = /[;",]/.test(audioTitle) ? `"${audioTitle.replace(/"/g, '""')}"` : audioTitle
    expect(text.split('\r\n')[0]).toBe('Dia;Minutos;Prática;Humor antes (1 a 5);Humor depois (1 a 5);Nota')
    expect(text).toContain(`09/03/2026;${minutes};${title};2;4;"Disse ""obrigado""; depois\nrespirei"\r\n`)
    expect(text).toContain(`10/03/2026;${minutes};${title};;3;"'=HYPERLINK(""http://x"")"\r\n`)
    expect(text).toContain(`10/03/2026;${minutes};${title};;;'+1 -2 @mim\r\n`)
    expect(text).toContain(`10/03/2026;${minutes};${title};5;;\r\n`)
    expect(text.indexOf('09/03/2026')).toBeLessThan(text.indexOf('10/03/2026'))
    expect(text.endsWith('\r\n')).toBe(true)
  })

  it('a listener without check-ins gets the header alone', async () => {
    const person = await subscriber(ctx)
    expect((await csv(person)).body).toBe('\uFEFFDia;Minutos;Prática;Humor antes (1 a 5);Humor depois (1 a 5);Nota\r\n')
  })
})

describe('LGPD', () => {
  it('the data export includes the check-ins; deleting the account removes them', async () => {
    const person = await subscriber(ctx)
    const other = await subscriber(ctx)
    const mine = await created(person, { audioId: audios[0]!.id, moodBefore: 1, moodAfter: 3, note: 'meu diário' })
    await created(other, { audioId: audios[0]!.id, moodAfter: 5, note: 'de outra pessoa' })
    const exported = await callAs(ctx, person, { method: 'GET', url: API.accounts.exportData })
    expect(exported.statusCode).toBe(200)
    const data = exported.json() as { practiceCheckIns: CheckIn[] }
    expect(data.practiceCheckIns).toEqual([mine])
    expect(exported.body).not.toContain('de outra pessoa')

    const deleted = await callAs(ctx, person, { method: 'DELETE', url: API.accounts.deleteAccount, payload: { password: person.password } })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await rowsOf(person)).toHaveLength(0)
    expect(await rowsOf(other)).toHaveLength(1)
  })
})

describe('limits', () => {
  it('creation is rate limited per client like other listener writes', async () => {
    const person = await subscriber(ctx)
    const statuses: number[] = []
    for (let i = 0; i <= 30; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: API.practice.checkIns,
        headers: { cookie: person.cookie },
        payload: { audioId: audios[0]!.id, moodAfter: 3 },
        remoteAddress: '203.0.113.77',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true)
    expect(statuses[30]).toBe(429)
    expect(await rowsOf(person)).toHaveLength(30)
  })
})
