import { createReadStream } from 'node:fs'
import { randomUUID } from 'node:crypto'
import type { MediaStorage, StoredObject } from '../storage/media-storage.js'

/**
 * Moves an accepted temporary file into media storage under a generated key
 * `<folder>/<uuid>.<ext>` (nothing the admin typed or the file was called ends up in it).
 */
export async function storeUpload(storage: MediaStorage, file: { path: string }, folder: 'audios' | 'music' | 'videos', ext: string): Promise<StoredObject> {
  const key = `${folder}/${randomUUID()}.${ext}`
  return storage.put(key, createReadStream(file.path))
}

/** Deletes stored objects, logging instead of failing: the database change already happened. */
export async function deleteStoredQuietly(storage: MediaStorage, keys: (string | null | undefined)[], log: { warn: (obj: object, msg: string) => void }) {
  for (const key of keys) {
    if (!key) continue
    try {
      await storage.delete(key)
    } catch (error) {
      log.warn({ err: error, key }, 'stored media file not removed')
    }
  }
}
