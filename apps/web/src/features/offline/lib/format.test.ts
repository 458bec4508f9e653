import { describe, expect, it } from 'vitest'
import { formatPercent } from './format'

describe('formatPercent (pt-BR)', () => {
  it('percentages keep one decimal below 10 %', () => {
    expect(formatPercent(0.4)).toBe('0,4%')
    expect(formatPercent(0.03)).toBe('< 0,1%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(37.4)).toBe('37%')
    expect(formatPercent(-3)).toBe('0%')
  })
})
