import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { RECENT_LISTENING_LIMIT, type RecentListening } from '@sintonia/contract'
import { existingAudioIds, toAudioDto } from '../catalogue/service.js'
import { countRepetitionsToday, insertEventsIgnoringDuplicates, recentlyHeardAudios } from './repository.js'

export const INVALID_TIME_ZONE = 'Fuso horário inválido'

export interface ListeningEventInput {
  id: string
  audioId: string
  kind: 'play' | 'repetition'
  occurredAt: string
}

/**
 * Records a batch of plays/repetitions. Ids come from the browser, so a batch re-sent (offline
 * queue, retries, concurrent tabs) counts once: `accepted` is what this call recorded, `duplicates`
 * the rest — ids already recorded (an id of another listener is never taken over) and events of
 * audios that no longer exist. A time in the future (a wrong device clock) is recorded as `now`, the
 * server's clock (lib/clock.ts), so the daily practice's days follow the same time.
 */
export async function recordEvents(db: Database, userId: string, events: ListeningEventInput[], now: Date) {
  const audioIds = await existingAudioIds(db, [...new Set(events.map((event) => event.audioId))])
  const rows = events
    .filter((event) => audioIds.has(event.audioId))
    .map((event) => ({
      id: event.id,
      userId,
      audioId: event.audioId,
      kind: event.kind,
      occurredAt: new Date(Math.min(Date.parse(event.occurredAt), now.getTime())),
    }))
  const accepted = await insertEventsIgnoringDuplicates(db, rows)
  return { accepted, duplicates: events.length - accepted }
}

/** An IANA zone the runtime knows (Intl throws a RangeError otherwise). */
export function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone })
  } catch {
    throw new HttpError(400, INVALID_TIME_ZONE)
  }
}

export async function repetitionsToday(db: Database, userId: string, audioId: string, timeZone: string, now: Date) {
  assertTimeZone(timeZone)
  return { audioId, repetitionsToday: await countRepetitionsToday(db, userId, audioId, timeZone, now) }
}

/** "Continuar ouvindo": the audios heard last, newest first (docs/product/listening.md#continue-listening). */
export async function recentListening(db: Database, userId: string): Promise<RecentListening> {
  const rows = await recentlyHeardAudios(db, userId, RECENT_LISTENING_LIMIT)
  return { audios: rows.map((row) => ({ audio: toAudioDto(row.audio), fieldTitle: row.fieldTitle, lastListenedAt: row.lastListenedAt.toISOString() })) }
}
