import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { perDatabase } from '../../db/prepared.js'
import { audios, audioTranscripts, fields } from '../../db/schema/index.js'

export type AudioRow = typeof audios.$inferSelect

/** Fields with their audio count, computed at read time so it can never drift from the audios. */
function fieldsWithAudioCounts(db: Database) {
  return db
    .select({
      id: fields.id,
      title: fields.title,
      description: fields.description,
      iconName: fields.iconName,
      displayOrder: fields.displayOrder,
      coverImage: fields.coverImage,
      audioCount: count(audios.id),
    })
    .from(fields)
    .leftJoin(audios, eq(audios.fieldId, fields.id))
    .$dynamic()
}

export async function listFieldsWithAudioCounts(db: Database) {
  return fieldsWithAudioCounts(db).groupBy(fields.id).orderBy(asc(fields.displayOrder), asc(fields.title))
}

export async function findFieldWithAudioCount(db: Database, fieldId: string) {
  const [row] = await fieldsWithAudioCounts(db).where(eq(fields.id, fieldId)).groupBy(fields.id)
  return row
}

export async function findAudioById(db: Database, id: string): Promise<AudioRow | undefined> {
  const [row] = await audioByIdQuery(db).execute({ id })
  return row
}

// Prepared once per database: every Range request of the player looks its audio up.
const audioByIdQuery = perDatabase((db) =>
  db
    .select()
    .from(audios)
    .where(eq(audios.id, sql.placeholder('id')))
    .prepare('audio_by_id'),
)

export async function findDemoAudio(db: Database): Promise<AudioRow | undefined> {
  const [row] = await db.select().from(audios).where(eq(audios.isDemo, true)).limit(1)
  return row
}

/** Audios in creation order, the order the product uses to pick an alternative demo. */
export async function listAudiosByCreation(db: Database, limit: number): Promise<AudioRow[]> {
  return db.select().from(audios).orderBy(asc(audios.createdAt), asc(audios.id)).limit(limit)
}

/** Every audio of the catalogue, oldest first (the sessions rendered ahead go through them all). */
export async function listAllAudios(db: Database): Promise<AudioRow[]> {
  return db.select().from(audios).orderBy(asc(audios.createdAt), asc(audios.id))
}

export async function findFieldTitle(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: fields.title }).from(fields).where(eq(fields.id, id))
  return row?.title
}

/** The audios with these ids (any order; unknown ids are simply absent). */
export async function findAudiosByIds(db: Database, ids: readonly string[]): Promise<AudioRow[]> {
  if (ids.length === 0) return []
  return db.select().from(audios).where(inArray(audios.id, [...ids]))
}

/** An audio's transcript (its stored plain text), or null when it has none. */
export async function findTranscriptText(db: Database, audioId: string): Promise<string | null> {
  const [row] = await db.select({ text: audioTranscripts.text }).from(audioTranscripts).where(eq(audioTranscripts.audioId, audioId))
  return row?.text ?? null
}
