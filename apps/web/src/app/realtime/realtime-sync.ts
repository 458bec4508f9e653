import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { DOMAIN_EVENTS, type DomainEventName, type SignedInUser } from '@sintonia/contract'
import { signedInKeys } from '../../features/auth/keys'
import { catalogueKeys } from '../../features/catalogue/keys'
import { dashboardKeys } from '../../features/dashboard/keys'
import { demoKeys } from '../../features/demo/keys'
import { landingKeys, planKeys } from '../../features/landing/keys'
import { playlistKeys } from '../../features/playlists/keys'
import { transcriptKeys } from '../../features/player/keys'
import { practiceKeys } from '../../features/practice/keys'
import { getRealtimeClient, type RealtimeClient } from '../../features/realtime/client'
import { searchKeys } from '../../features/search/keys'

/** Every admin page's query key starts with 'admin' (features/admin-*): another admin's save refreshes what is on screen. */
const ADMIN_QUERIES: QueryKey = ['admin']

/**
 * The one place that says what each domain event makes stale (docs/realtime.md). Invalidating
 * refetches the queries on screen at once (ignoring their staleTime, e.g. the landing's 5-minute
 * content cache) and marks the others stale for their next use.
 *
 * - The landing reloads its fields on fields/audios events (counts) and its content — which
 *   carries the active video — on content and videos events.
 * - `music_changed` has no query: the player reloads its tracks through `useRealtimeEvent`.
 */
export const REALTIME_QUERY_KEYS: Record<DomainEventName, readonly QueryKey[]> = {
  fields_changed: [landingKeys.fields, dashboardKeys.fields, catalogueKeys.all, searchKeys.all, demoKeys.all, ADMIN_QUERIES],
  audios_changed: [landingKeys.fields, dashboardKeys.fields, catalogueKeys.all, searchKeys.all, demoKeys.all, playlistKeys.all, practiceKeys.all, transcriptKeys.all, ADMIN_QUERIES],
  // content_changed also follows pricing and plan saves (docs/product/realtime-and-offline.md#realtime-events).
  content_changed: [landingKeys.content, planKeys.public, ADMIN_QUERIES],
  videos_changed: [landingKeys.content, ADMIN_QUERIES],
  plans_changed: [planKeys.public, landingKeys.content, ADMIN_QUERIES],
  music_changed: [ADMIN_QUERIES],
  // A programme published, edited or withdrawn: lists, today's session and progress refetch.
  programs_changed: [practiceKeys.all, ADMIN_QUERIES],
}

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey })
}

function signedInUserId(queryClient: QueryClient): string | null | undefined {
  const state = queryClient.getQueryState<SignedInUser | null>(signedInKeys.all)
  if (!state || state.status !== 'success') return undefined
  return state.data?.id ?? null
}

/**
 * Starts the page's realtime connection and wires it to the query cache: events invalidate
 * their keys, a reconnection (`resync`) invalidates them all, and a sign-in or sign-out opens a
 * new socket, because the server reads the sign-in cookie only at the handshake.
 */
export function startRealtimeSync(queryClient: QueryClient, client: RealtimeClient = getRealtimeClient()): () => void {
  const offMessages = client.onMessage((message) => {
    if (message.type === 'event') invalidate(queryClient, REALTIME_QUERY_KEYS[message.name] ?? [])
    else if (message.type === 'resync') for (const name of DOMAIN_EVENTS) invalidate(queryClient, REALTIME_QUERY_KEYS[name])
  })
  let knownUser = signedInUserId(queryClient)
  const offSignedIn = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(signedInKeys.all)) return
    const current = signedInUserId(queryClient)
    if (current === undefined || current === knownUser) return
    const first = knownUser === undefined
    knownUser = current
    // The first answer only tells who opened the page: the socket already carried that cookie.
    if (!first) client.restart()
  })
  client.start()
  return () => {
    offMessages()
    offSignedIn()
    client.stop()
  }
}
