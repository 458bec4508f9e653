import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { assertSafeKey, type ByteRange, type MediaStorage, type PresignOptions, type StoredObject } from './media-storage.js'

export interface S3StorageOptions {
  /** The server's URL for S3-compatible stores (MinIO, Ceph, R2…); unset for AWS itself. */
  endpoint?: string | undefined
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /**
   * Address objects as `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`: what most
   * S3-compatible servers need (S3_FORCE_PATH_STYLE).
   */
  forcePathStyle?: boolean | undefined
}

export interface S3PutOptions {
  /** User metadata kept with the object (`x-amz-meta-<name>`), e.g. the `sha256` written by `media:to-s3`. */
  metadata?: Record<string, string>
  contentType?: string
}

/** What HeadObject tells about an object: its size and date, and the user metadata kept with it. */
export interface S3ObjectHead extends StoredObject {
  metadata: Record<string, string>
}

/**
 * Large bodies go up in parts of this size, at most QUEUE_SIZE at a time: an upload holds about
 * PART_SIZE × QUEUE_SIZE bytes in memory whatever the file's size. A body smaller than one part is
 * sent with a single PutObject.
 */
export const S3_PART_SIZE = 8 * 1024 * 1024
const QUEUE_SIZE = 2

/** A store that cannot be reached answers at once rather than hold a listener's request. */
const CONNECTION_TIMEOUT_MS = 5_000

/** HeadObject answers 404 without a body ('NotFound'); GetObject names the missing key ('NoSuchKey'). */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'NotFound' || error.name === 'NoSuchKey') return true
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404
}

/** A missing object read like a missing file on local disk (code ENOENT), with the store's error as cause. */
function readError(key: string, error: unknown): Error {
  if (isNotFound(error)) {
    return Object.assign(new Error(`Objeto não encontrado no armazenamento: ${key}`, { cause: error }), { code: 'ENOENT' })
  }
  return error instanceof Error ? error : new Error(String(error))
}

/**
 * Media in an S3 bucket (AWS S3 or an S3-compatible server), STORAGE_DRIVER=s3. Objects are kept
 * under their keys at the bucket's root. There is no local path: ffmpeg gets a copy first
 * (modules/sessions/source-files.ts), and listeners may be sent a presigned URL.
 */
export class S3Storage implements MediaStorage {
  readonly driver = 's3' as const
  readonly bucket: string
  private readonly client: S3Client

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Only the checksums S3 itself requires: the SDK's default (a CRC trailer on every upload,
      // sent with aws-chunked encoding) is not understood by every S3-compatible server, and
      // media:to-s3 checks the bytes itself with SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
    })
  }

  /** Where the store is, for messages: the endpoint, or AWS's region. */
  describe(): string {
    return `bucket '${this.bucket}' em ${this.options.endpoint ?? `AWS S3 (${this.options.region})`}`
  }

  /**
   * Fails with a pt-BR message when the bucket cannot be used (missing, refused credentials,
   * unreachable): checked when the server starts and before a migration.
   */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
      if (status === 404) throw new Error(`O ${this.describe()} não existe; crie-o antes de usar STORAGE_DRIVER=s3.`, { cause: error })
      if (status === 401 || status === 403) {
        throw new Error(`Acesso negado ao ${this.describe()}: confira S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY.`, { cause: error })
      }
      const detail = error instanceof Error ? error.message : String(error)
      throw new Error(`Não foi possível usar o ${this.describe()}: ${detail}`, { cause: error })
    }
  }

  async put(key: string, body: Readable | Buffer, options: S3PutOptions = {}): Promise<StoredObject> {
    assertSafeKey(key)
    // Streamed: parts are read from the body as they are sent, never the whole file at once.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ...(options.metadata ? { Metadata: options.metadata } : {}),
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: S3_PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    })
    try {
      await upload.done()
    } catch (error) {
      // A body that failed half-way must not stay readable by the one who gave it.
      if (!Buffer.isBuffer(body)) body.destroy()
      throw error
    }
    const stored = await this.stat(key)
    if (!stored) throw new Error(`Objeto não encontrado após gravação: ${key}`)
    return stored
  }

  async stat(key: string): Promise<StoredObject | null> {
    const head = await this.head(key)
    return head && { key: head.key, size: head.size, lastModified: head.lastModified }
  }

  /** Size, date and user metadata of an object; null when there is none under `key`. */
  async head(key: string): Promise<S3ObjectHead | null> {
    assertSafeKey(key)
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return {
        key,
        size: answer.ContentLength ?? 0,
        lastModified: answer.LastModified ?? new Date(0),
        metadata: answer.Metadata ?? {},
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  /**
   * A stream of the object (or of `range`), returned at once like a file stream: GetObject is sent
   * when the stream is first read, its body flows with backpressure, and a failure (a missing
   * object has code ENOENT) is the stream's error. Destroying the stream aborts the request.
   */
  read(key: string, range?: ByteRange): Readable {
    assertSafeKey(key)
    const { client, bucket } = this
    const abort = new AbortController()
    let body: Readable | null = null
    let requested = false
    const stream = new Readable({
      highWaterMark: 256 * 1024,
      read() {
        if (body) {
          body.resume()
          return
        }
        if (requested) return
        requested = true
        const command = new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        })
        client.send(command, { abortSignal: abort.signal }).then(
          (answer) => {
            const source = answer.Body
            if (!(source instanceof Readable)) {
              stream.destroy(new Error(`Resposta sem corpo ao ler ${key}`))
              return
            }
            if (stream.destroyed) {
              source.destroy()
              return
            }
            body = source
            source.on('data', (chunk: Buffer) => {
              if (!stream.push(chunk)) source.pause()
            })
            source.once('end', () => stream.push(null))
            source.once('error', (error) => stream.destroy(readError(key, error)))
          },
          (error: unknown) => {
            if (!stream.destroyed) stream.destroy(readError(key, error))
          },
        )
      },
      destroy(error, done) {
        abort.abort()
        body?.destroy()
        done(error)
      },
    })
    return stream
  }

  /** ffmpeg cannot open an object in a bucket: it is copied to a local file first. */
  localPath(key: string): null {
    assertSafeKey(key)
    return null
  }

  /** A GET URL the store answers itself for `expiresInSeconds` (Range included), with the given Content-Type. */
  async presignGet(key: string, options: PresignOptions): Promise<string> {
    assertSafeKey(key)
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    })
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds })
  }

  /** Removes the object; one that is already gone is fine (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    assertSafeKey(key)
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
    } catch (error) {
      if (!isNotFound(error)) throw error
    }
  }

  /** Closes the client's idle connections (tests and the migration command end with it). */
  close(): void {
    this.client.destroy()
  }
}
