import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, audioTranscripts, fields } from '../../db/schema/index.js'

export type AudioRow = typeof audios.$inferSelect
/** What the admin sees of an audio: the row, its field's title and whether it has a transcript. */
export type AudioWithField = AudioRow & { fieldTitle: string; hasTranscript: boolean }

const withField = {
  audio: audios,
  fieldTitle: fields.title,
  hasTranscript: sql<boolean>`${audioTranscripts.audioId} is not null`,
}

/** Audios with their field's title, by field display order then title (ignoring case). */
export async function listAudios(db: Database, fieldId?: string): Promise<AudioWithField[]> {
  const rows = await db
    .select(withField)
    .from(audios)
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .leftJoin(audioTranscripts, eq(audioTranscripts.audioId, audios.id))
    .where(fieldId ? eq(audios.fieldId, fieldId) : undefined)
    .orderBy(asc(fields.displayOrder), asc(fields.title), asc(sql`lower(${audios.title})`), asc(audios.id))
  return rows.map((row) => ({ ...row.audio, fieldTitle: row.fieldTitle, hasTranscript: Boolean(row.hasTranscript) }))
}

export async function findAudio(db: Database, id: string): Promise<AudioWithField | undefined> {
  const [row] = await db
    .select(withField)
    .from(audios)
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .leftJoin(audioTranscripts, eq(audioTranscripts.audioId, audios.id))
    .where(eq(audios.id, id))
  return row ? { ...row.audio, fieldTitle: row.fieldTitle, hasTranscript: Boolean(row.hasTranscript) } : undefined
}

/** Stores an audio's transcript (already normalised by the contract); '' removes it. */
export async function saveTranscript(db: Database, audioId: string, text: string): Promise<void> {
  if (text === '') {
    await db.delete(audioTranscripts).where(eq(audioTranscripts.audioId, audioId))
    return
  }
  await db
    .insert(audioTranscripts)
    .values({ audioId, text })
    .onConflictDoUpdate({ target: audioTranscripts.audioId, set: { text, updatedAt: new Date() } })
}

export async function lockAudio(db: Database, id: string): Promise<AudioRow | undefined> {
  const [row] = await db.select().from(audios).where(eq(audios.id, id)).for('update')
  return row
}

export async function fieldExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: fields.id }).from(fields).where(eq(fields.id, id))
  return rows.length > 0
}

/** Only one demo at a time (unique partial index): clears the flag on every other audio. */
export async function clearDemoExcept(db: Database, keepId: string | null): Promise<void> {
  await db
    .update(audios)
    .set({ isDemo: false, updatedAt: new Date() })
    .where(keepId ? and(eq(audios.isDemo, true), ne(audios.id, keepId)) : eq(audios.isDemo, true))
}

export async function insertAudio(db: Database, values: typeof audios.$inferInsert): Promise<AudioRow> {
  const [row] = await db.insert(audios).values(values).returning()
  return row!
}

export async function updateAudio(db: Database, id: string, patch: Partial<typeof audios.$inferInsert>): Promise<AudioRow | undefined> {
  const [row] = await db
    .update(audios)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(audios.id, id))
    .returning()
  return row
}

/** The constraint that keeps an audio used by a programme's day from being deleted (ON DELETE RESTRICT). */
export const PROGRAM_ITEM_AUDIO_FK = 'program_day_items_audio_id_audios_id_fk'

export async function deleteAudio(db: Database, id: string): Promise<AudioRow | undefined> {
  const [row] = await db.delete(audios).where(eq(audios.id, id)).returning()
  return row
}
