/**
 * Domain events (docs/product/realtime-and-offline.md#realtime-events): published by API services
 * after a committed change, fanned out to every API instance through Postgres NOTIFY and from
 * there to WebSocket clients.
 */
export const DOMAIN_EVENTS = [
  'fields_changed',
  'audios_changed',
  'content_changed',
  'videos_changed',
  'plans_changed',
  'music_changed',
  'programs_changed',
] as const
export type DomainEventName = (typeof DOMAIN_EVENTS)[number]

export function isDomainEventName(value: unknown): value is DomainEventName {
  return typeof value === 'string' && (DOMAIN_EVENTS as readonly string[]).includes(value)
}

/**
 * The /api/realtime WebSocket protocol (docs/realtime.md). Every frame is one small JSON text
 * message; a client frame larger than REALTIME_MAX_MESSAGE_BYTES closes the socket (1009).
 */
export const REALTIME_CHANNEL_ADMIN_SYNC = 'admin-sync'
export type RealtimeChannel = typeof REALTIME_CHANNEL_ADMIN_SYNC

/** Largest client frame the server reads. Clients only send join/leave/ping, all far below. */
export const REALTIME_MAX_MESSAGE_BYTES = 1024
/** The browser sends {type:'ping'} this often; without an answer in REALTIME_PONG_TIMEOUT_MS it reconnects. */
export const REALTIME_PING_INTERVAL_MS = 25_000
export const REALTIME_PONG_TIMEOUT_MS = 10_000

/**
 * Close codes the server uses besides the standard ones (1001 server going away, 1003 binary
 * frame, 1009 frame too large). The reason strings are short ASCII slugs.
 */
export const REALTIME_CLOSE = {
  /** The text frame was not a JSON object with a string `type`. */
  badMessage: { code: 4400, reason: 'mensagem_invalida' },
  /** The sign-in behind the socket was revoked, signed out or expired. */
  signInEnded: { code: 4401, reason: 'sessao_encerrada' },
  /** The account behind the socket was suspended (banned). The client does not reconnect. */
  accountSuspended: { code: 4403, reason: 'conta_suspensa' },
} as const

/** An admin present in the admin area (any API instance). `since` is an ISO timestamp. */
export interface RealtimePresenceEntry {
  id: string
  displayName: string
  since: string
}

export type RealtimeClientMessage =
  | { type: 'join'; channel: RealtimeChannel }
  | { type: 'leave'; channel: RealtimeChannel }
  | { type: 'ping' }

export type RealtimeServerMessage =
  /** A domain event: the client refetches what depends on it. */
  | { type: 'event'; name: DomainEventName }
  /** The server may have missed events (its LISTEN connection dropped): refetch everything. */
  | { type: 'resync' }
  /** The admins in the admin area, sent on join and whenever the list changes; `self` is the receiver's id. */
  | { type: 'presence'; admins: RealtimePresenceEntry[]; self: string }
  /** Answer to join/leave. */
  | { type: 'joined' | 'left'; channel: RealtimeChannel }
  /** A join the socket's sign-in may not make (not an admin). The socket stays open for events. */
  | { type: 'error'; code: 'forbidden'; channel: RealtimeChannel }
  | { type: 'pong' }

/** pt-BR texts of the realtime endpoint and indicators. */
export const REALTIME_MSG = {
  upgradeRequired: 'Este endereço aceita apenas conexões WebSocket',
} as const
