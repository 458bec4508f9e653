import type { z } from 'zod'
import { ADMIN_CONTENT_MSG, AUDIO_UPLOAD_MAX_BYTES, THUMBNAIL_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES, audioTooLargeMessage, videoTooLargeMessage } from '@sintonia/contract'
import { HttpError } from '../http/errors.js'
import { readAudioDurationSeconds } from './audio-duration.js'
import type { FileRule, ReceivedFile } from './receive-multipart.js'
import { sniffAudio, sniffImage, sniffVideo, type SniffedType } from './sniff.js'

export const AUDIO_FILE_RULE: FileRule = { maxBytes: AUDIO_UPLOAD_MAX_BYTES, tooLarge: audioTooLargeMessage, required: true }
export const VIDEO_FILE_RULE: FileRule = { maxBytes: VIDEO_UPLOAD_MAX_BYTES, tooLarge: videoTooLargeMessage, required: true }
export const THUMBNAIL_FILE_RULE: FileRule = {
  maxBytes: THUMBNAIL_UPLOAD_MAX_BYTES,
  tooLarge: () => ADMIN_CONTENT_MSG.thumbnailTooLarge,
  required: false,
}

export interface AcceptedAudio extends SniffedType {
  durationSeconds: number
}

/** An audio file: its type by content, then a duration the decoder can read from it. */
export async function acceptAudio(file: ReceivedFile): Promise<AcceptedAudio> {
  const type = sniffAudio(file.head)
  if (!type) throw new HttpError(415, ADMIN_CONTENT_MSG.audioType)
  const durationSeconds = await readAudioDurationSeconds(file.path)
  if (durationSeconds === null) throw new HttpError(400, ADMIN_CONTENT_MSG.audioUnreadable)
  return { ...type, durationSeconds }
}

export function acceptVideo(file: ReceivedFile): SniffedType {
  const type = sniffVideo(file.head)
  if (!type) throw new HttpError(415, ADMIN_CONTENT_MSG.videoType)
  return type
}

export function acceptThumbnail(file: ReceivedFile): SniffedType {
  const type = sniffImage(file.head)
  if (!type) throw new HttpError(415, ADMIN_CONTENT_MSG.thumbnailType)
  return type
}

/** Text fields of a multipart body checked like a JSON body: 400 with the first message and every issue. */
export function parseFormFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  throw new HttpError(400, issues[0]?.message ?? 'Dados inválidos', issues)
}
