import { describe, expect, it } from 'vitest'
import { addDays, canonicalTimeZone, localDateIn, localTimeIn, nextLocalMidnight, startOfLocalDate } from '../../src/lib/local-time.js'

describe("the listener's calendar", () => {
  it('reads the same instant as different local dates and times by zone', () => {
    const instant = new Date('2026-03-10T02:30:00Z')
    expect(localTimeIn('America/Sao_Paulo', instant)).toEqual({ date: '2026-03-09', time: '23:30', weekday: 1, minutes: 23 * 60 + 30 })
    expect(localTimeIn('America/New_York', instant)).toEqual({ date: '2026-03-09', time: '22:30', weekday: 1, minutes: 22 * 60 + 30 })
    expect(localTimeIn('Asia/Tokyo', instant)).toEqual({ date: '2026-03-10', time: '11:30', weekday: 2, minutes: 11 * 60 + 30 })
    expect(localDateIn('UTC', instant)).toBe('2026-03-10')
  })

  it('finds the local midnight, across daylight-saving changes', () => {
    expect(startOfLocalDate('America/Sao_Paulo', '2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z')
    expect(startOfLocalDate('Asia/Tokyo', '2026-03-10').toISOString()).toBe('2026-03-09T15:00:00.000Z')
    // New York: EST (UTC−5) until 8 March 2026 02:00, EDT (UTC−4) after; back on 1 November.
    expect(startOfLocalDate('America/New_York', '2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfLocalDate('America/New_York', '2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(startOfLocalDate('America/New_York', '2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(startOfLocalDate('America/New_York', '2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z')
    // The day of the change is 23 h long in March and 25 h in November.
    expect(nextLocalMidnight('America/New_York', new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(nextLocalMidnight('America/New_York', new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T05:00:00.000Z')
  })

  it('the first instant of a local date belongs to it, the one before to the day before', () => {
    for (const zone of ['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      const start = startOfLocalDate(zone, '2026-11-01')
      expect(localDateIn(zone, start)).toBe('2026-11-01')
      expect(localDateIn(zone, new Date(start.getTime() - 1))).toBe('2026-10-31')
    }
  })

  it('does calendar arithmetic across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2026-03-01', -60)).toBe('2025-12-31')
  })

  it('knows IANA zones and refuses the rest', () => {
    expect(canonicalTimeZone('America/Sao_Paulo')).toBe('America/Sao_Paulo')
    expect(canonicalTimeZone('utc')).toBe('UTC')
    expect(canonicalTimeZone('Marte/Olympus')).toBeNull()
    expect(canonicalTimeZone('+03:00')).toBeNull()
    expect(canonicalTimeZone('')).toBeNull()
  })
})
