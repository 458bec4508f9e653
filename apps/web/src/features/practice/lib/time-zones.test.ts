import { describe, expect, it } from 'vitest'
import { BRAZILIAN_TIME_ZONES, timeZoneOptions } from './time-zones'

describe('timeZoneOptions', () => {
  it("offers Brazil's zones and marks the detected one", () => {
    const options = timeZoneOptions('America/Sao_Paulo', 'America/Manaus')
    expect(options).toHaveLength(BRAZILIAN_TIME_ZONES.length)
    expect(options.find((o) => o.value === 'America/Manaus')?.label).toContain('detectado neste aparelho')
    expect(options.filter((o) => o.label.includes('detectado'))).toHaveLength(1)
  })

  it('a detected or saved zone outside Brazil comes first, so the select always shows what is saved', () => {
    const options = timeZoneOptions('Asia/Tokyo', 'Europe/Lisbon')
    expect(options.slice(0, 2).map((o) => o.value)).toEqual(['Europe/Lisbon', 'Asia/Tokyo'])
    expect(options[0]?.label).toBe('Lisbon (Europe/Lisbon) — detectado neste aparelho')
    // The same zone is not listed twice.
    expect(timeZoneOptions('Europe/Lisbon', 'Europe/Lisbon').filter((o) => o.value === 'Europe/Lisbon')).toHaveLength(1)
  })
})
