import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import { assertSafeKey, type ByteRange, type MediaStorage, type StoredObject } from './media-storage.js'

const READ_CHUNK_MIN = 64 * 1024
const READ_CHUNK_MAX = 512 * 1024

/** Media on the local disk under DATA_DIR/media: the embedded default. */
export class LocalDiskStorage implements MediaStorage {
  readonly driver = 'local' as const

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key)
    return join(this.root, key)
  }

  async put(key: string, body: Readable | Buffer): Promise<StoredObject> {
    const target = this.pathOf(key)
    await mkdir(dirname(target), { recursive: true })
    // Write to a temporary name and rename, so a reader never sees a half-written file.
    const temporary = `${target}.${randomUUID()}.part`
    const file = createWriteStream(temporary)
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, file)
      await rename(temporary, target)
    } catch (error) {
      // pipeline may reject before the file is even opened; removing it then would leave a .part behind.
      if (!file.closed) await new Promise<void>((done) => file.once('close', () => done()))
      await rm(temporary, { force: true })
      throw error
    }
    const stored = await this.stat(key)
    if (!stored) throw new Error(`Arquivo não encontrado após gravação: ${key}`)
    return stored
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key))
      if (!info.isFile()) return null
      return { key, size: info.size, lastModified: info.mtime }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  read(key: string, range?: ByteRange): Readable {
    // A player's Range request (a few hundred KB) is read in one go instead of 64 KB at a time, and
    // whole files in larger chunks: fewer reads and socket writes per byte (docs/performance.md).
    const length = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY
    const highWaterMark = Math.max(READ_CHUNK_MIN, Math.min(length, READ_CHUNK_MAX))
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end, highWaterMark } : { highWaterMark })
  }

  localPath(key: string): string {
    return this.pathOf(key)
  }

  /** Local files are sent by the API's signed media path or by nginx, never by a store URL. */
  async presignGet(): Promise<null> {
    return null
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }
}
