import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'

/**
 * An S3-compatible server for tests: s3rver (an npm package, a Koa app keeping objects in a
 * folder), started in this process on 127.0.0.1 at a free port, over a fresh temporary folder,
 * with one empty bucket. Self-contained: give `env` to loadConfig/buildTestApp, or to a server
 * process (test/support/server-process.ts), and every instance sees the same bucket.
 *
 *   const s3 = await startS3Server()
 *   const ctx = await buildTestApp({ env: s3.env, storage: new S3Storage(s3.storageOptions) })
 *   ...
 *   await s3.stop()
 *
 * What s3rver does and does not do (3.7): PutObject, multipart uploads, HeadObject, GetObject
 * with one Range, DeleteObject, HeadBucket, user metadata (x-amz-meta-*) and presigned GET URLs
 * (with response-content-type) all work; it accepts any well-formed V4 signature from its one
 * account without checking it (so a wrong secret key is not refused), and it does not understand
 * aws-chunked request bodies (the S3 driver sends none). Objects live on disk under `directory`.
 */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT. */
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** The folder s3rver keeps its buckets in (objects are under `<directory>/<bucket>/`). */
  directory: string
  /** STORAGE_DRIVER=s3 and every S3_* setting for this server, S3_FORCE_PATH_STYLE=true included. */
  env: Record<string, string>
  /** The same settings as S3Storage's options: `new S3Storage(s3.storageOptions)`. */
  storageOptions: {
    endpoint: string
    region: string
    bucket: string
    accessKeyId: string
    secretAccessKey: string
    forcePathStyle: true
  }
  /** The keys of the objects in the bucket now, sorted (read from s3rver's folder, not through S3). */
  keys(): string[]
  /** Every request the server has received so far, in order (method and path with query). */
  requests: S3Request[]
  /** Closes the server (open connections too) and removes its folder. */
  stop(): Promise<void>
}

export interface S3Request {
  method: string
  /** Path and query, e.g. `/sintonia-media/audios/x.mp3?partNumber=1&uploadId=…`. */
  url: string
}

interface S3rverOptions {
  address: string
  port: number
  silent: boolean
  directory: string
  resetOnClose: boolean
  vhostBuckets: boolean
  configureBuckets: { name: string }[]
}

interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  httpServer?: Server
}

type S3rverClass = new (options: S3rverOptions) => S3rverInstance

// s3rver is CommonJS without type declarations; these are the parts used here.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

/** s3rver's only account: it refuses requests signed with any other access key id. */
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'
const REGION = 'us-east-1'

/** s3rver keeps an object's bytes in `<directory>/<bucket>/<key>._S3rver_object` (metadata beside it). */
const OBJECT_SUFFIX = '._S3rver_object'

function keysUnder(root: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
    .map((entry) => relative(root, join(entry.parentPath, entry.name.slice(0, -OBJECT_SUFFIX.length))).split(sep).join('/'))
    .sort()
}

export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'sintonia-media'
  const directory = mkdtempSync(join(tmpdir(), 'sintonia-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    // Port 0: the system picks a free one, read back from the listening socket.
    port: 0,
    silent: true,
    directory,
    resetOnClose: false,
    // Path-style only: a Host header is never taken for a bucket name.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  let address: AddressInfo
  try {
    address = await server.run()
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw error
  }
  const endpoint = `http://127.0.0.1:${address.port}`
  const requests: S3Request[] = []
  server.httpServer?.on('request', (request: IncomingMessage) => requests.push({ method: request.method ?? '', url: request.url ?? '' }))
  let stopped = false
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: REGION,
    directory,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storageOptions: { endpoint, region: REGION, bucket, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY, forcePathStyle: true },
    requests,
    keys: () => keysUnder(join(directory, bucket)),
    async stop() {
      if (stopped) return
      stopped = true
      const closing = server.close()
      // Keep-alive sockets of clients would hold close() open until they time out.
      server.httpServer?.closeAllConnections()
      await closing
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
