import { describe, expect, it } from 'vitest'
import { formatLoudness } from './admin.js'

describe('formatLoudness', () => {
  it('prints the loudness before and after in pt-BR, with a real minus sign and one decimal', () => {
    expect(formatLoudness({ beforeLufs: -23.44, beforePeak: -4, afterLufs: -16, afterPeak: -1 })).toBe('Volume: −23,4 LUFS → −16,0 LUFS (pico −1,0 dBTP)')
    expect(formatLoudness({ beforeLufs: -9.96, beforePeak: 0.4, afterLufs: -16.4, afterPeak: 0.2 })).toBe('Volume: −10,0 LUFS → −16,4 LUFS (pico 0,2 dBTP)')
  })

  it('says when a file has not been normalised yet', () => {
    expect(formatLoudness(null)).toBe('Volume: ainda não normalizado')
  })
})
