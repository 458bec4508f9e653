import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DiagnosticsLog } from './diagnostics-log'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('DiagnosticsLog', () => {
  it('keeps only the latest 100 entries, oldest first', () => {
    const log = new DiagnosticsLog()
    for (let i = 1; i <= 250; i++) log.add('info', `evento ${i}`)
    const entries = log.entries()
    expect(entries).toHaveLength(100)
    expect(entries[0]?.message).toBe('evento 151')
    expect(entries.at(-1)?.message).toBe('evento 250')
  })

  it('stamps entries and keeps details', () => {
    const log = new DiagnosticsLog(3)
    const entry = log.add('error', 'falhou', 'Erro HTTP 404')
    expect(entry).toEqual({ at: Date.parse('2025-01-01T12:00:00Z'), level: 'error', message: 'falhou', detail: 'Erro HTTP 404' })
    expect(log.add('info', 'ok')).not.toHaveProperty('detail')
    log.clear()
    expect(log.size).toBe(0)
  })
})
