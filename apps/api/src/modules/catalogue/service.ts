import { API, formatDuration, type Audio, type Demo, type Field } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import {
  findDemoAudio,
  findFieldTitle,
  listAudiosByCreation,
  listFieldsWithAudioCounts,
  type AudioRow,
} from './repository.js'

export function toAudioDto(row: AudioRow): Audio {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fieldId: row.fieldId,
    tags: row.tags,
    isDemo: row.isDemo,
    durationSeconds: row.durationSeconds,
    duration: formatDuration(row.durationSeconds),
    url: API.catalogue.audioFile(row.id),
    coverImage: row.coverImage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listPublicFields(db: Database): Promise<Field[]> {
  const rows = await listFieldsWithAudioCounts(db)
  return rows.map((row) => ({ ...row, audioCount: Number(row.audioCount) }))
}

/** Product rule: a usable demo has a non-empty title and a file that can actually be played. */
async function isPlayable(storage: MediaStorage, row: AudioRow): Promise<boolean> {
  if (!row.title.trim()) return false
  return (await storage.stat(row.fileKey)) !== null
}

/** How many audios to inspect when looking for an alternative demo before giving up. */
const ALTERNATIVE_SCAN_LIMIT = 50

/**
 * The audio the public may hear without an account: the one flagged as demo when it is usable,
 * otherwise the first usable audio (product rule: 'Usando áudio alternativo para demonstração').
 */
export async function resolvePublicDemo(
  db: Database,
  storage: MediaStorage,
): Promise<{ audio: AudioRow; isAlternative: boolean } | null> {
  const demo = await findDemoAudio(db)
  if (demo && (await isPlayable(storage, demo))) return { audio: demo, isAlternative: false }
  for (const candidate of await listAudiosByCreation(db, ALTERNATIVE_SCAN_LIMIT)) {
    if (candidate.id !== demo?.id && (await isPlayable(storage, candidate))) {
      return { audio: candidate, isAlternative: true }
    }
  }
  return null
}

export async function getDemo(db: Database, storage: MediaStorage): Promise<Demo> {
  const resolved = await resolvePublicDemo(db, storage)
  if (!resolved) return { audio: null, fieldTitle: null, isAlternative: false }
  const fieldTitle = (await findFieldTitle(db, resolved.audio.fieldId)) ?? null
  return { audio: toAudioDto(resolved.audio), fieldTitle, isAlternative: resolved.isAlternative }
}

// Other domains read audios through here: which ids exist (playlists, listening records,
// programmes) and the rows a rendered session is made of.
export { existingAudioIds } from './listener-repository.js'
export { findAudiosByIds, listAllAudios, type AudioRow } from './repository.js'
