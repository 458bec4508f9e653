import { describe, expect, it } from 'vitest'
import { allHeard, readAutoStart, sessionOutcome, sessionPlan, withRepetition } from './session'
import { detail, item, program } from '../testing/fixtures'

const day = { items: [item('Respirar', 2, 2), item('Soltar', 3, 1), item('Agradecer', 1)] }

describe('sessionPlan: where today’s session starts', () => {
  it('without resume it starts at the first audio, each with the day’s count and nothing heard', () => {
    const plan = sessionPlan({ items: [item('Respirar', 2), item('Soltar', 3)] }, null)
    expect(plan.startIndex).toBe(0)
    expect(plan.steps.map((s) => [s.audio.title, s.repetitions, s.startAt])).toEqual([
      ['Respirar', 2, 0],
      ['Soltar', 3, 0],
    ])
    expect(plan.heard).toEqual([0, 0])
  })

  it('resume {itemIndex 1, repetition 2}: the second audio starts with 1 heard, the first counts as done', () => {
    const plan = sessionPlan(day, { itemIndex: 1, repetition: 2 })
    expect(plan.startIndex).toBe(1)
    expect(plan.steps.map((s) => s.startAt)).toEqual([0, 1, 0])
    expect(plan.heard).toEqual([2, 1, 0])
  })

  it('a resume past the audio’s count keeps one repetition to play; one outside the day is ignored', () => {
    expect(sessionPlan(day, { itemIndex: 1, repetition: 9 }).steps[1]?.startAt).toBe(2)
    const outside = sessionPlan(day, { itemIndex: 5, repetition: 1 })
    expect(outside.startIndex).toBe(0)
    expect(outside.steps.every((s) => s.startAt === 0)).toBe(true)
  })

  it('counts only grow with each repetition, and the day is heard when every audio reached its count', () => {
    const plan = sessionPlan(day, { itemIndex: 1, repetition: 2 })
    let heard = withRepetition(plan.heard, 1, 2)
    expect(heard).toEqual([2, 2, 0])
    // Playing an audio again from the start does not take back what was counted.
    expect(withRepetition(heard, 0, 1)).toEqual([2, 2, 0])
    expect(allHeard(plan, heard)).toBe(false)
    heard = withRepetition(withRepetition(heard, 1, 3), 2, 1)
    expect(allHeard(plan, heard)).toBe(true)
  })
})

describe('sessionOutcome: when to celebrate', () => {
  it('waits until the server has the day done, then celebrates the day, or the programme when it was the last', () => {
    expect(sessionOutcome(undefined, 5)).toBe('pending')
    expect(sessionOutcome(detail(5, 'today'), 5)).toBe('pending')
    expect(sessionOutcome(detail(5, 'done'), 5)).toBe('day')
    // Another day done does not count for this one.
    expect(sessionOutcome(detail(6, 'today'), 6)).toBe('pending')
    const finished = detail(21, 'done', { program: program({ enrolment: { status: 'completed', featured: true, currentDay: 22, completedDays: 21, currentDayOpen: false, enrolledAt: '' } }) })
    expect(sessionOutcome(finished, 21)).toBe('program')
  })

  it('reads the autostart flag only when it is exactly true', () => {
    expect(readAutoStart({ autoStart: true })).toBe(true)
    expect(readAutoStart({ autoStart: 'yes' })).toBe(false)
    expect(readAutoStart(null)).toBe(false)
  })
})
