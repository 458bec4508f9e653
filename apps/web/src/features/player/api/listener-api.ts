/** The player's calls to the listener API: sessions, background music, today's repetitions, listening events. */
import { queryOptions } from '@tanstack/react-query'
import { BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT, ENDPOINTS, type LISTENING_EVENT_KINDS, type SessionRequest } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import type { BackgroundMusicConfig } from '../engine/background-music'
import { sessionStreamUrl, type PlayableSession } from '../engine/session-request'

/** GET /api/background-music → the engine's background-music config. */
export async function loadBackgroundMusic(): Promise<BackgroundMusicConfig> {
  const body = await api(ENDPOINTS.catalogue.backgroundMusic)
  return {
    tracks: body.tracks.map((track) => ({ id: track.id, title: track.title, url: track.url })),
    volumePercentage: body.volumePercentage,
  }
}

/**
 * The music of a player anyone may open (the free demo): no track list, so the built-in public
 * track plays at the default level. The admins' tracks are subscriber content, and asking for
 * them without a subscription would only be refused.
 */
export async function loadPublicBackgroundMusic(): Promise<BackgroundMusicConfig> {
  return { tracks: [], volumePercentage: BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT }
}

function listenerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo'
  } catch {
    return 'America/Sao_Paulo'
  }
}

export const repetitionsTodayKey = (audioId: string) => ['listening', 'today', audioId] as const

/** GET listening-today: the server's count of today's repetitions of one audio, in the listener's time zone. */
export function repetitionsTodayQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: repetitionsTodayKey(audioId),
    queryFn: ({ signal }) => api(ENDPOINTS.listening.today, { query: { audioId, tz: listenerTimeZone() }, signal }),
    // The server count plus local increments is the truth until the next visit.
    staleTime: 5 * 60_000,
    retry: 1,
  })
}

export type ListeningEventKind = (typeof LISTENING_EVENT_KINDS)[number]

export interface ListeningEvent {
  id: string
  audioId: string
  kind: ListeningEventKind
  occurredAt: string
}

/** POST listening-events: one batch of plays and completed repetitions. */
export function sendListeningEvents(events: ListeningEvent[]) {
  return api(ENDPOINTS.listening.events, { body: { events } })
}

/**
 * POST /api/sessions: the rendered session for a request (docs/product/sessions.md). Null when the
 * server cannot give one (no connection, a server without ffmpeg, any refusal): the player then
 * plays the audio's own file by page code, and the file's answer tells the listener what is wrong.
 */
export async function describeSession(request: SessionRequest): Promise<PlayableSession | null> {
  try {
    const manifest = await api(ENDPOINTS.sessions.describe, { body: request })
    return { manifest, url: sessionStreamUrl(manifest) }
  } catch {
    return null
  }
}
