import {
  ADMIN_CONTENT_MSG,
  API,
  BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT,
  adminMusicMetaSchema,
  formatDuration,
  splitTags,
  type AdminMusicList,
  type AdminMusicTrack,
  type adminMusicUpdateSchema,
} from '@sintonia/contract'
import type { z } from 'zod'
import { HttpError } from '../../lib/http/errors.js'
import { acceptAudio, parseFormFields } from '../../lib/uploads/accept.js'
import type { ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import type { MediaServiceDeps } from '../../lib/service-deps.js'
import { deleteStoredQuietly, storeUpload } from '../../lib/uploads/store-upload.js'
import { canonicalColumnsOf, loudnessOf } from './canonical-media.js'
import { findLatestVolume } from './listener-repository.js'
import { deleteTrack, findTrack, insertTrack, listTracks, saveVolume, updateTrack, type TrackRow } from './music-admin-repository.js'

type TrackUpdate = z.output<typeof adminMusicUpdateSchema>

function toTrack(row: TrackRow): AdminMusicTrack {
  return {
    id: row.id,
    title: row.title,
    isActive: row.isActive,
    tags: row.tags,
    durationSeconds: row.durationSeconds,
    duration: formatDuration(row.durationSeconds),
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    loudness: loudnessOf(row),
    url: API.catalogue.admin.musicFile(row.id),
    createdAt: row.createdAt.toISOString(),
  }
}

export async function getMusicAdmin(deps: MediaServiceDeps): Promise<AdminMusicList> {
  const { db } = deps
  const [rows, volume] = await Promise.all([listTracks(db), findLatestVolume(db)])
  return { tracks: rows.map(toTrack), volumePercentage: volume ?? BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT }
}

function tagsFromForm(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return []
  try {
    return JSON.parse(text)
  } catch {
    return splitTags(text)
  }
}

/** Upload of a track: same checks and conversion as an audio (type by content, canonical form, readable duration). */
export async function createTrack(deps: MediaServiceDeps, upload: ReceivedUpload): Promise<AdminMusicTrack> {
  try {
    const meta = parseFormFields(adminMusicMetaSchema, {
      title: upload.fields.title ?? '',
      tags: tagsFromForm(upload.fields.tags),
      isActive: upload.fields.isActive === undefined ? true : upload.fields.isActive === 'true',
    })
    const file = upload.files.file!
    const accepted = await acceptAudio(file, deps.ffmpeg, 'music')
    const stored = await storeUpload(deps.storage, accepted, 'music', accepted.ext).finally(accepted.discard)
    try {
      const row = await insertTrack(deps.db, {
        ...meta,
        fileKey: stored.key,
        mimeType: accepted.mime,
        sizeBytes: stored.size,
        durationSeconds: accepted.durationSeconds,
        ...canonicalColumnsOf(accepted.loudness),
      })
      return toTrack(row)
    } catch (error) {
      await deleteStoredQuietly(deps.storage, [stored.key], deps.log)
      throw error
    }
  } finally {
    await upload.discard()
  }
}

export async function editTrack(deps: MediaServiceDeps, id: string, patch: TrackUpdate): Promise<AdminMusicTrack> {
  const row = await updateTrack(deps.db, id, patch)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.trackNotFound)
  return toTrack(row)
}

/** Product rule: 'delete by id (the stored file is removed after delete)'. */
export async function removeTrack(deps: MediaServiceDeps, id: string): Promise<void> {
  const row = await deleteTrack(deps.db, id)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.trackNotFound)
  await deleteStoredQuietly(deps.storage, [row.fileKey], deps.log)
}

export async function setVolume(deps: MediaServiceDeps, volumePercentage: number): Promise<{ volumePercentage: number }> {
  await saveVolume(deps.db, volumePercentage)
  return { volumePercentage }
}

export async function findTrackForStreaming(deps: MediaServiceDeps, id: string): Promise<TrackRow> {
  const row = await findTrack(deps.db, id)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.trackNotFound)
  return row
}
