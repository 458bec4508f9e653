import { asc, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { backgroundMusic, backgroundMusicSettings } from '../../db/schema/index.js'

export type TrackRow = typeof backgroundMusic.$inferSelect

/** Newest first (product rule: 'select all ordered by created_at descending'). */
export async function listTracks(db: Database): Promise<TrackRow[]> {
  return db.select().from(backgroundMusic).orderBy(desc(backgroundMusic.createdAt), asc(backgroundMusic.id))
}

export async function findTrack(db: Database, id: string): Promise<TrackRow | undefined> {
  const [row] = await db.select().from(backgroundMusic).where(eq(backgroundMusic.id, id))
  return row
}

export async function insertTrack(db: Database, values: typeof backgroundMusic.$inferInsert): Promise<TrackRow> {
  const [row] = await db.insert(backgroundMusic).values(values).returning()
  return row!
}

export async function updateTrack(db: Database, id: string, patch: Partial<typeof backgroundMusic.$inferInsert>): Promise<TrackRow | undefined> {
  const [row] = await db
    .update(backgroundMusic)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(backgroundMusic.id, id))
    .returning()
  return row
}

export async function deleteTrack(db: Database, id: string): Promise<TrackRow | undefined> {
  const [row] = await db.delete(backgroundMusic).where(eq(backgroundMusic.id, id)).returning()
  return row
}

export async function latestSettings(db: Database) {
  const [row] = await db
    .select()
    .from(backgroundMusicSettings)
    .orderBy(desc(backgroundMusicSettings.createdAt), desc(backgroundMusicSettings.id))
    .limit(1)
    .for('update')
  return row
}

/** Product rule: update the latest row's volume, or insert one when none exists. */
export async function saveVolume(db: Database, volumePercentage: number): Promise<void> {
  await db.transaction(async (tx) => {
    const latest = await latestSettings(tx)
    if (latest) await tx.update(backgroundMusicSettings).set({ volumePercentage }).where(eq(backgroundMusicSettings.id, latest.id))
    else await tx.insert(backgroundMusicSettings).values({ volumePercentage })
  })
}
