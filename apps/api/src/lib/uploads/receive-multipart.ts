import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { ADMIN_CONTENT_MSG, MSG, TRANSCRIPT_MAX_CHARS, hasInvalidTextCharacter } from '@sintonia/contract'
import { HttpError } from '../http/errors.js'
import { invalidTextError } from '../http/text-input.js'
import { SNIFF_BYTES } from './sniff.js'

export interface FileRule {
  maxBytes: number
  /** The pt-BR refusal for a file over maxBytes, given its size. */
  tooLarge: (sizeBytes: number) => string
  required: boolean
}

export interface ReceivedFile {
  /** Temporary file on disk; removed by `discard()` (the caller moves it to storage first). */
  path: string
  size: number
  /** First bytes, for sniffing the type by content. */
  head: Buffer
}

export interface ReceivedUpload {
  fields: Record<string, string>
  files: Record<string, ReceivedFile>
  /** Removes every temporary file. Always call it, on success and failure. */
  discard(): Promise<void>
}

/** Over the limit the rest of the file is still read (not stored) up to this factor, to tell its size. */
const MEASURE_FACTOR = 4
/**
 * The longest text field: an audio's transcript before it is normalised (up to twice its limit in
 * UTF-16 units, at most 3 bytes of UTF-8 each). Longer is refused, never cut.
 */
const FIELD_MAX_BYTES = Math.max(64 * 1024, TRANSCRIPT_MAX_CHARS * 2 * 3)

/**
 * Reads a multipart/form-data request part by part: text fields into `fields`, each expected
 * file streamed to a temporary file (never held in memory) while counting its bytes and keeping
 * its first bytes. Refuses (and removes every temporary file): no multipart body, an unexpected or
 * repeated file part, a file over its limit (413 with the rule's message), an empty file, a
 * missing required file.
 */
export async function receiveMultipart(request: FastifyRequest, tmpDir: string, rules: Record<string, FileRule>): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(400, ADMIN_CONTENT_MSG.notMultipart)
  await mkdir(tmpDir, { recursive: true })
  const fields: Record<string, string> = {}
  const files: Record<string, ReceivedFile> = {}
  const temporaries: string[] = []
  const discard = async () => {
    await Promise.all(temporaries.map((path) => rm(path, { force: true })))
  }
  const largest = Math.max(...Object.values(rules).map((rule) => rule.maxBytes))
  const declaredLength = Number(request.headers['content-length'] ?? 0) || 0

  try {
    const parts = request.parts({
      limits: { fileSize: largest * MEASURE_FACTOR, files: Object.keys(rules).length, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 30 },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        // A text cut at the size limit would be stored cut without a word: it is refused instead.
        if (part.valueTruncated) throw new HttpError(400, `"${part.fieldname}": ${MSG.validation.tooBig}`)
        const value = typeof part.value === 'string' ? part.value : String(part.value)
        // The same text rule as JSON bodies (lib/http/text-input.ts).
        if (hasInvalidTextCharacter(value) || hasInvalidTextCharacter(part.fieldname)) throw invalidTextError(part.fieldname.replaceAll('\u0000', '\\u0000'))
        fields[part.fieldname] = value
        continue
      }
      const rule = rules[part.fieldname]
      if (!rule || files[part.fieldname]) {
        part.file.resume()
        throw new HttpError(400, ADMIN_CONTENT_MSG.tooManyFiles)
      }
      const path = join(tmpDir, `${randomUUID()}.upload`)
      temporaries.push(path)
      let size = 0
      let over = false
      const headChunks: Buffer[] = []
      let headLength = 0
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length
          if (headLength < SNIFF_BYTES) {
            headChunks.push(chunk)
            headLength += chunk.length
          }
          if (size > rule.maxBytes) over = true
          // Past the limit nothing more is written: the bytes are only counted.
          callback(null, over ? undefined : chunk)
        },
      })
      await pipeline(part.file, meter, createWriteStream(path))
      if (over || part.file.truncated) {
        const measured = part.file.truncated ? Math.max(size, declaredLength) : size
        throw new HttpError(413, rule.tooLarge(measured))
      }
      if (size === 0) throw new HttpError(400, ADMIN_CONTENT_MSG.emptyFile)
      files[part.fieldname] = { path, size, head: Buffer.concat(headChunks).subarray(0, SNIFF_BYTES) }
    }
    for (const [name, rule] of Object.entries(rules)) {
      if (rule.required && !files[name]) throw new HttpError(400, ADMIN_CONTENT_MSG.fileMissing)
    }
    return { fields, files, discard }
  } catch (error) {
    await discard()
    const code = (error as { code?: string }).code
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, ADMIN_CONTENT_MSG.tooManyFiles)
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(400, ADMIN_CONTENT_MSG.notMultipart)
    throw error
  }
}
