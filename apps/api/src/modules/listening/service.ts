import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { RECENT_LISTENING_LIMIT, type RecentListening } from '@sintonia/contract'
import { existingAudioIds, toAudioDto } from '../catalogue/service.js'
import { eventTime } from '../practice/time-rule.js'
import { countRepetitionsToday, findAccountCreatedAt, insertEventsIgnoringDuplicates, recentlyHeardAudios, type NewListeningEvent } from './repository.js'

export const INVALID_TIME_ZONE = 'Fuso horário inválido'

export interface ListeningEventInput {
  id: string
  audioId: string
  kind: 'play' | 'repetition'
  occurredAt: string
}

/**
 * Records a batch of plays/repetitions. Ids come from the browser, so a batch re-sent (offline
 * queue, retries, concurrent tabs) counts once. Each record's time is judged on its own by the
 * practice's time rule (practice/time-rule.ts): one dated implausibly — ahead of the server's
 * clock beyond the skew, older than the offline limit, before the account existed — is refused,
 * and the rest of the batch still counts; a time slightly ahead is kept as `now`, the server's
 * clock (lib/clock.ts), so the daily practice's days follow the same time. The answer: `accepted`
 * (recorded by this call), `refused`, and `duplicates` — the rest: ids already recorded (an id of
 * another listener is never taken over) and events of audios that no longer exist.
 */
export async function recordEvents(db: Database, userId: string, events: ListeningEventInput[], now: Date) {
  const [audioIds, createdAt] = await Promise.all([existingAudioIds(db, [...new Set(events.map((event) => event.audioId))]), findAccountCreatedAt(db, userId)])
  const accountCreatedAt = createdAt ?? now
  let refused = 0
  const rows: NewListeningEvent[] = []
  for (const event of events) {
    const time = eventTime(new Date(event.occurredAt), { now, accountCreatedAt })
    if (!time.accepted) refused++
    else if (audioIds.has(event.audioId)) rows.push({ id: event.id, userId, audioId: event.audioId, kind: event.kind, occurredAt: time.at })
  }
  const accepted = await insertEventsIgnoringDuplicates(db, rows)
  return { accepted, duplicates: events.length - refused - accepted, refused }
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
