import { API, LISTENER_MSG, type Audio, type BackgroundMusic, type Field } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { findAudioById, findFieldTitle } from './repository.js'
import { toAudioDto } from './service.js'
import {
  findActiveBackgroundTrack,
  findFieldWithAudioCount,
  findLatestVolume,
  listActiveBackgroundTracks,
  listAudiosOfField,
  type BackgroundTrackRow,
} from './listener-repository.js'

// Rendered sessions pick their background track and level from these (sessions/service.ts).
export { findActiveBackgroundTrack, findLatestVolume, listActiveBackgroundTracks } from './listener-repository.js'

/** Product rule: the global background volume when no settings row exists. */
export const DEFAULT_BACKGROUND_VOLUME = 25

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The field page checks the id itself so the answer carries the product's exact text. */
export function assertFieldId(fieldId: string): void {
  if (!UUID_RE.test(fieldId)) throw new HttpError(400, LISTENER_MSG.fieldInvalidId)
}

export async function getField(db: Database, fieldId: string): Promise<Field> {
  assertFieldId(fieldId)
  const row = await findFieldWithAudioCount(db, fieldId)
  if (!row) throw new HttpError(404, LISTENER_MSG.fieldNotFound)
  return { ...row, audioCount: Number(row.audioCount) }
}

export async function getFieldAudios(db: Database, fieldId: string): Promise<Audio[]> {
  await getField(db, fieldId)
  return (await listAudiosOfField(db, fieldId)).map(toAudioDto)
}

export async function getAudioDetail(db: Database, audioId: string): Promise<{ audio: Audio; fieldTitle: string }> {
  const row = await findAudioById(db, audioId)
  if (!row) throw new HttpError(404, LISTENER_MSG.audioNotFound)
  return { audio: toAudioDto(row), fieldTitle: (await findFieldTitle(db, row.fieldId)) ?? '' }
}

export async function getBackgroundMusic(db: Database): Promise<BackgroundMusic> {
  const [tracks, volume] = await Promise.all([listActiveBackgroundTracks(db), findLatestVolume(db)])
  return {
    tracks: tracks.map((row) => ({
      id: row.id,
      title: row.title,
      url: API.catalogue.backgroundMusicFile(row.id),
      tags: row.tags,
      durationSeconds: row.durationSeconds,
    })),
    volumePercentage: volume ?? DEFAULT_BACKGROUND_VOLUME,
  }
}

export async function getBackgroundTrack(db: Database, trackId: string): Promise<BackgroundTrackRow> {
  const row = await findActiveBackgroundTrack(db, trackId)
  if (!row) throw new HttpError(404, BACKGROUND_TRACK_NOT_FOUND)
  return row
}

export const BACKGROUND_TRACK_NOT_FOUND = 'Música de fundo não encontrada'
export const BACKGROUND_FILE_MISSING = 'Arquivo de música indisponível'
