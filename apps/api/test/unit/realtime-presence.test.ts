import { describe, expect, it } from 'vitest'
import { PRESENCE_MAX_ANNOUNCED, PresenceRegistry } from '../../src/modules/realtime/presence.js'
import { decodeBusPayload } from '../../src/plugins/realtime-bus.js'

const entry = (id: string, since: string, displayName = id) => ({ id, displayName, since })

describe('PresenceRegistry', () => {
  it('merges local sockets and other instances, one entry per admin from the earliest arrival', () => {
    const registry = new PresenceRegistry(30_000)
    const tab1 = {}
    const tab2 = {}
    registry.addLocal(tab1, entry('ana', '2026-01-01T10:00:05Z'))
    registry.addLocal(tab2, entry('ana', '2026-01-01T10:00:01Z'))
    registry.applyRemote('instancia-b', [entry('bruno', '2026-01-01T10:00:03Z'), entry('ana', '2026-01-01T10:00:09Z')], 0)
    expect(registry.list()).toEqual([entry('ana', '2026-01-01T10:00:01Z'), entry('bruno', '2026-01-01T10:00:03Z')])
    expect(registry.localAdmins()).toEqual([entry('ana', '2026-01-01T10:00:01Z')])
    expect(registry.removeLocal(tab2)).toBe(true)
    expect(registry.removeLocal(tab2)).toBe(false)
    expect(registry.list()).toEqual([entry('bruno', '2026-01-01T10:00:03Z'), entry('ana', '2026-01-01T10:00:05Z')])
  })

  it('forgets an instance that stopped announcing after the TTL, and at once when it says goodbye', () => {
    const registry = new PresenceRegistry(30_000)
    registry.applyRemote('morta', [entry('carla', '2026-01-01T10:00:00Z')], 1_000)
    registry.applyRemote('viva', [entry('davi', '2026-01-01T10:00:00Z')], 1_000)
    expect(registry.expire(30_999)).toBe(false)
    registry.applyRemote('viva', [entry('davi', '2026-01-01T10:00:00Z')], 20_000)
    expect(registry.expire(31_000)).toBe(true)
    expect(registry.list().map((e) => e.id)).toEqual(['davi'])
    registry.applyRemote('viva', [], 32_000)
    expect(registry.list()).toEqual([])
  })

  it('cuts long names and caps what one instance announces (NOTIFY payloads are limited)', () => {
    const registry = new PresenceRegistry(30_000)
    for (let i = 0; i < PRESENCE_MAX_ANNOUNCED + 5; i++) registry.addLocal({}, entry(`admin-${i}`, `2026-01-01T10:00:${String(i).padStart(2, '0')}Z`, 'n'.repeat(300)))
    const announced = registry.localAdmins()
    expect(announced).toHaveLength(PRESENCE_MAX_ANNOUNCED)
    expect(announced[0]!.displayName).toHaveLength(80)
    expect(Buffer.byteLength(JSON.stringify({ kind: 'presence', instance: crypto.randomUUID(), admins: announced }))).toBeLessThan(8000)
  })
})

describe('decodeBusPayload', () => {
  it('reads domain events and presence announcements, drops anything else', () => {
    expect(decodeBusPayload(JSON.stringify({ name: 'fields_changed', at: '2026-01-01T00:00:00Z' }))).toEqual({ kind: 'event', name: 'fields_changed' })
    expect(decodeBusPayload(JSON.stringify({ kind: 'presence', instance: 'x', admins: [entry('a', 's'), { id: 1 }], sync: true }))).toEqual({
      kind: 'presence',
      instance: 'x',
      admins: [entry('a', 's')],
      sync: true,
    })
    for (const bad of ['não é json', 'null', '{"name":"drop_tables"}', '{"kind":"presence","admins":"x"}', '42']) expect(decodeBusPayload(bad)).toBeNull()
  })
})
