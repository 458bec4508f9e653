import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, backgroundMusic, backgroundMusicSettings } from '../../db/schema/index.js'
import type { AudioRow } from './repository.js'

export { findFieldWithAudioCount } from './repository.js'

export type BackgroundTrackRow = typeof backgroundMusic.$inferSelect

/**
 * The field page's list, ordered by title ignoring case and accents, so 'Áudio…' sorts with the
 * A's; the C collation on the normalised title gives the same order on every engine.
 */
export async function listAudiosOfField(db: Database, fieldId: string): Promise<AudioRow[]> {
  return db
    .select()
    .from(audios)
    .where(eq(audios.fieldId, fieldId))
    .orderBy(sql`immutable_unaccent(lower(${audios.title})) collate "C"`, asc(audios.id))
}

export async function listActiveBackgroundTracks(db: Database): Promise<BackgroundTrackRow[]> {
  return db
    .select()
    .from(backgroundMusic)
    .where(eq(backgroundMusic.isActive, true))
    .orderBy(desc(backgroundMusic.createdAt), asc(backgroundMusic.id))
}

export async function findActiveBackgroundTrack(db: Database, id: string): Promise<BackgroundTrackRow | undefined> {
  const [row] = await db
    .select()
    .from(backgroundMusic)
    .where(and(eq(backgroundMusic.id, id), eq(backgroundMusic.isActive, true)))
  return row
}

/** The latest background-music settings row wins. */
export async function findLatestVolume(db: Database): Promise<number | undefined> {
  const [row] = await db
    .select({ volumePercentage: backgroundMusicSettings.volumePercentage })
    .from(backgroundMusicSettings)
    .orderBy(desc(backgroundMusicSettings.createdAt), desc(backgroundMusicSettings.id))
    .limit(1)
  return row?.volumePercentage
}

/** Which of these ids are existing audios. */
export async function existingAudioIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: audios.id }).from(audios).where(inArray(audios.id, ids))
  return new Set(rows.map((row) => row.id))
}
