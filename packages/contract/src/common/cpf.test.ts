import { describe, expect, it } from 'vitest'
import { formatCpf, normalizeCpf } from './cpf.js'

describe('CPF', () => {
  it('accepts a CPF by its check digits, typed with or without punctuation', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725')
    expect(normalizeCpf('52998224725')).toBe('52998224725')
    expect(normalizeCpf(' 111.444.777-35 ')).toBe('11144477735')
    expect(formatCpf('52998224725')).toBe('529.982.247-25')
  })

  it('refuses wrong check digits, repeated digits, letters and other lengths', () => {
    for (const value of ['529.982.247-24', '52998224735', '111.111.111-11', '00000000000', '5299822472', '529982247250', 'abc.def.ghi-jk', '']) {
      expect(normalizeCpf(value), value).toBeNull()
    }
  })
})
