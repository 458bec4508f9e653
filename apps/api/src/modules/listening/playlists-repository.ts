import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, fields, playlistAudios, playlists } from '../../db/schema/index.js'

export type PlaylistRow = typeof playlists.$inferSelect

export async function listPlaylistsOfUser(db: Database, userId: string): Promise<PlaylistRow[]> {
  return db.select().from(playlists).where(eq(playlists.userId, userId)).orderBy(asc(playlists.createdAt), asc(playlists.id))
}

export async function findPlaylistById(db: Database, id: string): Promise<PlaylistRow | undefined> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id))
  return row
}

/** The playlist of this owner, locked for the rest of the transaction. */
export async function lockOwnedPlaylist(tx: Database, id: string, userId: string): Promise<PlaylistRow | undefined> {
  const [row] = await tx
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.userId, userId)))
    .for('update')
  return row
}

/** Inserts unless the id exists; returns the new row, or undefined when the id was taken. */
export async function insertPlaylist(tx: Database, values: { id: string; userId: string; name: string; description: string }) {
  const [row] = await tx.insert(playlists).values(values).onConflictDoNothing({ target: playlists.id }).returning()
  return row
}

export async function updatePlaylist(tx: Database, id: string, values: { name?: string; description?: string }) {
  await tx
    .update(playlists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(playlists.id, id))
}

export async function deleteOwnedPlaylist(db: Database, id: string, userId: string): Promise<boolean> {
  const rows = await db.delete(playlists).where(and(eq(playlists.id, id), eq(playlists.userId, userId))).returning({ id: playlists.id })
  return rows.length > 0
}

export async function replacePlaylistAudios(tx: Database, playlistId: string, audioIds: string[]) {
  await tx.delete(playlistAudios).where(eq(playlistAudios.playlistId, playlistId))
  if (audioIds.length === 0) return
  await tx.insert(playlistAudios).values(audioIds.map((audioId, position) => ({ playlistId, audioId, position })))
}

/** Appends an audio at the end; false when it is already in the playlist. */
export async function appendPlaylistAudio(tx: Database, playlistId: string, audioId: string): Promise<boolean> {
  const rows = await tx
    .insert(playlistAudios)
    .values({
      playlistId,
      audioId,
      position: sql`(select coalesce(max(${playlistAudios.position}) + 1, 0) from ${playlistAudios} where ${playlistAudios.playlistId} = ${playlistId})`,
    })
    .onConflictDoNothing()
    .returning({ audioId: playlistAudios.audioId })
  return rows.length > 0
}

export async function removePlaylistAudio(tx: Database, playlistId: string, audioId: string): Promise<boolean> {
  const rows = await tx
    .delete(playlistAudios)
    .where(and(eq(playlistAudios.playlistId, playlistId), eq(playlistAudios.audioId, audioId)))
    .returning({ audioId: playlistAudios.audioId })
  return rows.length > 0
}

/** The entries of these playlists with their audio and field, in position order. */
export async function listPlaylistEntries(db: Database, playlistIds: string[]) {
  if (playlistIds.length === 0) return []
  return db
    .select({
      playlistId: playlistAudios.playlistId,
      id: audios.id,
      title: audios.title,
      description: audios.description,
      durationSeconds: audios.durationSeconds,
      fieldId: audios.fieldId,
      fieldTitle: fields.title,
    })
    .from(playlistAudios)
    .innerJoin(audios, eq(audios.id, playlistAudios.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .where(inArray(playlistAudios.playlistId, playlistIds))
    .orderBy(asc(playlistAudios.playlistId), asc(playlistAudios.position), asc(playlistAudios.addedAt))
}
