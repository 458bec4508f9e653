import { LISTENER_MSG, formatDuration, type Playlist, type PlaylistAudio } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import {
  appendPlaylistAudio,
  deleteOwnedPlaylist,
  findPlaylistById,
  insertPlaylist,
  listPlaylistEntries,
  listPlaylistsOfUser,
  lockOwnedPlaylist,
  removePlaylistAudio,
  replacePlaylistAudios,
  updatePlaylist,
  type PlaylistRow,
} from './playlists-repository.js'
import { existingAudioIds } from '../catalogue/service.js'

/** An id already used by another listener's playlist (ids come from the browser). */
export const PLAYLIST_ID_TAKEN = 'Este identificador de playlist já está em uso'

async function toDtos(db: Database, rows: PlaylistRow[]): Promise<Playlist[]> {
  const entries = await listPlaylistEntries(
    db,
    rows.map((row) => row.id),
  )
  const byPlaylist = new Map<string, PlaylistAudio[]>()
  for (const entry of entries) {
    const list = byPlaylist.get(entry.playlistId) ?? []
    list.push({
      id: entry.id,
      title: entry.title,
      description: entry.description,
      duration: formatDuration(entry.durationSeconds),
      fieldId: entry.fieldId,
      fieldTitle: entry.fieldTitle,
    })
    byPlaylist.set(entry.playlistId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    audios: byPlaylist.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}

async function loadOwned(db: Database, userId: string, playlistId: string): Promise<Playlist> {
  const row = await findPlaylistById(db, playlistId)
  if (!row || row.userId !== userId) throw new HttpError(404, LISTENER_MSG.playlistNotFound)
  const [dto] = await toDtos(db, [row])
  return dto!
}

/** Unique ids in first-seen order; every one must be an existing audio (404 otherwise). */
async function checkedAudioIds(db: Database, audioIds: string[]): Promise<string[]> {
  const unique = [...new Set(audioIds)]
  const existing = await existingAudioIds(db, unique)
  if (unique.some((id) => !existing.has(id))) throw new HttpError(404, LISTENER_MSG.audioNotFound)
  return unique
}

export async function listPlaylists(db: Database, userId: string): Promise<Playlist[]> {
  return toDtos(db, await listPlaylistsOfUser(db, userId))
}

/**
 * Creates the playlist, or — when this owner already has one with this id (a retried offline
 * create) — answers the existing one unchanged. `created` tells the route which status to use.
 */
export async function createPlaylist(
  db: Database,
  userId: string,
  input: { id: string; name: string; description: string; audioIds: string[] },
): Promise<{ playlist: Playlist; created: boolean }> {
  const audioIds = await checkedAudioIds(db, input.audioIds)
  const created = await db.transaction(async (tx) => {
    const row = await insertPlaylist(tx, { id: input.id, userId, name: input.name, description: input.description })
    if (row) await replacePlaylistAudios(tx, row.id, audioIds)
    return Boolean(row)
  })
  if (!created) {
    const existing = await findPlaylistById(db, input.id)
    if (existing && existing.userId !== userId) throw new HttpError(409, PLAYLIST_ID_TAKEN)
  }
  return { playlist: await loadOwned(db, userId, input.id), created }
}

/** Name, description and the full ordered audio list change together, in one transaction. */
export async function updatePlaylistOf(
  db: Database,
  userId: string,
  playlistId: string,
  input: { name?: string | undefined; description?: string | undefined; audioIds?: string[] | undefined },
): Promise<Playlist> {
  const audioIds = input.audioIds === undefined ? undefined : await checkedAudioIds(db, input.audioIds)
  await db.transaction(async (tx) => {
    if (!(await lockOwnedPlaylist(tx, playlistId, userId))) throw new HttpError(404, LISTENER_MSG.playlistNotFound)
    await updatePlaylist(tx, playlistId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    })
    if (audioIds) await replacePlaylistAudios(tx, playlistId, audioIds)
  })
  return loadOwned(db, userId, playlistId)
}

export async function deletePlaylist(db: Database, userId: string, playlistId: string): Promise<void> {
  if (!(await deleteOwnedPlaylist(db, playlistId, userId))) throw new HttpError(404, LISTENER_MSG.playlistNotFound)
}

export async function addAudio(db: Database, userId: string, playlistId: string, audioId: string): Promise<Playlist> {
  await db.transaction(async (tx) => {
    if (!(await lockOwnedPlaylist(tx, playlistId, userId))) throw new HttpError(404, LISTENER_MSG.playlistNotFound)
    if (!(await existingAudioIds(tx, [audioId])).has(audioId)) throw new HttpError(404, LISTENER_MSG.audioNotFound)
    if (!(await appendPlaylistAudio(tx, playlistId, audioId))) throw new HttpError(409, LISTENER_MSG.playlistDuplicateAudio)
    await updatePlaylist(tx, playlistId, {})
  })
  return loadOwned(db, userId, playlistId)
}

/** Removing an audio that is not (or no longer) in the playlist is not an error: the result is the same. */
export async function removeAudio(db: Database, userId: string, playlistId: string, audioId: string): Promise<Playlist> {
  await db.transaction(async (tx) => {
    if (!(await lockOwnedPlaylist(tx, playlistId, userId))) throw new HttpError(404, LISTENER_MSG.playlistNotFound)
    if (await removePlaylistAudio(tx, playlistId, audioId)) await updatePlaylist(tx, playlistId, {})
  })
  return loadOwned(db, userId, playlistId)
}
