import { AUDIO_DIAGNOSTICS_LOG_MAX } from '@sintonia/contract'

export type DiagnosticsLevel = 'info' | 'warning' | 'error'

export interface DiagnosticsEntry {
  /** Epoch milliseconds. */
  at: number
  level: DiagnosticsLevel
  message: string
  detail?: string
}

/** A ring of the latest entries (the diagnostics log keeps the latest 100). */
export class DiagnosticsLog {
  private items: DiagnosticsEntry[] = []

  constructor(private readonly max: number = AUDIO_DIAGNOSTICS_LOG_MAX) {}

  add(level: DiagnosticsLevel, message: string, detail?: string): DiagnosticsEntry {
    const entry: DiagnosticsEntry = detail === undefined ? { at: Date.now(), level, message } : { at: Date.now(), level, message, detail }
    this.items.push(entry)
    if (this.items.length > this.max) this.items = this.items.slice(this.items.length - this.max)
    return entry
  }

  /** Oldest first. */
  entries(): readonly DiagnosticsEntry[] {
    return [...this.items]
  }

  get size(): number {
    return this.items.length
  }

  clear(): void {
    this.items = []
  }
}
