import { describe, expect, it } from 'vitest'
import { dayStatus, minutesLabel, nextDayLabel, programLengthLabel, programStatusLabel, shortDateLabel, totalMinutesLabel, visibleStreak } from './labels'
import { program, STREAK } from '../testing/fixtures'

describe('practice labels', () => {
  it("a programme's length reads '21 dias · ~20 min por dia', and a very short day does not read '~0 min'", () => {
    expect(programLengthLabel({ daysCount: 21, minutesPerDay: 20 })).toBe('21 dias · ~20 min por dia')
    expect(programLengthLabel({ daysCount: 1, minutesPerDay: 0 })).toBe('1 dia · menos de 1 min por dia')
    expect(minutesLabel(1)).toBe('~1 min')
  })

  it("where the listener is: 'Dia 5 de 21', 'Concluído', nothing when not enrolled", () => {
    expect(programStatusLabel(program())).toBe('Dia 5 de 21')
    expect(programStatusLabel(program({ enrolment: { status: 'completed', featured: false, currentDay: 22, completedDays: 21, currentDayOpen: false, enrolledAt: '' } }))).toBe('Concluído')
    expect(programStatusLabel(program({ enrolment: null }))).toBeNull()
    // The next day after the last one is never announced as 'Dia 22 de 21'.
    expect(programStatusLabel(program({ enrolment: { status: 'active', featured: true, currentDay: 22, completedDays: 21, currentDayOpen: true, enrolledAt: '' } }))).toBe('Dia 21 de 21')
  })

  it("a current day that opens tomorrow reads 'Dia 2 abre amanhã', not 'Dia 2 de 21'", () => {
    const enrolment = (currentDay: number, currentDayOpen: boolean, status: 'active' | 'completed' = 'active') => ({ status, featured: true, currentDay, completedDays: currentDay - 1, currentDayOpen, enrolledAt: '' })
    // Day 1 done today: day 2 is the current day and waits for tomorrow.
    expect(programStatusLabel(program({ enrolment: enrolment(2, false) }))).toBe('Dia 2 abre amanhã')
    // Day 2 open today: where the listener is ("livre" programmes always read so).
    expect(programStatusLabel(program({ enrolment: enrolment(2, true) }))).toBe('Dia 2 de 21')
    // Completed, or not followed: as before.
    expect(programStatusLabel(program({ enrolment: enrolment(22, false, 'completed') }))).toBe('Concluído')
    expect(programStatusLabel(program({ enrolment: null }))).toBeNull()
  })

  it('each day of the path says what it is: done with its date, today, free, opens tomorrow, or after an earlier day', () => {
    expect(dayStatus({ day: 3, state: 'done', completedOn: '2026-03-12' }, 5)).toEqual({ tone: 'done', label: 'Concluído em 12 de mar.' })
    expect(dayStatus({ day: 5, state: 'today', completedOn: null }, 5)).toEqual({ tone: 'today', label: 'Hoje' })
    expect(dayStatus({ day: 8, state: 'open', completedOn: null }, 5)).toEqual({ tone: 'open', label: 'Livre' })
    // Today's day done: the next one (the current day) opens tomorrow; later ones wait for the one before.
    expect(dayStatus({ day: 6, state: 'locked', completedOn: null }, 6)).toEqual({ tone: 'soon', label: 'Abre amanhã' })
    expect(dayStatus({ day: 9, state: 'locked', completedOn: null }, 6)).toEqual({ tone: 'waiting', label: 'Abre depois do dia 8' })
    // Not enrolled: the days are only listed.
    expect(dayStatus({ day: 1, state: 'locked', completedOn: null }, null)).toEqual({ tone: 'plain', label: '' })
  })

  it('dates are calendar dates, whatever the time zone of the machine', () => {
    expect(shortDateLabel('2026-01-01')).toBe('1 de jan.')
    expect(shortDateLabel('2026-12-31')).toBe('31 de dez.')
  })

  it('the streak hides when the listener hid it or there is nothing to count', () => {
    expect(visibleStreak(STREAK)).toBe('7 dias seguidos')
    expect(visibleStreak({ ...STREAK, current: 1 })).toBe('1 dia seguido')
    expect(visibleStreak({ ...STREAK, hidden: true })).toBeNull()
    expect(visibleStreak({ ...STREAK, current: 0 })).toBeNull()
    expect(visibleStreak(undefined)).toBeNull()
  })

  it('the next day opens tomorrow; after the last day there is no next', () => {
    expect(nextDayLabel(5, 21, '2026-03-06T03:00:00.000Z')).toBe('O dia 6 abre amanhã')
    expect(nextDayLabel(21, 21, '2026-03-06T03:00:00.000Z')).toBeNull()
  })

  it('minutes heard read as minutes, then hours', () => {
    expect(totalMinutesLabel(0)).toBe('0 min')
    expect(totalMinutesLabel(59)).toBe('59 min')
    expect(totalMinutesLabel(120)).toBe('2 h')
    expect(totalMinutesLabel(128)).toBe('2 h 8 min')
  })
})
