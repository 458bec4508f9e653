/**
 * The one-off conversion of media stored before ADR 026 (`npm run media:canonical`): every audio
 * and background track not canonical yet is converted like an upload (type by content, read with
 * that type's demuxer only, two-pass loudnorm, MP3 48 kHz, a voice mono, a track stereo) and stored under a new key. A new
 * key, never the same one: sessions rendered from the old file no longer match any source and the
 * stale-session sweep drops them. Idempotent: a converted row is marked (canonical_at) and skipped.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { readAudioDurationSeconds } from '../../lib/uploads/audio-duration.js'
import { sniffAudio, SNIFF_BYTES } from '../../lib/uploads/sniff.js'
import { AudioNotDecodable, CANONICAL_AUDIO, demuxerFor, toCanonicalAudio } from '../../lib/media/canonical-audio.js'
import type { Ffmpeg } from '../../lib/media/ffmpeg.js'
import type { MediaServiceDeps } from '../../lib/service-deps.js'
import { deleteStoredQuietly } from '../../lib/uploads/store-upload.js'
import { canonicalColumnsOf } from './canonical-media.js'
import { listNotCanonical, switchToCanonical, type PendingMedia } from './canonical-media-repository.js'

export interface ConversionReport {
  converted: PendingMedia[]
  /** Rows whose file changed while converting (an admin replaced it): left to the new upload. */
  skipped: PendingMedia[]
  failed: Array<PendingMedia & { reason: string }>
}

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** One row: its file copied here, converted, stored under a new key, the row switched, the old file removed. */
async function convertOne(deps: MediaServiceDeps, ffmpeg: Ffmpeg, workDir: string, item: PendingMedia): Promise<'converted' | 'skipped'> {
  const base = join(workDir, randomUUID())
  const source = `${base}.source`
  const output = `${base}.${CANONICAL_AUDIO.ext}`
  try {
    await pipeline(deps.storage.read(item.fileKey), createWriteStream(source))
    const demuxer = demuxerFor(sniffAudio(await headOf(source))?.ext ?? '')
    if (!demuxer) throw new Error('o conteúdo não é de um formato de áudio aceito')
    const loudness = await toCanonicalAudio(ffmpeg, demuxer, source, output, item.table === 'audios' ? 'voice' : 'music')
    const durationSeconds = await readAudioDurationSeconds(output)
    if (durationSeconds === null) throw new Error('a duração do arquivo convertido não pôde ser lida')
    const folder = item.table === 'audios' ? 'audios' : 'music'
    const stored = await deps.storage.put(`${folder}/${randomUUID()}.${CANONICAL_AUDIO.ext}`, createReadStream(output))
    const switched = await switchToCanonical(deps.db, item.table, item.id, item.fileKey, {
      fileKey: stored.key,
      mimeType: CANONICAL_AUDIO.mime,
      sizeBytes: stored.size,
      durationSeconds,
      ...canonicalColumnsOf(loudness),
    }).catch(async (error: unknown) => {
      await deleteStoredQuietly(deps.storage, [stored.key], deps.log)
      throw error
    })
    await deleteStoredQuietly(deps.storage, [switched ? item.fileKey : stored.key], deps.log)
    return switched ? 'converted' : 'skipped'
  } finally {
    await rm(source, { force: true })
    await rm(output, { force: true })
  }
}

export async function convertToCanonical(
  deps: MediaServiceDeps & { workDir: string },
  progress: (item: PendingMedia, outcome: 'converted' | 'skipped' | 'failed', reason?: string) => void = () => undefined,
): Promise<ConversionReport> {
  if (!deps.ffmpeg) throw new Error('ffmpeg não encontrado: instale-o ou defina FFMPEG_PATH')
  await mkdir(deps.workDir, { recursive: true })
  const report: ConversionReport = { converted: [], skipped: [], failed: [] }
  // One file at a time: the conversion is CPU-bound and the server may be serving beside it.
  for (const item of await listNotCanonical(deps.db)) {
    try {
      const outcome = await convertOne(deps, deps.ffmpeg, deps.workDir, item)
      report[outcome].push(item)
      progress(item, outcome)
    } catch (error) {
      const reason = error instanceof AudioNotDecodable ? 'o áudio não pôde ser decodificado no formato do seu conteúdo' : error instanceof Error ? error.message : String(error)
      report.failed.push({ ...item, reason })
      progress(item, 'failed', reason)
    }
  }
  return report
}
