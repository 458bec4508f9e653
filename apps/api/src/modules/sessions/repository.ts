/**
 * The sessions domain's tables: session_renders (what was asked for, and whether its stream is in
 * storage) and session_voice_lengths (each audio file's decoded length). The stale sweep also
 * reads the catalogue's file keys, to drop renders of files that were replaced or removed.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { sessionRenders, sessionVoiceLengths } from '../../db/schema/index.js'

export type RenderRow = typeof sessionRenders.$inferSelect

/** Source keys of files that ship with the app (the demo's built-in track), never in the catalogue. */
export const BUILT_IN_PREFIX = 'builtin:'

export async function findVoiceLengths(db: Database, audioIds: readonly string[]): Promise<Map<string, { fileKey: string; samples: number }>> {
  if (audioIds.length === 0) return new Map()
  const rows = await db.select().from(sessionVoiceLengths).where(inArray(sessionVoiceLengths.audioId, [...audioIds]))
  return new Map(rows.map((row) => [row.audioId, { fileKey: row.fileKey, samples: row.samples }]))
}

export async function saveVoiceLength(db: Database, audioId: string, fileKey: string, samples: number): Promise<void> {
  await db
    .insert(sessionVoiceLengths)
    .values({ audioId, fileKey, samples })
    .onConflictDoUpdate({ target: sessionVoiceLengths.audioId, set: { fileKey, samples, measuredAt: sql`now()` } })
}

export interface NewRenderRow {
  key: string
  plan: unknown
  audioIds: string[]
  sourceFileKeys: string[]
  sizeBytes: number
}

/** Records a session asked for (or marks it used again). */
export async function upsertRender(db: Database, values: NewRenderRow): Promise<{ renderedAt: Date | null }> {
  const [row] = await db
    .insert(sessionRenders)
    .values(values)
    .onConflictDoUpdate({ target: sessionRenders.key, set: { lastUsedAt: sql`now()` } })
    .returning({ renderedAt: sessionRenders.renderedAt })
  return { renderedAt: row?.renderedAt ?? null }
}

/**
 * Records sessions planned ahead of their listeners, in one statement, leaving those already
 * recorded as they are (their place in the eviction order is a listener's, not a pass's); answers
 * when each was stored, null when it is not.
 */
export async function recordRenders(db: Database, rows: readonly NewRenderRow[]): Promise<Map<string, Date | null>> {
  if (rows.length === 0) return new Map()
  await db.insert(sessionRenders).values([...rows]).onConflictDoNothing({ target: sessionRenders.key })
  const found = await db
    .select({ key: sessionRenders.key, renderedAt: sessionRenders.renderedAt })
    .from(sessionRenders)
    .where(inArray(sessionRenders.key, rows.map((row) => row.key)))
  return new Map(found.map((row) => [row.key, row.renderedAt]))
}

export async function findRender(db: Database, key: string): Promise<RenderRow | undefined> {
  const [row] = await db.select().from(sessionRenders).where(eq(sessionRenders.key, key))
  return row
}

export async function markRendered(db: Database, key: string): Promise<void> {
  await db.update(sessionRenders).set({ renderedAt: sql`now()`, lastUsedAt: sql`now()` }).where(eq(sessionRenders.key, key))
}

/** A stream was played: its place in the eviction order moves up (at most one write a minute per session). */
export async function touchRender(db: Database, key: string): Promise<void> {
  await db
    .update(sessionRenders)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessionRenders.key, key), lt(sessionRenders.lastUsedAt, sql`now() - interval '1 minute'`)))
}

/** The streams in storage, most recently used first. */
export async function listStoredRenders(db: Database): Promise<Array<{ key: string; sizeBytes: number }>> {
  return db
    .select({ key: sessionRenders.key, sizeBytes: sessionRenders.sizeBytes })
    .from(sessionRenders)
    .where(isNotNull(sessionRenders.renderedAt))
    .orderBy(sql`${sessionRenders.lastUsedAt} desc`, asc(sessionRenders.key))
}

export async function markEvicted(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  await db.update(sessionRenders).set({ renderedAt: null }).where(inArray(sessionRenders.key, [...keys]))
}

/** Sessions asked for but not heard for `days`, with no stream stored: forgotten. */
export async function deleteForgottenRenders(db: Database, days: number): Promise<void> {
  await db
    .delete(sessionRenders)
    .where(and(isNull(sessionRenders.renderedAt), lt(sessionRenders.lastUsedAt, sql`now() - (${days}::int * interval '1 day')`)))
}

/**
 * Removes the sessions mixed from a file the catalogue no longer has (an audio or music replaced or
 * deleted, a track switched off); returns their keys and whether a stream was stored.
 */
export async function deleteStaleRenders(db: Database): Promise<Array<{ key: string; stored: boolean }>> {
  const result = await db.execute(sql`
    DELETE FROM session_renders r
    WHERE EXISTS (
      SELECT 1 FROM unnest(r.source_file_keys) AS source(file_key)
      WHERE source.file_key NOT LIKE ${BUILT_IN_PREFIX + '%'}
        AND NOT EXISTS (SELECT 1 FROM audios a WHERE a.file_key = source.file_key)
        AND NOT EXISTS (SELECT 1 FROM background_music m WHERE m.file_key = source.file_key AND m.is_active)
    )
    RETURNING r.key, r.rendered_at IS NOT NULL AS stored
  `)
  return (result as unknown as { rows: Array<{ key: string; stored: boolean }> }).rows
}
