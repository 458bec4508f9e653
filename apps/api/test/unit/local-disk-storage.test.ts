import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pbkdf2 } from 'node:crypto'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'

let base: string
let root: string
let storage: LocalDiskStorage

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'sintonia-storage-'))
  root = join(base, 'media')
  storage = new LocalDiskStorage(root)
})
afterEach(() => rmSync(base, { recursive: true, force: true }))

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort()
}

const pbkdf2Async = promisify(pbkdf2)
const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i))

describe('put / stat / read / delete', () => {
  it('stores a Buffer under the root and reports its size and time', async () => {
    const before = Date.now()
    const stored = await storage.put('audios/primeiro.mp3', bytes)
    expect(stored.key).toBe('audios/primeiro.mp3')
    expect(stored.size).toBe(256)
    expect(stored.lastModified).toBeInstanceOf(Date)
    expect(stored.lastModified.getTime()).toBeGreaterThanOrEqual(before - 2000)
    expect(readFileSync(join(root, 'audios', 'primeiro.mp3')).equals(bytes)).toBe(true)
    expect(await storage.stat('audios/primeiro.mp3')).toEqual(stored)
  })

  it('stores a stream made of several chunks', async () => {
    const chunks = [Buffer.from('primeira parte, '), Buffer.from('segunda parte, '), Buffer.from('fim')]
    const stored = await storage.put('music/faixa.mp3', Readable.from(chunks))
    expect(stored.size).toBe(Buffer.concat(chunks).length)
    expect((await collect(storage.read('music/faixa.mp3'))).toString()).toBe('primeira parte, segunda parte, fim')
  })

  it('replaces an existing object', async () => {
    await storage.put('audios/a.mp3', Buffer.from('velho conteúdo, mais longo'))
    const stored = await storage.put('audios/a.mp3', Buffer.from('novo'))
    expect(stored.size).toBe(4)
    expect((await collect(storage.read('audios/a.mp3'))).toString()).toBe('novo')
    expect(filesUnder(root)).toEqual(['audios/a.mp3'])
  })

  it('reads the whole object or an inclusive byte range', async () => {
    await storage.put('audios/r.mp3', bytes)
    expect((await collect(storage.read('audios/r.mp3'))).equals(bytes)).toBe(true)
    expect((await collect(storage.read('audios/r.mp3', { start: 10, end: 19 }))).equals(bytes.subarray(10, 20))).toBe(true)
    expect((await collect(storage.read('audios/r.mp3', { start: 255, end: 255 }))).equals(bytes.subarray(255))).toBe(true)
    expect((await collect(storage.read('audios/r.mp3', { start: 0, end: 0 }))).equals(bytes.subarray(0, 1))).toBe(true)
  })

  it('stat of a missing key is null, also when its folder does not exist', async () => {
    expect(await storage.stat('audios/nada.mp3')).toBeNull()
    expect(await storage.stat('pasta-inexistente/x.mp3')).toBeNull()
  })

  it('stat of a folder is null: only files are objects', async () => {
    await storage.put('audios/x.mp3', bytes)
    expect(await storage.stat('audios')).toBeNull()
  })

  it('delete removes the object and is quiet for a missing one', async () => {
    await storage.put('audios/d.mp3', bytes)
    await storage.delete('audios/d.mp3')
    expect(await storage.stat('audios/d.mp3')).toBeNull()
    expect(existsSync(join(root, 'audios', 'd.mp3'))).toBe(false)
    await expect(storage.delete('audios/d.mp3')).resolves.toBeUndefined()
  })

  it('reading a missing object fails on the stream', async () => {
    await expect(collect(storage.read('audios/nada.mp3'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('unsafe keys', () => {
  const unsafe = ['../x', '/etc/passwd', 'a/../../b', 'UPPER', '', 'audios/../../fora.mp3', 'audios//x.mp3', 'audios/.oculto']

  it.each(unsafe)('refuses %j for every operation and writes nothing', async (key) => {
    await expect(storage.put(key, Buffer.from('invasão'))).rejects.toThrow('Chave de armazenamento inválida')
    await expect(storage.put(key, Readable.from([Buffer.from('invasão')]))).rejects.toThrow('Chave de armazenamento inválida')
    await expect(storage.stat(key)).rejects.toThrow('Chave de armazenamento inválida')
    await expect(storage.delete(key)).rejects.toThrow('Chave de armazenamento inválida')
    expect(() => storage.read(key)).toThrow('Chave de armazenamento inválida')
    // Nothing appeared anywhere in the temporary folder (the root's parent included).
    expect(filesUnder(base)).toEqual([])
  })

  it('cannot delete a file outside the root', async () => {
    const outside = join(base, 'x')
    writeFileSync(outside, 'não me apague')
    await expect(storage.delete('../x')).rejects.toThrow()
    expect(readFileSync(outside, 'utf8')).toBe('não me apague')
  })

  it('refuses an overlong key', async () => {
    await expect(storage.put(`audios/${'a'.repeat(200)}.mp3`, bytes)).rejects.toThrow('Chave de armazenamento inválida')
  })
})

describe('failed writes', () => {
  it('leave no .part file and no object behind when the stream fails', async () => {
    let sent = false
    const failing = new Readable({
      read() {
        if (!sent) {
          sent = true
          this.push(Buffer.alloc(64 * 1024, 1))
          return
        }
        this.destroy(new Error('conexão interrompida'))
      },
    })
    await expect(storage.put('audios/quebrado.mp3', failing)).rejects.toThrow('conexão interrompida')
    expect(await storage.stat('audios/quebrado.mp3')).toBeNull()
    expect(filesUnder(root)).toEqual([])
    expect(filesUnder(base).some((f) => f.endsWith('.part'))).toBe(false)
  })

  it('leave no .part file even when the file opens only after the stream has failed', async () => {
    // A busy libuv pool (as under load) delays the file's open() past the failure of the pipeline.
    const busy: Promise<unknown>[] = []
    for (let i = 0; i < 200; i++) {
      for (let j = 0; j < 4; j++) busy.push(pbkdf2Async('x', 'y', 20_000, 32, 'sha256'))
      const failing = new Readable({
        read() {
          this.destroy(new Error('falhou'))
        },
      })
      await expect(storage.put(`audios/lento-${i}.mp3`, failing)).rejects.toThrow('falhou')
    }
    await Promise.all(busy)
    expect(filesUnder(root)).toEqual([])
  })

  it('keep the previous version of an object when its replacement fails', async () => {
    await storage.put('audios/v.mp3', Buffer.from('versão boa'))
    const failing = new Readable({
      read() {
        this.destroy(new Error('falhou'))
      },
    })
    await expect(storage.put('audios/v.mp3', failing)).rejects.toThrow('falhou')
    expect((await collect(storage.read('audios/v.mp3'))).toString()).toBe('versão boa')
    expect(filesUnder(root)).toEqual(['audios/v.mp3'])
  })

  it('are not confused by a folder standing where the object should be', async () => {
    mkdirSync(join(root, 'audios', 'pasta.mp3'), { recursive: true })
    await expect(storage.put('audios/pasta.mp3', bytes)).rejects.toThrow()
    expect(filesUnder(root)).toEqual([])
  })
})
