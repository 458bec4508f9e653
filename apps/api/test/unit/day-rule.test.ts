import { describe, expect, it } from 'vitest'
import {
  dayStates,
  isDayDone,
  itemProgress,
  resumeAt,
  settleDays,
  type Completion,
  type DailyCounts,
  type DayPlan,
} from '../../src/modules/practice/day-rule.js'

/** Counts from `{ date: { audio: n } }`. */
function counts(table: Record<string, Record<string, number>>): DailyCounts {
  return new Map(Object.entries(table).map(([date, byAudio]) => [date, new Map(Object.entries(byAudio))]))
}

const A = 'audio-a'
const B = 'audio-b'

describe('the day rule: every audio of the day reached its repetitions on that date', () => {
  const cases: { name: string; items: DayPlan['items']; on: Record<string, number>; done: boolean }[] = [
    { name: 'one audio ×3, counted 3', items: [{ audioId: A, repetitions: 3 }], on: { [A]: 3 }, done: true },
    { name: 'one audio ×3, counted 4 (more is fine)', items: [{ audioId: A, repetitions: 3 }], on: { [A]: 4 }, done: true },
    { name: 'one audio ×3, counted 2', items: [{ audioId: A, repetitions: 3 }], on: { [A]: 2 }, done: false },
    { name: 'nothing counted', items: [{ audioId: A, repetitions: 1 }], on: {}, done: false },
    { name: 'two audios, both reached', items: [{ audioId: A, repetitions: 2 }, { audioId: B, repetitions: 1 }], on: { [A]: 2, [B]: 1 }, done: true },
    { name: 'two audios, the second missing', items: [{ audioId: A, repetitions: 2 }, { audioId: B, repetitions: 1 }], on: { [A]: 5 }, done: false },
    { name: 'an audio twice in the day needs both counts (2 + 3)', items: [{ audioId: A, repetitions: 2 }, { audioId: A, repetitions: 3 }], on: { [A]: 4 }, done: false },
    { name: 'an audio twice in the day, both counts reached', items: [{ audioId: A, repetitions: 2 }, { audioId: A, repetitions: 3 }], on: { [A]: 5 }, done: true },
    { name: 'another audio does not help', items: [{ audioId: A, repetitions: 1 }], on: { [B]: 9 }, done: false },
    { name: 'a day without audios is never done', items: [], on: { [A]: 9 }, done: false },
  ]
  it.each(cases)('$name → $done', ({ items, on, done }) => {
    expect(isDayDone(items, (audioId) => on[audioId] ?? 0)).toBe(done)
  })
})

/** Three days: day 1 A×2, day 2 B×1, day 3 A×1 + B×1. */
const DAYS: DayPlan[] = [
  { day: 1, items: [{ audioId: A, repetitions: 2 }] },
  { day: 2, items: [{ audioId: B, repetitions: 1 }] },
  { day: 3, items: [{ audioId: A, repetitions: 1 }, { audioId: B, repetitions: 1 }] },
]

function settle(over: { isOpen?: boolean; enrolledOn?: string; completed?: Completion[]; counts: DailyCounts; today: string; days?: DayPlan[] }) {
  return settleDays({ isOpen: over.isOpen ?? false, enrolledOn: over.enrolledOn ?? '2026-03-01', days: over.days ?? DAYS, completed: over.completed ?? [], counts: over.counts, today: over.today })
}

describe('settling an enrolment', () => {
  it('completes day 1 on the date it was listened', () => {
    expect(settle({ counts: counts({ '2026-03-01': { [A]: 2 } }), today: '2026-03-01' })).toEqual([{ day: 1, completedOn: '2026-03-01' }])
  })

  it('opens one day per calendar date: enough repetitions for every day on one date complete only day 1', () => {
    expect(settle({ counts: counts({ '2026-03-01': { [A]: 9, [B]: 9 } }), today: '2026-03-01' })).toEqual([{ day: 1, completedOn: '2026-03-01' }])
  })

  it('a day listened offline yesterday and sent today is done yesterday, and the next day is done today', () => {
    const found = settle({ counts: counts({ '2026-03-01': { [A]: 2 }, '2026-03-02': { [B]: 1 } }), today: '2026-03-02' })
    expect(found).toEqual([
      { day: 1, completedOn: '2026-03-01' },
      { day: 2, completedOn: '2026-03-02' },
    ])
  })

  it('never ahead of the calendar: repetitions dated after today do not count', () => {
    expect(settle({ counts: counts({ '2026-03-02': { [A]: 2 } }), today: '2026-03-01' })).toEqual([])
  })

  it('repetitions before the enrolment date do not count', () => {
    expect(settle({ enrolledOn: '2026-03-05', counts: counts({ '2026-03-04': { [A]: 2 } }), today: '2026-03-06' })).toEqual([])
  })

  it('a day not done waits: days later it completes on the date it is finally listened', () => {
    const found = settle({
      completed: [{ day: 1, completedOn: '2026-03-01' }],
      counts: counts({ '2026-03-01': { [A]: 2 }, '2026-03-09': { [B]: 1 } }),
      today: '2026-03-09',
    })
    expect(found).toEqual([{ day: 2, completedOn: '2026-03-09' }])
  })

  it('the earliest qualifying date wins, and each day follows the previous one', () => {
    const found = settle({
      counts: counts({ '2026-03-02': { [A]: 1 }, '2026-03-03': { [A]: 2, [B]: 1 }, '2026-03-04': { [B]: 1 }, '2026-03-05': { [A]: 1, [B]: 1 } }),
      today: '2026-03-05',
    })
    expect(found).toEqual([
      { day: 1, completedOn: '2026-03-03' },
      { day: 2, completedOn: '2026-03-04' },
      { day: 3, completedOn: '2026-03-05' },
    ])
  })

  it('looks back at most 60 days', () => {
    expect(settle({ enrolledOn: '2026-01-01', counts: counts({ '2026-01-02': { [A]: 2 } }), today: '2026-03-05' })).toEqual([])
    expect(settle({ enrolledOn: '2026-01-01', counts: counts({ '2026-01-04': { [A]: 2 } }), today: '2026-03-05' })).toEqual([{ day: 1, completedOn: '2026-01-04' }])
  })

  it('"livre": several days on one date, each repetition counting for one day only', () => {
    const sameAudio: DayPlan[] = [
      { day: 1, items: [{ audioId: A, repetitions: 2 }] },
      { day: 2, items: [{ audioId: A, repetitions: 2 }] },
      { day: 3, items: [{ audioId: A, repetitions: 2 }] },
    ]
    expect(settle({ isOpen: true, days: sameAudio, counts: counts({ '2026-03-01': { [A]: 5 } }), today: '2026-03-01' })).toEqual([
      { day: 1, completedOn: '2026-03-01' },
      { day: 2, completedOn: '2026-03-01' },
    ])
    // Day 1 already done today took its two: three more complete day 2 only.
    expect(
      settle({ isOpen: true, days: sameAudio, completed: [{ day: 1, completedOn: '2026-03-01' }], counts: counts({ '2026-03-01': { [A]: 5 } }), today: '2026-03-01' }),
    ).toEqual([{ day: 2, completedOn: '2026-03-01' }])
  })

  it('"livre": days still follow one another (day 2 is not done before day 1)', () => {
    expect(settle({ isOpen: true, counts: counts({ '2026-03-01': { [B]: 1 }, '2026-03-02': { [A]: 2 } }), today: '2026-03-02' })).toEqual([
      { day: 1, completedOn: '2026-03-02' },
    ])
  })

  it('nothing more once every day is done', () => {
    const completed = [
      { day: 1, completedOn: '2026-03-01' },
      { day: 2, completedOn: '2026-03-02' },
      { day: 3, completedOn: '2026-03-03' },
    ]
    expect(settle({ completed, counts: counts({ '2026-03-04': { [A]: 9, [B]: 9 } }), today: '2026-03-04' })).toEqual([])
  })
})

describe('day states', () => {
  const done = (...dates: string[]) => dates.map((completedOn, i) => ({ day: i + 1, completedOn }))
  const cases = [
    { name: 'just enrolled', isOpen: false, completed: done(), today: '2026-03-01', current: 1, states: ['today', 'locked', 'locked'], opens: '2026-03-01' },
    { name: 'day 1 done today: day 2 opens tomorrow', isOpen: false, completed: done('2026-03-01'), today: '2026-03-01', current: 2, states: ['done', 'locked', 'locked'], opens: '2026-03-02' },
    { name: 'day 1 done yesterday: day 2 is today', isOpen: false, completed: done('2026-03-01'), today: '2026-03-02', current: 2, states: ['done', 'today', 'locked'], opens: '2026-03-02' },
    { name: 'a week away: day 2 still waits as today', isOpen: false, completed: done('2026-03-01'), today: '2026-03-08', current: 2, states: ['done', 'today', 'locked'], opens: '2026-03-02' },
    { name: '"livre": later days open', isOpen: true, completed: done('2026-03-01'), today: '2026-03-01', current: 2, states: ['done', 'today', 'open'], opens: '2026-03-01' },
    { name: 'every day done', isOpen: false, completed: done('2026-03-01', '2026-03-02', '2026-03-03'), today: '2026-03-04', current: 4, states: ['done', 'done', 'done'], opens: null },
    { name: 'enrolled "tomorrow" (the zone moved west): day 1 waits', isOpen: false, completed: done(), today: '2026-02-28', current: 1, states: ['locked', 'locked', 'locked'], opens: '2026-03-01' },
  ]
  it.each(cases)('$name', ({ isOpen, completed, today, current, states, opens }) => {
    expect(dayStates(isOpen, '2026-03-01', 3, completed, today)).toEqual({ currentDay: current, states, currentOpensOn: opens })
  })
})

describe('the session of a day: repetitions counted per item and where to resume', () => {
  const day: DayPlan = { day: 1, items: [{ audioId: A, repetitions: 2 }, { audioId: B, repetitions: 3 }, { audioId: A, repetitions: 1 }] }

  it('fills an audio’s items in order and resumes at the first unfinished one', () => {
    const progress = itemProgress(day, counts({ '2026-03-01': { [A]: 2, [B]: 1 } }), '2026-03-01', [day], [])
    expect(progress).toEqual([2, 1, 0])
    expect(resumeAt(day, progress)).toEqual({ itemIndex: 1, repetition: 2 })
  })

  it('nothing counted today: nothing to resume', () => {
    const progress = itemProgress(day, counts({ '2026-02-28': { [A]: 3, [B]: 3 } }), '2026-03-01', [day], [])
    expect(progress).toEqual([0, 0, 0])
    expect(resumeAt(day, progress)).toBeNull()
  })

  it('"livre": repetitions spent by a day done today are not counted again', () => {
    const first: DayPlan = { day: 1, items: [{ audioId: A, repetitions: 2 }] }
    const second: DayPlan = { day: 2, items: [{ audioId: A, repetitions: 3 }] }
    const progress = itemProgress(second, counts({ '2026-03-01': { [A]: 3 } }), '2026-03-01', [first, second], [{ day: 1, completedOn: '2026-03-01' }])
    expect(progress).toEqual([1])
    expect(resumeAt(second, progress)).toEqual({ itemIndex: 0, repetition: 2 })
  })
})
