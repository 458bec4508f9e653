import { rm, stat } from 'node:fs/promises'
import type { z } from 'zod'
import {
  ADMIN_CONTENT_MSG,
  AUDIO_UPLOAD_MAX_BYTES,
  THUMBNAIL_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_MAX_BYTES,
  audioTooLargeMessage,
  videoTooLargeMessage,
  type MediaLoudness,
} from '@sintonia/contract'
import { HttpError } from '../http/errors.js'
import { AudioNotDecodable, CANONICAL_AUDIO, demuxerFor, toCanonicalAudio, type MediaKind } from '../media/canonical-audio.js'
import type { Ffmpeg } from '../media/ffmpeg.js'
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
  /** The canonical file to store (docs/decisions/026-canonical-media.md); removed by `discard()`. */
  path: string
  size: number
  durationSeconds: number
  loudness: MediaLoudness
  discard(): Promise<void>
}

/**
 * An audio file: its type by content, then converted by ffmpeg, reading it with the demuxer of
 * that type only, into the canonical stored form of its kind (MP3 48 kHz at −16 LUFS, a voice mono,
 * a track stereo), whose duration is then read. Refused in pt-BR: not an audio type (415), not
 * decodable as that type (400; an 'MP3' that is really a playlist is one), no duration (400); 503
 * when this server has no ffmpeg.
 */
export async function acceptAudio(file: ReceivedFile, ffmpeg: Ffmpeg | null, kind: MediaKind): Promise<AcceptedAudio> {
  const type = sniffAudio(file.head)
  const demuxer = type ? demuxerFor(type.ext) : null
  if (!demuxer) throw new HttpError(415, ADMIN_CONTENT_MSG.audioType)
  if (!ffmpeg) throw new HttpError(503, ADMIN_CONTENT_MSG.audioConverterUnavailable)
  const path = `${file.path}.canonical.${CANONICAL_AUDIO.ext}`
  const discard = () => rm(path, { force: true })
  try {
    let loudness: MediaLoudness
    try {
      loudness = await toCanonicalAudio(ffmpeg, demuxer, file.path, path, kind)
    } catch (error) {
      if (error instanceof AudioNotDecodable) throw new HttpError(400, ADMIN_CONTENT_MSG.audioNotDecodable)
      throw error
    }
    const durationSeconds = await readAudioDurationSeconds(path)
    if (durationSeconds === null) throw new HttpError(400, ADMIN_CONTENT_MSG.audioUnreadable)
    const { size } = await stat(path)
    return { mime: CANONICAL_AUDIO.mime, ext: CANONICAL_AUDIO.ext, path, size, durationSeconds, loudness, discard }
  } catch (error) {
    await discard()
    throw error
  }
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
