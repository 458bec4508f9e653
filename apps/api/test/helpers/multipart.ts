import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { InjectOptions } from 'fastify'
import type { TestContext } from './app.js'
import { callAs, type Cast } from './callers.js'

/** Status codes of an admin route for anonymous, listener and subscriber (expected 401, 403, 403). */
export async function nonAdminStatuses(ctx: TestContext, cast: Cast, options: InjectOptions): Promise<number[]> {
  const statuses: number[] = []
  for (const who of [null, cast.listener, cast.subscriber]) statuses.push((await callAs(ctx, who, options)).statusCode)
  return statuses
}

export interface MultipartFile {
  name: string
  filename: string
  contentType: string
  data: Buffer
}

/** A multipart/form-data body as a browser sends it: text fields first, then the files. */
export function multipart(fields: Record<string, string>, files: MultipartFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sintonia${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  const payload = Buffer.concat(chunks)
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) } }
}

/** The first bytes of an MP4 (ISO 'ftyp' box, brand isom) followed by filler: a video by content. */
export function fakeMp4(size = 4096): Buffer {
  const head = Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0])
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)])
}

/** A tiny real JPEG header (SOI + APP0) with filler: an image by content. */
export function fakeJpeg(size = 512): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)])
}

export const SVG_AS_MP3 = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
export const HTML_AS_MP4 = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')

/** Every file under a folder (relative paths, sorted); [] when the folder does not exist. */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return []
  const out: string[] = []
  const walk = (dir: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (error) {
      // A shared folder (the system tmp) changes while other test files run: a folder that
      // vanished mid-walk holds nothing of ours.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else out.push(relative(root, path))
    }
  }
  walk(root)
  return out.sort()
}
