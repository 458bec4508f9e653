import { describe, expect, it } from 'vitest'
import { nightTimerApplies, parseNightTimer, parseSleepTimerValue, sleepTimerLabel, sleepTimerValue } from './sleep-timer.js'

const at = (hour: number, minute = 0) => new Date(2026, 10, 29, hour, minute)

describe('sleep timer', () => {
  it('goes to a form value and back; anything not offered is the session’s own end', () => {
    for (const timer of [{ kind: 'minutes', minutes: 30 }, { kind: 'repetitions', count: 2 }] as const) expect(parseSleepTimerValue(sleepTimerValue(timer))).toEqual(timer)
    expect(sleepTimerValue(null)).toBe('fim')
    for (const value of ['fim', 'min:20', 'rep:4', 'rep:0', 'min:', 'x:1', '']) expect(parseSleepTimerValue(value)).toBeNull()
  })

  it('names each choice in pt-BR, singular and plural', () => {
    expect(sleepTimerLabel(null)).toBe('Ao fim da sessão')
    expect(sleepTimerLabel({ kind: 'minutes', minutes: 45 })).toBe('45 min')
    expect(sleepTimerLabel({ kind: 'repetitions', count: 1 })).toBe('Ao fim de 1 repetição')
    expect(sleepTimerLabel({ kind: 'repetitions', count: 3 })).toBe('Ao fim de 3 repetições')
  })

  it('keeps only a valid night timer', () => {
    expect(parseNightTimer({ from: '22:30', minutes: 45 })).toEqual({ from: '22:30', minutes: 45 })
    expect(parseNightTimer({ from: '22:30', minutes: '15' })).toEqual({ from: '22:30', minutes: 15 })
    for (const bad of [null, 'x', { from: '24:00', minutes: 30 }, { from: '7:00', minutes: 30 }, { from: '22:00', minutes: 20 }, { from: '22:00' }]) expect(parseNightTimer(bad)).toBeNull()
  })

  it('applies from the chosen hour through the night until 5 h, on the device’s clock', () => {
    const night = { from: '22:00', minutes: 30 }
    expect(nightTimerApplies(night, at(21, 59))).toBe(false)
    expect(nightTimerApplies(night, at(22, 0))).toBe(true)
    expect(nightTimerApplies(night, at(23, 59))).toBe(true)
    expect(nightTimerApplies(night, at(0, 30))).toBe(true)
    expect(nightTimerApplies(night, at(4, 59))).toBe(true)
    expect(nightTimerApplies(night, at(5, 0))).toBe(false)
    expect(nightTimerApplies(night, at(14, 0))).toBe(false)
    expect(nightTimerApplies(null, at(23, 0))).toBe(false)
    // A "from" after midnight: from then until 5 h only.
    expect(nightTimerApplies({ from: '01:00', minutes: 15 }, at(0, 30))).toBe(false)
    expect(nightTimerApplies({ from: '01:00', minutes: 15 }, at(2, 0))).toBe(true)
    expect(nightTimerApplies({ from: '01:00', minutes: 15 }, at(23, 0))).toBe(false)
  })
})
