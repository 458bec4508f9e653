import { describe, expect, it } from 'vitest'
import { ANALYTICS_EVENT_LABELS, ANALYTICS_EVENT_TYPES, analyticsEventLabel } from './analytics-rules.js'

describe('analytics event labels', () => {
  it('names every event the product sends, each differently, never as its code', () => {
    const labels = ANALYTICS_EVENT_TYPES.map((type) => analyticsEventLabel(type))
    expect(new Set(labels).size).toBe(ANALYTICS_EVENT_TYPES.length)
    for (const [index, type] of ANALYTICS_EVENT_TYPES.entries()) {
      expect(labels[index]).toBe(ANALYTICS_EVENT_LABELS[type])
      expect(labels[index]).not.toMatch(/_/)
    }
    expect(analyticsEventLabel('conversion_completed')).toBe('Inscrição concluída')
  })

  it('shows the code of an event the product does not send', () => {
    expect(analyticsEventLabel('evento_de_teste')).toBe('evento_de_teste')
    expect(analyticsEventLabel('toString')).toBe('toString')
  })
})
