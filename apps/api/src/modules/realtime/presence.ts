import type { RealtimePresenceEntry } from '@sintonia/contract'

/** One instance announces at most this many admins (a NOTIFY payload is capped at 8000 bytes). */
export const PRESENCE_MAX_ANNOUNCED = 40
/** Display names are cut to this length in presence. */
export const PRESENCE_NAME_MAX = 80

/**
 * Who is in the admin area, across instances (docs/realtime.md, "Presence"). Local sockets are
 * exact; other instances' lists come from their announcements and expire `ttlMs` after the last
 * one, so an instance that dies without saying goodbye disappears by itself.
 */
export class PresenceRegistry {
  private readonly local = new Map<object, RealtimePresenceEntry>()
  private readonly remote = new Map<string, { admins: RealtimePresenceEntry[]; expiresAt: number }>()

  constructor(private readonly ttlMs: number) {}

  addLocal(key: object, entry: RealtimePresenceEntry): void {
    this.local.set(key, { ...entry, displayName: entry.displayName.slice(0, PRESENCE_NAME_MAX) })
  }

  /** Returns whether the key was present. */
  removeLocal(key: object): boolean {
    return this.local.delete(key)
  }

  hasLocal(key: object): boolean {
    return this.local.has(key)
  }

  /** This instance's admins, one entry per person (several tabs count once, from the earliest). */
  localAdmins(): RealtimePresenceEntry[] {
    return mergeEntries([...this.local.values()]).slice(0, PRESENCE_MAX_ANNOUNCED)
  }

  applyRemote(instance: string, admins: RealtimePresenceEntry[], now: number): void {
    if (admins.length === 0) this.remote.delete(instance)
    else this.remote.set(instance, { admins: admins.slice(0, PRESENCE_MAX_ANNOUNCED), expiresAt: now + this.ttlMs })
  }

  /** Drops instances silent for longer than the TTL; returns whether any was dropped. */
  expire(now: number): boolean {
    let dropped = false
    for (const [instance, entry] of this.remote) {
      if (entry.expiresAt <= now) {
        this.remote.delete(instance)
        dropped = true
      }
    }
    return dropped
  }

  /** Everyone, deduplicated by account, ordered by arrival. */
  list(): RealtimePresenceEntry[] {
    const all = [...this.local.values()]
    for (const { admins } of this.remote.values()) all.push(...admins)
    return mergeEntries(all)
  }
}

function mergeEntries(entries: RealtimePresenceEntry[]): RealtimePresenceEntry[] {
  const byId = new Map<string, RealtimePresenceEntry>()
  for (const entry of entries) {
    const known = byId.get(entry.id)
    if (!known || entry.since < known.since) byId.set(entry.id, entry)
  }
  return [...byId.values()].sort((a, b) => (a.since === b.since ? a.displayName.localeCompare(b.displayName, 'pt-BR') : a.since < b.since ? -1 : 1))
}
