import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, PRACTICE_MSG } from '@sintonia/contract'
import { practicePreferences, pushSubscriptions } from '../../src/db/schema/index.js'
import { getPreferences } from '../../src/modules/practice/preferences-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { accessStatuses, callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

const read = (who: Parameters<typeof callAs>[1]) => callAs(ctx, who, { method: 'GET', url: API.practice.preferences })
const save = (who: Parameters<typeof callAs>[1], payload: Record<string, unknown>) => callAs(ctx, who, { method: 'PUT', url: API.practice.preferences, payload })

describe('practice preferences', () => {
  it('are for subscribers (and admins) only', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.practice.preferences })).toEqual([401, 403, 200, 200])
    expect(await accessStatuses(ctx, cast, { method: 'PUT', url: API.practice.preferences, payload: { hideStreak: true } })).toEqual([401, 403, 200, 200])
  })

  it('are created on first use with the defaults and a random unsubscribe token', async () => {
    const person = await subscriber(ctx)
    const res = await read(person)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      timeZone: 'America/Sao_Paulo',
      timeZoneChosen: false,
      hideStreak: false,
      reminders: { enabled: false, time: '08:00', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['push'] },
      pushDevices: 0,
    })
    const [row] = await ctx.database.db.select().from(practicePreferences).where(eq(practicePreferences.userId, person.userId))
    expect(row!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // Read again: the same row, the same token.
    expect((await getPreferences(ctx.database.db, person.userId)).unsubscribeToken).toBe(row!.unsubscribeToken)
    const other = await subscriber(ctx)
    expect((await getPreferences(ctx.database.db, other.userId)).unsubscribeToken).not.toBe(row!.unsubscribeToken)
  })

  it('two first uses at once make one row', async () => {
    const person = await subscriber(ctx)
    const answers = await Promise.all([read(person), read(person), getPreferences(ctx.database.db, person.userId)])
    expect(answers.slice(0, 2).map((res) => (res as { statusCode: number }).statusCode)).toEqual([200, 200])
    expect(await ctx.database.db.select().from(practicePreferences).where(eq(practicePreferences.userId, person.userId))).toHaveLength(1)
  })

  it('take the time zone (then chosen), validated; a wrong one is refused with a Portuguese message', async () => {
    const person = await subscriber(ctx)
    const res = await save(person, { timeZone: 'Asia/Tokyo' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneChosen: true })
    for (const timeZone of ['Marte/Olympus', '+03:00', 'America/Sao Paulo']) {
      const refused = await save(person, { timeZone })
      expect(refused.statusCode, timeZone).toBe(400)
      expect(refused.json().message).toBe(PRACTICE_MSG.invalidTimeZone)
    }
    expect((await read(person)).json().timeZone).toBe('Asia/Tokyo')
    expect((await save(person, { timeZone: 'utc' })).json().timeZone).toBe('UTC')
  })

  it('store the streak switch and the reminder settings as given, changing only what was sent', async () => {
    const person = await subscriber(ctx)
    const reminders = { enabled: true, time: '21:15', weekdays: [5, 1, 3], channels: ['email', 'push'] }
    const res = await save(person, { hideStreak: true, reminders })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ hideStreak: true, reminders, timeZone: 'America/Sao_Paulo', timeZoneChosen: false })
    expect((await save(person, { hideStreak: false })).json()).toMatchObject({ hideStreak: false, reminders })
    expect((await read(person)).json().reminders).toEqual(reminders)
  })

  it('refuse reminders on without a weekday or a channel, a bad time, unknown fields', async () => {
    const person = await subscriber(ctx)
    const base = { enabled: true, time: '07:30', weekdays: [1], channels: ['push'] }
    expect((await save(person, { reminders: { ...base, weekdays: [] } })).json().message).toContain('Escolha pelo menos um dia da semana')
    expect((await save(person, { reminders: { ...base, channels: [] } })).json().message).toContain('Escolha como quer ser lembrado')
    expect((await save(person, { reminders: { ...base, time: '25:00' } })).statusCode).toBe(400)
    expect((await save(person, { timeZoneChosen: true })).statusCode).toBe(400)
    const empty = await save(person, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(PRACTICE_MSG.nothingToUpdate)
    // Reminders off may keep an empty choice.
    expect((await save(person, { reminders: { ...base, enabled: false, weekdays: [], channels: [] } })).statusCode).toBe(200)
  })

  it('count the browsers that receive push reminders', async () => {
    const person = await subscriber(ctx)
    await ctx.database.db.insert(pushSubscriptions).values([
      { userId: person.userId, endpoint: `https://push.exemplo.com/${person.userId}/1`, p256dh: 'k', auth: 'a' },
      { userId: person.userId, endpoint: `https://push.exemplo.com/${person.userId}/2`, p256dh: 'k', auth: 'a' },
    ])
    const someoneElse = await subscriber(ctx)
    await ctx.database.db.insert(pushSubscriptions).values({ userId: someoneElse.userId, endpoint: `https://push.exemplo.com/${someoneElse.userId}`, p256dh: 'k', auth: 'a' })
    expect((await read(person)).json().pushDevices).toBe(2)
    expect((await save(person, { hideStreak: true })).json().pushDevices).toBe(2)
  })
})
