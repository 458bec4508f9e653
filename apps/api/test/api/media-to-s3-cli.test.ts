/**
 * `npm run media:to-s3`: a DATA_DIR/media tree copied into an s3rver bucket and checked; a second
 * run sends nothing; a changed or missing object is sent again; an object whose bytes differ
 * while its size and stored sum do not fails the check (exit 2, listed).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBytes } from '@sintonia/contract'
import { MEDIA_TO_S3_USAGE, runMediaToS3 } from '../../src/cli/media-to-s3.js'
import { S3Storage } from '../../src/lib/storage/s3-storage.js'
import { API_ROOT } from '../../src/paths.js'
import { startS3Server, type TestS3Server } from '../support/s3-server.js'

let s3: TestS3Server
let storage: S3Storage
let dataDir: string
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The media tree of a running install: audios, music, covers, a render, and leftovers to skip. */
const tree: Record<string, Buffer> = {
  'audios/0b6c1d2e-0000-4000-8000-000000000001.mp3': Buffer.alloc(70_000, 1),
  'audios/0b6c1d2e-0000-4000-8000-000000000002.mp3': Buffer.from('uma voz curta'),
  'music/0b6c1d2e-0000-4000-8000-000000000003.mp3': Buffer.alloc(9 * 1024 * 1024, 3),
  'covers/0b6c1d2e-0000-4000-8000-000000000004-320.webp': Buffer.alloc(1234, 4),
  'sessions/0123456789abcdef0123456789abcdef.mp3': Buffer.alloc(5000, 5),
}
const keys = Object.keys(tree).sort()

function write(relativePath: string, bytes: Buffer) {
  const path = join(dataDir, 'media', relativePath)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, bytes)
}

beforeAll(async () => {
  s3 = await startS3Server()
  storage = new S3Storage(s3.storageOptions)
  dataDir = mkdtempSync(join(tmpdir(), 'sintonia-media-to-s3-'))
  for (const [key, bytes] of Object.entries(tree)) write(key, bytes)
  // A write in progress (LocalDiskStorage's temporary) and a file that is no media key.
  write('audios/0b6c1d2e-0000-4000-8000-000000000001.mp3.5e1f.part', Buffer.from('pela metade'))
  write('Notas do Admin.txt', Buffer.from('lembrar de trocar a capa'))
})
afterAll(async () => {
  storage?.close()
  await s3?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function cli(args: string[] = [], env: Record<string, string> = s3.env) {
  const out: string[] = []
  const err: string[] = []
  const code = await runMediaToS3(args, { env: { DATA_DIR: dataDir, ...env }, out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const totalBytes = Object.values(tree).reduce((sum, bytes) => sum + bytes.length, 0)

describe('arguments and configuration', () => {
  it('--help prints the usage; an unknown argument exits 1 with it, before touching anything', async () => {
    expect(await cli(['--help'])).toMatchObject({ code: 0, out: MEDIA_TO_S3_USAGE })
    const bad = await cli(['--rapido'])
    expect(bad.code).toBe(1)
    expect(bad.err).toContain("Argumentos inválidos (Unknown option '--rapido')")
    expect(bad.err).toContain('Uso: npm run media:to-s3')
    expect(s3.keys()).toEqual([])
  })

  it('needs STORAGE_DRIVER=s3 and complete S3 settings (exit 1, pt-BR)', async () => {
    const local = await cli([], { STORAGE_DRIVER: 'local' })
    expect(local.code).toBe(1)
    expect(local.err).toContain('Defina STORAGE_DRIVER=s3 e as variáveis S3_* do bucket de destino')
    const { S3_REGION: _region, ...incomplete } = s3.env
    const missing = await cli([], incomplete)
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('S3_REGION: obrigatório quando STORAGE_DRIVER=s3')
  })

  it('a missing media folder exits 1; a missing bucket exits 2, both saying so in pt-BR', async () => {
    const nowhere = await runMediaToS3([], { env: { ...s3.env, DATA_DIR: join(dataDir, 'nao-existe') }, out: () => undefined, err: (line) => expect(line).toContain('A pasta de mídia não existe') })
    expect(nowhere).toBe(1)
    const noBucket = await cli([], { ...s3.env, S3_BUCKET: 'outro-bucket' })
    expect(noBucket.code).toBe(2)
    expect(noBucket.err).toBe(`O bucket 'outro-bucket' em ${s3.endpoint} não existe; crie-o antes de usar STORAGE_DRIVER=s3.`)
  })
})

describe('copying DATA_DIR/media into the bucket', () => {
  it('copies every file (not temporaries, not foreign names) with its SHA-256, then reads each back', async () => {
    const first = await cli()
    expect(first.err).toBe('Ignorado (não é um nome de arquivo de mídia do Sintonia): Notas do Admin.txt')
    expect(first.code).toBe(0)
    expect(first.out.split('\n').at(-1)).toBe(
      `5 arquivos copiados, 0 já estavam no bucket, 1 ignorado; verificados: 5 arquivos, ${formatBytes(totalBytes)}, somas conferem (conteúdo relido do bucket)`,
    )
    expect(s3.keys()).toEqual(keys)
    for (const [key, bytes] of Object.entries(tree)) {
      const head = await storage.head(key)
      expect(head).toMatchObject({ size: bytes.length, metadata: { sha256: sha256(bytes) } })
    }
    expect(formatBytes(totalBytes)).toBe('9,1 MB')
  })

  it('a second run sends nothing and checks everything again', async () => {
    const from = s3.requests.length
    const again = await cli()
    expect(again.code).toBe(0)
    expect(again.out).toContain('0 arquivos copiados, 5 já estavam no bucket, 1 ignorado; verificados: 5 arquivos')
    expect(s3.requests.slice(from).filter((r) => r.method === 'PUT' || r.method === 'POST')).toEqual([])
    // The full check read every object back; --quick reads none.
    expect(s3.requests.slice(from).filter((r) => r.method === 'GET' && !r.url.endsWith(`/${s3.bucket}`))).toHaveLength(5)
    const quickFrom = s3.requests.length
    const quick = await cli(['--quick'])
    expect(quick.code).toBe(0)
    expect(quick.out).toContain('somas conferem (pelos metadados, --quick)')
    expect(s3.requests.slice(quickFrom).filter((r) => r.method === 'GET' && r.url.includes('/audios/'))).toEqual([])
  })

  it('a file changed on disk and an object gone from the bucket are sent again', async () => {
    const changed = Buffer.from('uma voz regravada, mais longa que a primeira')
    write('audios/0b6c1d2e-0000-4000-8000-000000000002.mp3', changed)
    await storage.delete('sessions/0123456789abcdef0123456789abcdef.mp3')
    const run = await cli()
    expect(run.code).toBe(0)
    expect(run.out).toContain('copiado: audios/0b6c1d2e-0000-4000-8000-000000000002.mp3')
    expect(run.out).toContain('copiado: sessions/0123456789abcdef0123456789abcdef.mp3')
    expect(run.out).toContain('2 arquivos copiados, 3 já estavam no bucket')
    expect(await storage.head('audios/0b6c1d2e-0000-4000-8000-000000000002.mp3')).toMatchObject({ size: changed.length, metadata: { sha256: sha256(changed) } })
    tree['audios/0b6c1d2e-0000-4000-8000-000000000002.mp3'] = changed
  })

  it('an object whose bytes differ while its size and stored sum do not fails the full check (exit 2), naming it', async () => {
    const key = 'covers/0b6c1d2e-0000-4000-8000-000000000004-320.webp'
    const original = tree[key]!
    // Same length, same metadata, other bytes: what a damaged copy in the bucket looks like.
    await storage.put(key, Buffer.alloc(original.length, 9), { metadata: { sha256: sha256(original) } })
    const run = await cli()
    expect(run.code).toBe(2)
    expect(run.out).toContain('0 arquivos copiados, 5 já estavam no bucket, 1 ignorado; verificados: 4 arquivos')
    expect(run.out).not.toContain('somas conferem')
    expect(run.err).toContain(`A verificação falhou: 1 arquivo com problema no bucket '${s3.bucket}' em ${s3.endpoint}:`)
    expect(run.err).toContain(`  - ${key}: o conteúdo lido do bucket difere do arquivo no disco (soma SHA-256)`)
    // Only a read-back finds it: --quick trusts the stored sum.
    expect((await cli(['--quick'])).code).toBe(0)
    // Removed from the bucket, it is copied again and everything checks.
    await storage.delete(key)
    const repaired = await cli()
    expect(repaired.code).toBe(0)
    expect(repaired.out).toContain('1 arquivo copiado, 4 já estavam no bucket')
  })
})

describe('the real command line', () => {
  it('runs from the package script with the environment (exit 0, summary on stdout)', { timeout: 60_000 }, async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'cli', 'media-to-s3.ts'), '--quick'], {
        cwd: API_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          INIT_CWD: API_ROOT,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          ...s3.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      child.once('exit', (code) => done({ code, stdout, stderr }))
    })
    expect(result.stderr.trim()).toBe('Ignorado (não é um nome de arquivo de mídia do Sintonia): Notas do Admin.txt')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('0 arquivos copiados, 5 já estavam no bucket, 1 ignorado; verificados: 5 arquivos')
  })
})
