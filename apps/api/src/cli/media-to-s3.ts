/**
 * `npm run media:to-s3 [-- --quick]`
 *
 * Copies the media kept on local disk (DATA_DIR/media) into the S3 bucket named by the S3_*
 * settings (STORAGE_DRIVER=s3), then checks the bucket against the disk. Each file becomes the
 * object of the same key (`audios/<uuid>.mp3` → `audios/<uuid>.mp3`) with its SHA-256 kept as
 * object metadata `sha256`; an object already there with the same size and `sha256` is not sent
 * again, so the command can be run again after an interruption. Temporaries (`*.part`) are skipped.
 *
 * The check: every local file has its object, of the same size and `sha256`, and (unless --quick)
 * the object's bytes read back hash to the local file's SHA-256.
 *
 * Exit codes: 0 copied and checked; 1 bad arguments or configuration (usage printed); 2 the bucket
 * could not be used, a copy failed or the check found differences (each one listed).
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { formatBytes } from '@sintonia/contract'
import { EXIT, runWhenStarted, startCli, type CliIo, type ParsedArgs } from '../lib/cli/cli-start.js'
import { createMediaStorage } from '../lib/storage/create-media-storage.js'
import { assertSafeKey } from '../lib/storage/media-storage.js'
import type { S3Storage } from '../lib/storage/s3-storage.js'

export const MEDIA_TO_S3_USAGE = [
  'Uso: npm run media:to-s3 [-- --quick]',
  '',
  '  --quick   confere só tamanho e soma SHA-256 guardada nos metadados (sem reler cada objeto)',
  '',
  'Copia os arquivos de DATA_DIR/media para o bucket S3 configurado (STORAGE_DRIVER=s3 e S3_*),',
  'pulando os que já estão lá iguais, e confere o bucket contra o disco.',
].join('\n')


/** Files hashed, sent and read back at the same time. */
const CONCURRENCY = 4
/** The object metadata (`x-amz-meta-sha256`) holding the file's SHA-256 in hex. */
export const SHA256_METADATA = 'sha256'

export type MediaToS3Io = CliIo

interface LocalFile {
  key: string
  path: string
  size: number
}

type Parsed = ParsedArgs<{ quick: boolean }>

export function parseMediaToS3Args(argv: string[]): Parsed {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { quick: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    })
    if (values.help) return { ok: false, message: '', help: true }
    return { ok: true, quick: values.quick ?? false }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, message: `Argumentos inválidos (${detail}).` }
  }
}

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

const files = (n: number) => `${number.format(n)} ${n === 1 ? 'arquivo' : 'arquivos'}`
const detail = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Runs `work` over `items`, at most CONCURRENCY at a time, in no promised order. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker))
}

/** Every regular file under `root` but `*.part` temporaries, with the key it is stored under. */
async function localFiles(root: string): Promise<{ files: LocalFile[]; refused: string[] }> {
  const found: LocalFile[] = []
  const refused: string[] = []
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue
    const path = join(entry.parentPath, entry.name)
    const key = relative(root, path).split(sep).join('/')
    try {
      assertSafeKey(key)
    } catch {
      refused.push(key)
      continue
    }
    found.push({ key, path, size: statSync(path).size })
  }
  found.sort((a, b) => a.key.localeCompare(b.key))
  return { files: found, refused: refused.sort() }
}

/** The whole command; returns the exit code. */
export async function runMediaToS3(argv: string[], io: MediaToS3Io = {}): Promise<number> {
  const start = startCli(argv, io, parseMediaToS3Args, MEDIA_TO_S3_USAGE)
  if (start.exit !== undefined) return start.exit
  const { args: parsed, config, out, err } = start
  if (config.storage.driver !== 's3') {
    err('Defina STORAGE_DRIVER=s3 e as variáveis S3_* do bucket de destino (as mesmas que o servidor vai usar).')
    err('')
    err(MEDIA_TO_S3_USAGE)
    return EXIT.usage
  }
  const root = join(config.dataDir, 'media')
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    err(`A pasta de mídia não existe: ${root} (confira DATA_DIR).`)
    return EXIT.usage
  }

  const storage = createMediaStorage(config.storage) as S3Storage
  try {
    try {
      await storage.checkBucket()
    } catch (error) {
      err(detail(error))
      return EXIT.failure
    }
    const { files: local, refused } = await localFiles(root)
    out(`Copiando ${files(local.length)} de ${root} para o ${storage.describe()}.`)
    for (const key of refused) err(`Ignorado (não é um nome de arquivo de mídia do Sintonia): ${key}`)

    // 1. Copy what is missing or different, the SHA-256 of each local file kept beside it.
    const hashes = new Map<string, string>()
    const problems: string[] = []
    let copied = 0
    let present = 0
    await eachLimited(local, async (file) => {
      try {
        const sha256 = await sha256Of(createReadStream(file.path))
        hashes.set(file.key, sha256)
        const head = await storage.head(file.key)
        if (head && head.size === file.size && head.metadata[SHA256_METADATA] === sha256) {
          present += 1
          return
        }
        await storage.put(file.key, createReadStream(file.path), { metadata: { [SHA256_METADATA]: sha256 } })
        copied += 1
        out(`copiado: ${file.key} (${formatBytes(file.size)})`)
      } catch (error) {
        problems.push(`${file.key}: a cópia falhou (${detail(error)})`)
      }
    })

    // 2. Check every file against its object: size and stored sum, then (unless --quick) the bytes.
    let checkedBytes = 0
    let checked = 0
    await eachLimited(
      local.filter((file) => hashes.has(file.key)),
      async (file) => {
        const expected = hashes.get(file.key)!
        try {
          const head = await storage.head(file.key)
          if (!head) return void problems.push(`${file.key}: ausente no bucket`)
          if (head.size !== file.size) return void problems.push(`${file.key}: ${head.size} bytes no bucket, ${file.size} no disco`)
          if (head.metadata[SHA256_METADATA] !== expected) {
            return void problems.push(`${file.key}: a soma SHA-256 guardada no bucket (${head.metadata[SHA256_METADATA] ?? 'nenhuma'}) difere da do disco`)
          }
          if (!parsed.quick && (await sha256Of(storage.read(file.key))) !== expected) {
            return void problems.push(`${file.key}: o conteúdo lido do bucket difere do arquivo no disco (soma SHA-256)`)
          }
          checked += 1
          checkedBytes += file.size
        } catch (error) {
          problems.push(`${file.key}: não foi possível conferir (${detail(error)})`)
        }
      },
    )

    const how = parsed.quick ? 'somas conferem (pelos metadados, --quick)' : 'somas conferem (conteúdo relido do bucket)'
    out(
      `${files(copied)} ${copied === 1 ? 'copiado' : 'copiados'}, ${number.format(present)} já ${present === 1 ? 'estava' : 'estavam'} no bucket` +
        `${refused.length > 0 ? `, ${number.format(refused.length)} ${refused.length === 1 ? 'ignorado' : 'ignorados'}` : ''}; ` +
        `verificados: ${files(checked)}, ${formatBytes(checkedBytes)}${problems.length === 0 ? `, ${how}` : ''}`,
    )
    if (problems.length > 0) {
      problems.sort()
      err(`A verificação falhou: ${files(problems.length)} com problema no ${storage.describe()}:`)
      for (const problem of problems) err(`  - ${problem}`)
      err('Rode o comando de novo para copiar outra vez o que faltou ou mudou; um objeto igual no tamanho e na soma guardada, mas de conteúdo diferente, precisa ser apagado do bucket antes.')
      return EXIT.failure
    }
    return EXIT.ok
  } finally {
    storage.close()
  }
}

runWhenStarted(import.meta.url, runMediaToS3)
