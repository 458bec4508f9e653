import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { REALTIME_CHANNEL_ADMIN_SYNC, type DomainEventName, type RealtimePresenceEntry } from '@sintonia/contract'
import type { RealtimeClient, RealtimeSnapshot } from '../lib/realtime-client'
import { getRealtimeClient } from '../lib/shared-client'

/** Connection state of the shared client (disconnected / connecting / connected). */
export function useRealtimeStatus(client: RealtimeClient = getRealtimeClient()): RealtimeSnapshot {
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot)
}

/**
 * Calls `handler` for each `name` event, for work no query key covers (e.g. reloading the
 * background music). Not called on `resync`: a missed event there is not worth interrupting
 * what is playing.
 */
export function useRealtimeEvent(name: DomainEventName, handler: () => void, client: RealtimeClient = getRealtimeClient()): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(
    () =>
      client.onMessage((message) => {
        if (message.type === 'event' && message.name === name) latest.current()
      }),
    [client, name],
  )
}

export interface AdminPresence {
  admins: RealtimePresenceEntry[]
  /** The viewer's own id as the server knows it (null until the first presence message). */
  selfId: string | null
}

/** Joins `admin-sync` while mounted and follows who is in the admin area. */
export function useAdminPresence(client: RealtimeClient = getRealtimeClient()): AdminPresence {
  const [presence, setPresence] = useState<AdminPresence>({ admins: [], selfId: null })
  useEffect(() => {
    const off = client.onMessage((message) => {
      if (message.type === 'presence') setPresence({ admins: message.admins, selfId: message.self })
    })
    const leave = client.join(REALTIME_CHANNEL_ADMIN_SYNC)
    return () => {
      off()
      leave()
    }
  }, [client])
  return presence
}
