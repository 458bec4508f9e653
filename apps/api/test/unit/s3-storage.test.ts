import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { checkMediaStorage, createMediaStorage } from '../../src/lib/storage/create-media-storage.js'
import { S3_PART_SIZE, S3Storage } from '../../src/lib/storage/s3-storage.js'
import { startS3Server, type TestS3Server } from '../support/s3-server.js'

let s3: TestS3Server
let storage: S3Storage

beforeAll(async () => {
  s3 = await startS3Server()
  storage = new S3Storage(s3.storageOptions)
})
afterAll(async () => {
  storage?.close()
  await s3?.stop()
})

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
/** Requests to the server after `from` (an index into s3.requests). */
const requestsSince = (from: number) => s3.requests.slice(from)
describe('put / stat / read / delete on an S3-compatible server', () => {
  it('is the s3 driver, with no local path', () => {
    expect(storage.driver).toBe('s3')
    expect(storage.localPath('audios/qualquer.mp3')).toBeNull()
  })

  it('stores a Buffer and reports its size and time', async () => {
    const before = Date.now()
    const stored = await storage.put('audios/primeiro.mp3', bytes)
    expect(stored).toMatchObject({ key: 'audios/primeiro.mp3', size: 256 })
    // S3 dates have whole seconds.
    expect(stored.lastModified.getTime()).toBeGreaterThanOrEqual(before - 2000)
    expect(await storage.stat('audios/primeiro.mp3')).toEqual(stored)
    expect((await collect(storage.read('audios/primeiro.mp3'))).equals(bytes)).toBe(true)
  })

  it('stores a stream made of several chunks, and replaces an existing object', async () => {
    const chunks = [Buffer.from('primeira parte, '), Buffer.from('segunda parte, '), Buffer.from('fim')]
    await storage.put('music/faixa.mp3', Buffer.from('um conteúdo anterior, mais longo que o novo'))
    const stored = await storage.put('music/faixa.mp3', Readable.from(chunks))
    expect(stored.size).toBe(Buffer.concat(chunks).length)
    expect((await collect(storage.read('music/faixa.mp3'))).toString()).toBe('primeira parte, segunda parte, fim')
  })

  it('sends a body larger than one part as a multipart upload while it is still being read', async () => {
    const total = 12 * 1024 * 1024
    const chunkSize = 64 * 1024
    const hash = createHash('sha256')
    const from = s3.requests.length
    const partOneSent = () => requestsSince(from).some((r) => r.method === 'PUT' && /[?&]partNumber=1(&|$)/.test(r.url))
    let produced = 0
    async function* generated() {
      for (let offset = 0; offset < total; offset += chunkSize) {
        // Past the first part, wait for it to reach the server: a driver that read the whole body
        // before sending anything would wait here forever (and fail after 10 s).
        if (offset === S3_PART_SIZE + chunkSize) await expect.poll(partOneSent, { message: 'a primeira parte não foi enviada antes do fim do corpo', timeout: 10_000 }).toBe(true)
        const chunk = Buffer.alloc(chunkSize, (offset / chunkSize) % 251)
        chunk.writeUInt32BE(offset, 0)
        hash.update(chunk)
        produced += chunk.length
        yield chunk
      }
    }
    const stored = await storage.put('audios/grande.mp3', Readable.from(generated()))
    expect(produced).toBe(total)
    expect(stored.size).toBe(total)
    const seen = requestsSince(from)
    expect(seen.filter((r) => r.method === 'POST' && /[?&]uploads(=|&|$)/.test(r.url))).toHaveLength(1)
    expect(seen.filter((r) => r.method === 'PUT' && /[?&]partNumber=/.test(r.url))).toHaveLength(2)
    expect(seen.filter((r) => r.method === 'POST' && /[?&]uploadId=/.test(r.url))).toHaveLength(1)
    expect(sha256(await collect(storage.read('audios/grande.mp3')))).toBe(hash.digest('hex'))
    // A range across the parts' boundary.
    const across = await collect(storage.read('audios/grande.mp3', { start: S3_PART_SIZE - 2, end: S3_PART_SIZE + 5 }))
    expect(across).toHaveLength(8)
    expect(across.readUInt32BE(2)).toBe(S3_PART_SIZE)
  })

  it('keeps user metadata given at upload', async () => {
    await storage.put('audios/com-soma.mp3', bytes, { metadata: { sha256: sha256(bytes) }, contentType: 'audio/mpeg' })
    expect((await storage.head('audios/com-soma.mp3'))?.metadata).toEqual({ sha256: sha256(bytes) })
  })

  it('rejects when the body fails half-way, leaving no object', async () => {
    async function* failing() {
      yield Buffer.from('começo')
      throw new Error('disco arrancado')
    }
    await expect(storage.put('audios/falhou.mp3', Readable.from(failing()))).rejects.toThrow('disco arrancado')
    expect(await storage.stat('audios/falhou.mp3')).toBeNull()
  })

  it('stat of a missing object is null', async () => {
    expect(await storage.stat('audios/nao-existe.mp3')).toBeNull()
  })

  it('reads exact byte ranges', async () => {
    await storage.put('audios/faixa.mp3', bytes)
    expect([...(await collect(storage.read('audios/faixa.mp3', { start: 10, end: 19 })))]).toEqual(
      Array.from({ length: 10 }, (_, i) => 10 + i),
    )
    expect([...(await collect(storage.read('audios/faixa.mp3', { start: 255, end: 255 })))]).toEqual([255])
    expect((await collect(storage.read('audios/faixa.mp3', { start: 0, end: 255 }))).equals(bytes)).toBe(true)
  })

  it('returns the read stream at once and asks the server only when it is read', async () => {
    await storage.put('audios/preguica.mp3', bytes)
    const from = s3.requests.length
    const send = vi.spyOn(S3Client.prototype, 'send')
    try {
      const stream = storage.read('audios/preguica.mp3')
      // Nothing is asked while it is made, nor once the event loop has run what it queued.
      expect(send).not.toHaveBeenCalled()
      await new Promise((resolve) => setImmediate(resolve))
      expect(send).not.toHaveBeenCalled()
      expect(requestsSince(from)).toEqual([])
      expect((await collect(stream)).equals(bytes)).toBe(true)
      expect(send).toHaveBeenCalledTimes(1)
    } finally {
      send.mockRestore()
    }
    expect(requestsSince(from).map((r) => r.method)).toEqual(['GET'])
  })

  it('a stream destroyed before its end closes without an error', async () => {
    const stream = storage.read('audios/grande.mp3')
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve))
    expect(first.length).toBeGreaterThan(0)
    stream.destroy()
    await new Promise((resolve) => stream.once('close', resolve))
    expect(stream.errored).toBeNull()
  })

  it('reading a missing object fails the stream like a missing file (ENOENT)', async () => {
    await expect(collect(storage.read('audios/sumiu.mp3'))).rejects.toMatchObject({
      code: 'ENOENT',
      message: 'Objeto não encontrado no armazenamento: audios/sumiu.mp3',
    })
  })

  it('delete removes the object; deleting a missing one is fine', async () => {
    await storage.put('audios/apagar.mp3', bytes)
    await storage.delete('audios/apagar.mp3')
    expect(await storage.stat('audios/apagar.mp3')).toBeNull()
    await expect(storage.delete('audios/apagar.mp3')).resolves.toBeUndefined()
    await expect(storage.delete('audios/nunca-existiu.mp3')).resolves.toBeUndefined()
  })
})

describe('keys', () => {
  const bad = ['../segredo', '/etc/passwd', 'audios/../../x', 'Audios/X.mp3', '', 'a'.repeat(201), 'audios/a b.mp3']

  it.each(bad)('refuses %j without asking the server', async (key) => {
    const from = s3.requests.length
    const message = /Chave de armazenamento inválida/
    await expect(storage.put(key, bytes)).rejects.toThrow(message)
    await expect(storage.stat(key)).rejects.toThrow(message)
    await expect(storage.delete(key)).rejects.toThrow(message)
    await expect(storage.presignGet(key, { expiresInSeconds: 60 })).rejects.toThrow(message)
    expect(() => storage.read(key)).toThrow(message)
    expect(() => storage.localPath(key)).toThrow(message)
    expect(requestsSince(from)).toEqual([])
  })
})

describe('presigned GET', () => {
  it('gives a URL the server answers itself, whole or by range, with the Content-Type asked for', async () => {
    await storage.put('audios/assinado.mp3', bytes)
    const url = await storage.presignGet('audios/assinado.mp3', { expiresInSeconds: 60, contentType: 'audio/mpeg' })
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/audios/assinado.mp3?`)).toBe(true)
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60')

    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/mpeg')
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)

    const ranged = await fetch(url, { headers: { Range: 'bytes=100-109' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe('bytes 100-109/256')
    expect([...Buffer.from(await ranged.arrayBuffer())]).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i))
  })
})

describe('from the configuration', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sintonia-s3-config-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('STORAGE_DRIVER=s3 with every setting makes an S3 store that reaches the bucket', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env })
    expect(config.storage).toMatchObject({ driver: 's3', bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true })
    const fromConfig = createMediaStorage(config.storage)
    try {
      expect(fromConfig).toBeInstanceOf(S3Storage)
      await expect(checkMediaStorage(fromConfig)).resolves.toBeUndefined()
      await fromConfig.put('music/da-config.mp3', bytes)
      expect((await storage.stat('music/da-config.mp3'))?.size).toBe(256)
    } finally {
      ;(fromConfig as S3Storage).close()
    }
  })

  it('refuses a STORAGE_DRIVER=s3 configuration missing a setting, in pt-BR', () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = s3.env
    expect(() => loadConfig({ DATA_DIR: dataDir, ...withoutBucket })).toThrow('S3_BUCKET: obrigatório quando STORAGE_DRIVER=s3')
  })

  it('a missing bucket or an unreachable server is a pt-BR error before any upload', async () => {
    const missing = new S3Storage({ ...s3.storageOptions, bucket: 'nao-existe' })
    const nowhere = new S3Storage({ ...s3.storageOptions, endpoint: 'http://127.0.0.1:1' })
    try {
      await expect(missing.checkBucket()).rejects.toThrow(`O bucket 'nao-existe' em ${s3.endpoint} não existe; crie-o antes de usar STORAGE_DRIVER=s3.`)
      await expect(nowhere.checkBucket()).rejects.toThrow("Não foi possível usar o bucket 'sintonia-media' em http://127.0.0.1:1:")
    } finally {
      missing.close()
      nowhere.close()
    }
  })
})
