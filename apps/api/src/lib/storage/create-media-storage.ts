import type { AppConfig } from '../../config.js'
import { LocalDiskStorage } from './local-disk-storage.js'
import type { MediaStorage } from './media-storage.js'
import { S3Storage } from './s3-storage.js'

/** The media store STORAGE_DRIVER names: DATA_DIR/media on this disk, or an S3 bucket. */
export function createMediaStorage(storage: AppConfig['storage']): LocalDiskStorage | S3Storage {
  if (storage.driver === 'local') return new LocalDiskStorage(storage.root)
  return new S3Storage({
    endpoint: storage.endpoint,
    region: storage.region,
    bucket: storage.bucket,
    accessKeyId: storage.accessKeyId,
    secretAccessKey: storage.secretAccessKey,
    forcePathStyle: storage.forcePathStyle,
  })
}

/**
 * Fails with a pt-BR message when the store cannot be used (for S3: the bucket is missing, the
 * credentials are refused or the server does not answer); local disk is always usable.
 */
export async function checkMediaStorage(storage: MediaStorage): Promise<void> {
  if (storage instanceof S3Storage) await storage.checkBucket()
}
