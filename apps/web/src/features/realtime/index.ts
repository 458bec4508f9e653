/**
 * Public API of the realtime feature (docs/realtime.md): the page's one WebSocket connection,
 * hooks over it, and the admin indicators. The app starts the connection lazily (app/realtime).
 */
export { RealtimeClient, defaultRealtimeUrl, parseServerMessage, type RealtimeClientOptions, type RealtimeMessage, type RealtimeSnapshot, type RealtimeState } from './lib/realtime-client'
export { getRealtimeClient } from './lib/shared-client'
export { useAdminPresence, useRealtimeEvent, useRealtimeStatus, type AdminPresence } from './hooks/use-realtime'
export { AdminRealtimeStatus, RealtimeStatus, type RealtimeStatusProps } from './components/realtime-status'
export { AdminPresenceList, type AdminPresenceListProps } from './components/admin-presence-list'
