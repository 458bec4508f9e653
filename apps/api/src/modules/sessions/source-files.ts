import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import type { MediaStorage } from '../../lib/storage/media-storage.js'

/**
 * Files ffmpeg can open for stored keys: the file itself on local disk; otherwise a copy kept under
 * `cacheDir` (stored keys never change content, so a copy stays valid for as long as the key exists).
 */
export function sourceFiles(storage: MediaStorage, cacheDir: string) {
  return async function pathsOf(keys: readonly string[]): Promise<Map<string, string>> {
    const paths = new Map<string, string>()
    for (const key of keys) {
      const local = storage.localPath(key)
      if (local) {
        paths.set(key, local)
        continue
      }
      const copy = join(cacheDir, key.replaceAll('/', '__'))
      const present = await stat(copy).then(
        () => true,
        () => false,
      )
      if (!present) {
        await mkdir(cacheDir, { recursive: true })
        const temporary = `${copy}.${randomUUID()}.part`
        try {
          await pipeline(storage.read(key), createWriteStream(temporary))
          await rename(temporary, copy)
        } finally {
          await rm(temporary, { force: true })
        }
      }
      paths.set(key, copy)
    }
    return paths
  }
}
