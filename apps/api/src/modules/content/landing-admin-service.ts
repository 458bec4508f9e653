import { randomUUID } from 'node:crypto'
import {
  DEFAULT_LANDING_VERSION,
  LANDING_EDIT_MSG,
  ADMIN_CONTENT_MSG,
  API,
  LANDING_SECTION,
  isValidLandingContent,
  landingVideoSchema,
  resolveLandingContent,
  resolveVideosContent,
  videosContentSchema,
  type AdminLanding,
  type LandingPageContent,
  type LandingVideo,
  type VideosContent,
  type adminVideoLinkSchema,
  type adminVideoUpdateSchema,
} from '@sintonia/contract'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { acceptThumbnail, acceptVideo, parseFormFields } from '../../lib/uploads/accept.js'
import type { ReceivedFile, ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import type { MediaServiceDeps } from '../../lib/service-deps.js'
import { deleteStoredQuietly } from '../../lib/uploads/store-upload.js'
import { getProductName } from './settings-service.js'
import { lockSection, upsertSection } from './landing-admin-repository.js'
import { createReadStream } from 'node:fs'

type VideoLink = z.output<typeof adminVideoLinkSchema>
type VideoUpdate = z.output<typeof adminVideoUpdateSchema>

/** Uploaded videos are stored as `videos/<name>` and served publicly at API.content.videoFile(name). */
export const VIDEO_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.(mp4|webm|mov|avi|mpeg|jpg|png|webp)$/
const VIDEO_FILE_PREFIX = API.content.videoFile('')

export const VIDEO_FILE_MIME: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mpeg: 'video/mpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

// ---------------------------------------------------------------------------------------------
// Landing content
// ---------------------------------------------------------------------------------------------

export async function getAdminLanding(db: Database): Promise<AdminLanding> {
  const [row, productName] = await Promise.all([lockSectionRead(db, LANDING_SECTION.landingPage), getProductName(db)])
  const valid = row !== undefined && isValidLandingContent(row.content)
  return { productName, content: resolveLandingContent(row?.content), updatedAt: valid ? row.updatedAt.toISOString() : null }
}

async function lockSectionRead(db: Database, section: string) {
  return db.transaction((tx) => lockSection(tx, section))
}

/**
 * The body was checked by the contract schema (the product's validity rule and per-field messages).
 * `expectedVersion` (the version the editor loaded): when another admin saved since, nothing is
 * saved (409) — the second save would silently undo the first.
 */
export async function saveLanding(db: Database, content: LandingPageContent, expectedVersion?: string): Promise<AdminLanding> {
  await db.transaction(async (tx) => {
    const row = await lockSection(tx, LANDING_SECTION.landingPage)
    const current = row !== undefined && isValidLandingContent(row.content) ? row.updatedAt.toISOString() : DEFAULT_LANDING_VERSION
    if (expectedVersion !== undefined && expectedVersion !== current) throw new HttpError(409, LANDING_EDIT_MSG.conflict)
    await upsertSection(tx, LANDING_SECTION.landingPage, content)
  })
  return getAdminLanding(db)
}

// ---------------------------------------------------------------------------------------------
// Videos (section 'videos')
// ---------------------------------------------------------------------------------------------

export async function getVideos(db: Database): Promise<VideosContent> {
  return resolveVideosContent((await lockSectionRead(db, LANDING_SECTION.videos))?.content)
}

/** Read-modify-write of the videos section in one transaction; the result must pass the schema. */
async function changeVideos(db: Database, change: (current: VideosContent) => VideosContent): Promise<VideosContent> {
  return db.transaction(async (tx) => {
    const current = resolveVideosContent((await lockSection(tx, LANDING_SECTION.videos))?.content)
    const parsed = videosContentSchema.safeParse(change(current))
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
      throw new HttpError(400, issues[0]?.message ?? 'Dados inválidos', issues)
    }
    await upsertSection(tx, LANDING_SECTION.videos, parsed.data)
    return parsed.data
  })
}

function newVideo(fields: Pick<LandingVideo, 'type' | 'url' | 'title'> & { thumbnail_url?: string }): LandingVideo {
  return parseFormFields(landingVideoSchema, { ...fields, id: randomUUID(), created_at: new Date().toISOString() })
}

export async function addVideoLink(db: Database, link: VideoLink): Promise<VideosContent> {
  const video = newVideo(link)
  return changeVideos(db, (current) => ({ ...current, videos: [...current.videos, video] }))
}

async function storeAs(deps: MediaServiceDeps, file: ReceivedFile, name: string) {
  return deps.storage.put(`videos/${name}`, createReadStream(file.path))
}

/**
 * Upload of a video file (product rule: MP4, MPEG, MOV, AVI, WebM up to 50 MB, checked by content) with
 * the thumbnail the admin's browser drew at 1 s (optional: some formats do not decode in every
 * browser). Files are stored first; if the section cannot be saved they are removed again.
 */
export async function uploadVideo(deps: MediaServiceDeps, upload: ReceivedUpload): Promise<VideosContent> {
  const storedKeys: string[] = []
  try {
    const title = parseFormFields(landingVideoSchema.shape.title, upload.fields.title ?? '')
    const file = upload.files.file!
    const type = acceptVideo(file)
    const thumbnail = upload.files.thumbnail
    const thumbType = thumbnail ? acceptThumbnail(thumbnail) : null
    const id = randomUUID()
    const fileName = `${id}.${type.ext}`
    storedKeys.push((await storeAs(deps, file, fileName)).key)
    let thumbnailUrl: string | undefined
    if (thumbnail && thumbType) {
      const thumbName = `${id}-thumb.${thumbType.ext}`
      storedKeys.push((await storeAs(deps, thumbnail, thumbName)).key)
      thumbnailUrl = API.content.videoFile(thumbName)
    }
    const video = newVideo({ type: 'upload', url: API.content.videoFile(fileName), title, ...(thumbnailUrl ? { thumbnail_url: thumbnailUrl } : {}) })
    return await changeVideos(deps.db, (current) => ({ ...current, videos: [...current.videos, video] }))
  } catch (error) {
    await deleteStoredQuietly(deps.storage, storedKeys, deps.log)
    throw error
  } finally {
    await upload.discard()
  }
}

function requireVideo(current: VideosContent, videoId: string): LandingVideo {
  const video = current.videos.find((v) => v.id === videoId)
  if (!video) throw new HttpError(404, ADMIN_CONTENT_MSG.videoNotFound)
  return video
}

export async function editVideo(db: Database, videoId: string, patch: VideoUpdate): Promise<VideosContent> {
  return changeVideos(db, (current) => {
    const video = requireVideo(current, videoId)
    const updated = { ...video, ...(patch.title !== undefined ? { title: patch.title } : {}), ...(patch.video_controls ? { video_controls: patch.video_controls } : {}) }
    return { ...current, videos: current.videos.map((v) => (v.id === videoId ? updated : v)) }
  })
}

export async function setActiveVideo(db: Database, videoId: string | null): Promise<VideosContent> {
  return changeVideos(db, (current) => {
    if (videoId !== null) requireVideo(current, videoId)
    return { ...current, active_video_id: videoId }
  })
}

/** Storage key of one of our uploaded files from its public URL; null for anything else. */
export function storedVideoKey(url: string | undefined): string | null {
  if (!url?.startsWith(VIDEO_FILE_PREFIX)) return null
  const name = url.slice(VIDEO_FILE_PREFIX.length)
  return VIDEO_FILE_NAME.test(name) ? `videos/${name}` : null
}

/** Removes the video (the active one becomes none) and, for an upload, its file and thumbnail. */
export async function removeVideo(deps: MediaServiceDeps, videoId: string): Promise<VideosContent> {
  let removed: LandingVideo | undefined
  const content = await changeVideos(deps.db, (current) => {
    removed = requireVideo(current, videoId)
    return {
      active_video_id: current.active_video_id === videoId ? null : current.active_video_id,
      videos: current.videos.filter((v) => v.id !== videoId),
    }
  })
  if (removed?.type === 'upload') {
    await deleteStoredQuietly(deps.storage, [storedVideoKey(removed.url), storedVideoKey(removed.thumbnail_url)], deps.log)
  }
  return content
}
