import { describe, expect, it } from 'vitest'
import { eventTime, firstDateAfter } from '../../src/modules/practice/time-rule.js'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const now = new Date('2026-03-10T15:00:00Z')
const old = new Date('2020-01-01T00:00:00Z')
const judge = (ms: number, accountCreatedAt = old) => eventTime(new Date(ms), { now, accountCreatedAt })

describe('eventTime (the times a listening record may carry)', () => {
  it('keeps a past time of the last week as it is, and a time a little ahead as now', () => {
    expect(judge(now.getTime() - 6 * DAY)).toEqual({ accepted: true, at: new Date(now.getTime() - 6 * DAY) })
    expect(judge(now.getTime() - 7 * DAY)).toEqual({ accepted: true, at: new Date(now.getTime() - 7 * DAY) })
    expect(judge(now.getTime() + 15 * MINUTE)).toEqual({ accepted: true, at: now })
  })

  it('refuses the future beyond 15 minutes, more than a week ago, 1970 and year 0001', () => {
    expect(judge(now.getTime() + 15 * MINUTE + 1)).toEqual({ accepted: false, reason: 'future' })
    expect(judge(now.getTime() - 7 * DAY - 1)).toEqual({ accepted: false, reason: 'too_old' })
    expect(judge(0)).toEqual({ accepted: false, reason: 'too_old' })
    expect(judge(Date.parse('0001-01-01T00:00:00Z'))).toEqual({ accepted: false, reason: 'too_old' })
    expect(judge(Number.NaN)).toMatchObject({ accepted: false })
  })

  it('refuses what predates the account by more than 15 minutes', () => {
    const created = new Date(now.getTime() - DAY)
    expect(judge(created.getTime() - 15 * MINUTE, created)).toMatchObject({ accepted: true })
    expect(judge(created.getTime() - 15 * MINUTE - 1, created)).toEqual({ accepted: false, reason: 'before_account' })
  })
})

describe('firstDateAfter (one programme day per real day)', () => {
  it('in one zone: the next date', () => {
    expect(firstDateAfter('America/Sao_Paulo', '2026-03-09', 'America/Sao_Paulo')).toBe('2026-03-10')
    expect(firstDateAfter('America/New_York', '2026-03-07', 'America/New_York')).toBe('2026-03-08')
  })

  it('across zones: the first date that begins once the date has ended where it was done', () => {
    // The 9th ends at 12:00 UTC on the 10th at UTC−12; at UTC+14 the 11th began at 10:00 UTC: too early.
    expect(firstDateAfter('Etc/GMT+12', '2026-03-09', 'Etc/GMT-14')).toBe('2026-03-12')
    expect(firstDateAfter('Etc/GMT-14', '2026-03-21', 'Etc/GMT+12')).toBe('2026-03-21')
    // Moving west never costs a day; moving east waits while the day done has not ended.
    expect(firstDateAfter('America/Sao_Paulo', '2026-03-09', 'America/Los_Angeles')).toBe('2026-03-10')
    expect(firstDateAfter('America/Sao_Paulo', '2026-03-09', 'Europe/Lisbon')).toBe('2026-03-11')
    expect(firstDateAfter('Europe/Lisbon', '2026-03-09', 'America/Sao_Paulo')).toBe('2026-03-10')
  })
})
