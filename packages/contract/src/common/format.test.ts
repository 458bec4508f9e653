import { describe, expect, it } from 'vitest'
import { audioCountLabel, countLabel, formatBytes, formatMoney } from './format.js'

const LOCALES = { BRL: 'pt-BR', USD: 'en-US', EUR: 'de-DE' } as const
const intl = (minorUnits: number, code: keyof typeof LOCALES) =>
  new Intl.NumberFormat(LOCALES[code], { style: 'currency', currency: code }).format(minorUnits / 100)

// Intl separates the currency from the number with a no-break space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('formatMoney (each currency in its own locale)', () => {
  it('formats each currency in its own locale, from minor units', () => {
    expect(plain(formatMoney(4_790))).toBe('R$ 47,90')
    expect(plain(formatMoney(4_790, 'usd'))).toBe('$47.90')
    expect(plain(formatMoney(4_790, 'EUR'))).toBe('47,90 €')
  })

  it('shows an unknown currency as BRL, the default', () => {
    expect(plain(formatMoney(123_456, 'JPY'))).toBe('R$ 1.234,56')
  })

  it('writes exactly what Intl.NumberFormat writes, for every size of amount and sign', () => {
    const amounts = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1_000, 4_790, 35_880, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 987_654_321_012, -1, -4_790, -123_456_789]
    for (const code of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      for (const amount of amounts) expect(formatMoney(amount, code), `${amount} ${code}`).toBe(intl(amount, code))
    }
  })

  it('leaves fractions of a cent and non-finite values to Intl', () => {
    for (const amount of [4_790.5, 0.4, -1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(amount, 'BRL')).toBe(intl(amount, 'BRL'))
    }
  })
})

describe('countLabel (pt-BR plurals, never "(s)")', () => {
  it('writes the singular for one and the plural otherwise', () => {
    expect(countLabel(1, 'resultado', 'resultados')).toBe('1 resultado')
    expect(countLabel(3, 'resultado', 'resultados')).toBe('3 resultados')
    expect(countLabel(0, 'resultado', 'resultados')).toBe('0 resultados')
    expect(audioCountLabel(1)).toBe('1 áudio')
    expect(audioCountLabel(2)).toBe('2 áudios')
  })
})

describe('formatBytes (pt-BR, powers of 1024)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1,5 KB'],
    [512 * 1024, '512 KB'],
    [9.1 * 1024 * 1024, '9,1 MB'],
    [25 * 1024 * 1024, '25 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [1.25 * 1024 ** 3, '1,3 GB'],
    [Number.NaN, '0 B'],
    [-5, '0 B'],
  ])('%s bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})
