import { describe, expect, it } from 'vitest'
import { dayLengthLabel } from './programs.js'

describe('dayLengthLabel', () => {
  it('is exact for a short day and whole minutes from 10 minutes up', () => {
    expect(dayLengthLabel(80)).toBe('1 min 20 s')
    expect(dayLengthLabel(25)).toBe('25 s')
    expect(dayLengthLabel(0)).toBe('0 min')
    expect(dayLengthLabel(120)).toBe('2 min')
    expect(dayLengthLabel(13 * 60 + 29)).toBe('13 min')
  })
})
