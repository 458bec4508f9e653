import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { COVER_MAX_PIXELS, COVER_MIN_PIXELS, COVER_MSG, COVER_UPLOAD_MAX_BYTES, COVER_WIDTHS, type CoverWidth } from '@sintonia/contract'
import { HttpError } from '../http/errors.js'
import { Semaphore } from '../semaphore.js'
import type { ServiceLogger } from '../service-logger.js'
import type { MediaStorage } from '../storage/media-storage.js'
import type { FileRule, ReceivedFile, ReceivedUpload } from '../uploads/receive-multipart.js'
import { sniffImage } from '../uploads/sniff.js'
import type { Ffmpeg } from './ffmpeg.js'
import { readImageFileSize, type ImageSize } from './image-header.js'

/**
 * Cover images (docs/product/covers.md): an upload checked by its content and by the size its
 * header declares (at most COVER_MAX_PIXELS, before anything decodes it), decoded by ffmpeg,
 * cropped square around its centre and kept as WebP in each of COVER_WIDTHS under
 * `covers/<id>-<width>.webp`. A new image is a new id, so a served cover never changes and is
 * cached for good; the one it replaces is deleted once the item points at the new one.
 */

/**
 * Cover decodes and conversions running at once in this process, whatever the number of apps or
 * requests: each may take hundreds of MB and a core, and uploads are rare (admins only).
 */
export const COVER_CONVERSIONS = new Semaphore(2)

export const COVER_FILE_RULE: FileRule = {
  maxBytes: COVER_UPLOAD_MAX_BYTES,
  tooLarge: () => COVER_MSG.tooLarge,
  required: true,
}

export interface CoverImageDeps {
  storage: MediaStorage
  /** Null when no ffmpeg runs here: uploads then answer 503, existing covers are still served. */
  ffmpeg: Ffmpeg | null
  /** Scratch folder for the encoded widths before they go to storage. */
  workDir: string
  log: ServiceLogger
}

/** Where a served cover file (`<id>-<width>.webp`, coverFileSchema) is kept in media storage. */
export function coverFileKey(file: string): string {
  return `covers/${file}`
}

export function coverImageKey(imageId: string, width: CoverWidth): string {
  return coverFileKey(`${imageId}-${width}.webp`)
}

/**
 * ffmpeg's demuxer for each accepted type, named outright: the file is never probed, so an image
 * cannot pass itself off as a playlist or any other format that reads further files.
 */
const DEMUXER: Record<string, string> = { 'image/jpeg': 'jpeg_pipe', 'image/png': 'png_pipe', 'image/webp': 'webp_pipe' }

/**
 * The decoder's own bound on a picture's pixels (its `-max_pixels` option, given before `-i`): a
 * second guard behind the header check, should a header and the data it starts disagree.
 */
const DECODER_LIMIT = ['-max_pixels', String(COVER_MAX_PIXELS)]

function runFfmpeg(ffmpeg: Ffmpeg, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8_000) stderr += chunk.toString('utf8')
    })
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stderr }))
  })
}

/** The picture's size as the decoder reports it, or null when it cannot decode the file. */
async function decodedSize(ffmpeg: Ffmpeg, demuxer: string, path: string): Promise<{ width: number; height: number } | null> {
  const { code, stderr } = await runFfmpeg(ffmpeg, ['-v', 'info', ...DECODER_LIMIT, '-f', demuxer, '-i', path, '-frames:v', '1', '-f', 'null', '-'])
  const size = /Video: .*?, (\d{1,5})x(\d{1,5})/.exec(stderr)
  if (code !== 0 || !size) return null
  return { width: Number(size[1]), height: Number(size[2]) }
}

/** Refuses a picture of more than COVER_MAX_PIXELS or with a side under COVER_MIN_PIXELS (pt-BR 400). */
function assertCoverSize(size: ImageSize): void {
  if (size.width * size.height > COVER_MAX_PIXELS) throw new HttpError(400, COVER_MSG.tooManyPixels(size.width, size.height))
  if (size.width < COVER_MIN_PIXELS || size.height < COVER_MIN_PIXELS) throw new HttpError(400, COVER_MSG.tooSmall(size.width, size.height))
}

/**
 * Checks and converts an uploaded image, stores every width and returns the new image's id.
 * Refuses in pt-BR: not JPEG/PNG/WebP by content (415), a header that cannot be read (400), more
 * than COVER_MAX_PIXELS or smaller than COVER_MIN_PIXELS on a side by its header (400) — all
 * before ffmpeg runs — then not decodable (400); 503 when this server has no ffmpeg. The decode
 * and conversion wait for a turn of COVER_CONVERSIONS.
 */
export async function storeCoverImage(deps: CoverImageDeps, file: ReceivedFile): Promise<string> {
  const type = sniffImage(file.head)
  if (!type) throw new HttpError(415, COVER_MSG.type)
  if (!deps.ffmpeg) throw new HttpError(503, COVER_MSG.unavailable)
  const declared = await readImageFileSize(file.path)
  if (!declared) throw new HttpError(400, COVER_MSG.unreadable)
  assertCoverSize(declared)
  const ffmpeg = deps.ffmpeg
  const demuxer = DEMUXER[type.mime]!

  const imageId = randomUUID()
  const dir = join(deps.workDir, imageId)
  const stored: string[] = []
  try {
    await COVER_CONVERSIONS.run(async () => {
      const size = await decodedSize(ffmpeg, demuxer, file.path)
      if (!size) throw new HttpError(400, COVER_MSG.unreadable)
      assertCoverSize(size)
      await mkdir(dir, { recursive: true })
      // One decode, cropped square around the centre, split into every width.
      const split = COVER_WIDTHS.map((_, index) => `[s${index}]`).join('')
      const scaled = COVER_WIDTHS.map((width, index) => `[s${index}]scale=${width}:${width}:flags=lanczos[o${index}]`).join(';')
      const outputs = COVER_WIDTHS.flatMap((width, index) => [
        '-map',
        `[o${index}]`,
        '-frames:v',
        '1',
        '-c:v',
        'libwebp',
        '-quality',
        '78',
        '-compression_level',
        '6',
        join(dir, `${width}.webp`),
      ])
      const graph = `[0:v]crop='min(iw,ih)':'min(iw,ih)',format=rgb24,split=${COVER_WIDTHS.length}${split};${scaled}`
      const { code, stderr } = await runFfmpeg(ffmpeg, ['-v', 'error', ...DECODER_LIMIT, '-f', demuxer, '-i', file.path, '-filter_complex', graph, '-map_metadata', '-1', ...outputs])
      if (code !== 0) {
        deps.log.warn({ code, stderr: stderr.trim().slice(0, 500) }, 'capa não convertida')
        throw new HttpError(400, COVER_MSG.unreadable)
      }
    })
    for (const width of COVER_WIDTHS) {
      const key = coverImageKey(imageId, width)
      await deps.storage.put(key, await readFile(join(dir, `${width}.webp`)))
      stored.push(key)
    }
    return imageId
  } catch (error) {
    await deleteKeys(deps, stored)
    throw error
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function deleteKeys(deps: Pick<CoverImageDeps, 'storage' | 'log'>, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key)
    } catch (error) {
      deps.log.warn({ err: error, key }, 'arquivo de capa não removido')
    }
  }
}

/** Removes every width of an image no item points at any more; a failure is logged, never thrown. */
export async function deleteCoverImage(deps: Pick<CoverImageDeps, 'storage' | 'log'>, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return
  await deleteKeys(
    deps,
    COVER_WIDTHS.map((width) => coverImageKey(imageId, width)),
  )
}

/** The item whose cover is set: a field, an audio or a programme, each from its own repository. */
export interface CoverOwner {
  exists: () => Promise<boolean>
  /** Points the item at an image (or none) in one statement; what it pointed at before, undefined without the item. */
  swap: (imageId: string | null) => Promise<{ previous: string | null } | undefined>
  /** The item's own pt-BR refusal when it does not exist. */
  notFound: () => HttpError
}

/**
 * Sets (with an upload) or removes (null) an item's cover. The item is looked up before the image
 * is converted, the new image made, then `swap` points the item at it (an item gone meanwhile:
 * the new image is deleted and `notFound` thrown); the previous image is deleted last. The
 * upload's temporary files are discarded whatever happens.
 */
export async function replaceCover(deps: CoverImageDeps, upload: ReceivedUpload | null, owner: CoverOwner): Promise<string | null> {
  try {
    if (!(await owner.exists())) throw owner.notFound()
    const file = upload?.files.file
    const imageId = file ? await storeCoverImage(deps, file) : null
    let swapped: { previous: string | null } | undefined
    try {
      swapped = await owner.swap(imageId)
    } catch (error) {
      await deleteCoverImage(deps, imageId)
      throw error
    }
    if (!swapped) {
      await deleteCoverImage(deps, imageId)
      throw owner.notFound()
    }
    if (swapped.previous !== imageId) await deleteCoverImage(deps, swapped.previous)
    return imageId
  } finally {
    await upload?.discard()
  }
}
