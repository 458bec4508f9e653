import { describe, expect, it } from 'vitest'
import { formatBytes, formatPercent } from './format'

describe('formatBytes / formatPercent (pt-BR)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1,5 KB'],
    [25 * 1024 * 1024, '25 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [1.25 * 1024 ** 3, '1,3 GB'],
    [Number.NaN, '0 B'],
  ])('%s bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it('percentages keep one decimal below 10 %', () => {
    expect(formatPercent(0.4)).toBe('0,4%')
    expect(formatPercent(0.03)).toBe('< 0,1%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(37.4)).toBe('37%')
    expect(formatPercent(-3)).toBe('0%')
  })
})
