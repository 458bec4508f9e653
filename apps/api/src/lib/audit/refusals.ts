import type { Database } from '../../db/client.js'
import { loggableError } from '../pg-errors.js'
import { addRepeatsToAuditEntry, insertAuditEntry } from './repository.js'

/**
 * Refused requests (access guard, Origin check, media route) are audited without letting an
 * attacker fill the database: identical refusals are folded into one row per minute. The first
 * refusal of a key writes its row at once (the refusal is on record when it is answered); the
 * repeats within the minute are only counted in memory and added to that row as
 * `details.repeats` (and `lastAt`) when the minute is over. The key is the client address, the
 * action, the reason, the account and the matched route (every unknown path counts as one route),
 * so a random path per request still makes one row. Per process: several instances each write
 * their own row per key and minute.
 */
export interface Refusal {
  action: 'access_denied' | 'origin_denied'
  /** Why: the guard's reason ('anonymous', 'role'…), 'origin' for the Origin check. */
  reason: string
  actorUserId: string | null
  ip: string | null
  method: string
  /** The matched route's pattern; null for a path no route serves. */
  route: string | null
  /** The request path, without its query string (the target of an unknown path, cut to 200 characters). */
  path: string
  details?: Record<string, unknown>
}

export interface RefusalAuditOptions {
  windowMs?: number
  /** Rows one address may open per window; past it, its refusals go to one overflow row per action. */
  maxRowsPerAddress?: number
  /** Open windows kept in memory; past it, new keys go to one overflow row per action for everyone. */
  maxWindows?: number
  now?: () => number
}

interface WarnLogger {
  warn(obj: object, msg: string): void
}

interface Window {
  startedAt: number
  lastAt: number
  repeats: number
  row: Promise<number | null>
}

export const REFUSAL_WINDOW_MS = 60_000

export class RefusalAuditor {
  private readonly windows = new Map<string, Window>()
  private readonly rowsByAddress = new Map<string, { startedAt: number; rows: number }>()
  private readonly pending = new Set<Promise<void>>()
  private readonly windowMs: number
  private readonly maxRowsPerAddress: number
  private readonly maxWindows: number
  private readonly now: () => number

  constructor(
    private readonly db: Database,
    private readonly log: WarnLogger,
    options: RefusalAuditOptions = {},
  ) {
    this.windowMs = options.windowMs ?? REFUSAL_WINDOW_MS
    this.maxRowsPerAddress = options.maxRowsPerAddress ?? 60
    this.maxWindows = options.maxWindows ?? 10_000
    this.now = options.now ?? Date.now
  }

  /** Audits one refusal; never throws (a failed write is logged). */
  async record(refusal: Refusal): Promise<void> {
    const now = this.now()
    const address = refusal.ip ?? 'sem-ip'
    const key = [address, refusal.action, refusal.reason, refusal.actorUserId ?? '', refusal.method, refusal.route ?? '*'].join('\n')
    if (this.countRepeat(key, now)) return
    const target = `${refusal.method} ${refusal.route ?? refusal.path}`
    const details = { ...refusal.details, reason: refusal.reason }
    if (this.windows.size >= this.maxWindows) {
      const everyone = `*\n${refusal.action}`
      if (this.countRepeat(everyone, now)) return
      return this.open(everyone, now, { ...refusal, ip: null, actorUserId: null }, `${refusal.method} (várias rotas)`, {
        reason: refusal.reason,
        aggregated: 'all_addresses',
      })
    }
    if (!this.takeAddressRow(address, now)) {
      const overflow = `${address}\n${refusal.action}\n*`
      if (this.countRepeat(overflow, now)) return
      return this.open(overflow, now, { ...refusal, actorUserId: null }, `${refusal.method} (várias rotas)`, {
        reason: refusal.reason,
        aggregated: 'address',
      })
    }
    return this.open(key, now, refusal, target, details)
  }

  /** Ends the windows whose minute is over (adds their counts to their rows). */
  sweep(): void {
    const now = this.now()
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.close(key, window)
    for (const [address, usage] of this.rowsByAddress) if (now - usage.startedAt >= this.windowMs) this.rowsByAddress.delete(address)
  }

  /** Ends every window now and waits for the counts to be written (closing, tests). */
  async flush(): Promise<void> {
    for (const [key, window] of this.windows) this.close(key, window)
    this.rowsByAddress.clear()
    await Promise.all([...this.pending])
  }

  private countRepeat(key: string, now: number): boolean {
    const window = this.windows.get(key)
    if (!window) return false
    if (now - window.startedAt < this.windowMs) {
      window.repeats++
      window.lastAt = now
      return true
    }
    this.close(key, window)
    return false
  }

  private takeAddressRow(address: string, now: number): boolean {
    let usage = this.rowsByAddress.get(address)
    if (!usage || now - usage.startedAt >= this.windowMs) {
      usage = { startedAt: now, rows: 0 }
      this.rowsByAddress.set(address, usage)
    }
    if (usage.rows >= this.maxRowsPerAddress) return false
    usage.rows++
    return true
  }

  private async open(key: string, now: number, refusal: Refusal, target: string, details: Record<string, unknown>): Promise<void> {
    const row = insertAuditEntry(this.db, {
      actorUserId: refusal.actorUserId,
      action: refusal.action,
      target,
      outcome: 'denied',
      ip: refusal.ip,
      details,
    }).catch((error: unknown) => {
      this.log.warn({ err: loggableError(error), action: refusal.action, target: target.slice(0, 200) }, 'falha ao gravar auditoria')
      return null
    })
    // Set before the insert is awaited, so concurrent repeats are counted, not written.
    this.windows.set(key, { startedAt: now, lastAt: now, repeats: 0, row })
    await row
  }

  private close(key: string, window: Window): void {
    this.windows.delete(key)
    if (window.repeats === 0) return
    const write = window.row
      .then((id) => (id === null ? undefined : addRepeatsToAuditEntry(this.db, id, window.repeats, new Date(window.lastAt))))
      .catch((error: unknown) => this.log.warn({ err: loggableError(error) }, 'falha ao somar recusas repetidas na auditoria'))
      .finally(() => this.pending.delete(write))
    this.pending.add(write)
  }
}
