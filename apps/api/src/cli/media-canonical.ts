/**
 * `npm run media:canonical`
 *
 * Converts every audio and background track stored before ADR 026 into the canonical form (MP3
 * 48 kHz, −16 LUFS, −1 dBTP, an audio mono, a track stereo; docs/decisions/026-canonical-media.md,
 * 034-session-sound-quality.md), each under a new key,
 * then removes the sessions rendered from the old files (the stale-session sweep). Rows already
 * canonical are skipped, so the command can be run again after an interruption or a failure.
 *
 * With the embedded database (no DATABASE_URL) the server must be stopped: PGlite is opened by
 * one process at a time. With PostgreSQL it may run beside the servers.
 *
 * Exit codes: 0 done (or nothing to do); 1 bad arguments or configuration; 2 a file failed or the
 * database, storage or ffmpeg could not be used (the rest is still converted; run it again).
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase, type DatabaseHandle } from '../db/client.js'
import { EXIT, runWhenStarted, startCli, type CliIo, type ParsedArgs } from '../lib/cli/cli-start.js'
import { locateFfmpeg, type Ffmpeg } from '../lib/media/ffmpeg.js'
import { readLiveServerInfo } from '../lib/server-info.js'
import { createMediaStorage } from '../lib/storage/create-media-storage.js'
import type { MediaStorage } from '../lib/storage/media-storage.js'
import { convertToCanonical } from '../modules/catalogue/canonical-media-service.js'
import { sweepStale } from '../modules/sessions/session-cache.js'

export const MEDIA_CANONICAL_USAGE = [
  'Uso: npm run media:canonical',
  '',
  'Converte os áudios e as músicas de fundo ainda não convertidos para o formato único guardado',
  '(MP3 48 kHz, áudios em mono e músicas de fundo em estéreo, volume normalizado em −16 LUFS,',
  'pico −1 dBTP), cada um com um novo nome,',
  'e remove as sessões geradas dos arquivos antigos. Pode ser rodado de novo: o que já foi',
  'convertido é pulado. Com o banco embutido (sem DATABASE_URL), pare o servidor antes.',
].join('\n')

export interface MediaCanonicalIo extends CliIo {
  /** Already-open database, storage and ffmpeg (tests); otherwise from the configuration. */
  database?: DatabaseHandle
  storage?: MediaStorage
  ffmpeg?: Ffmpeg | null
}

export function parseMediaCanonicalArgs(argv: string[]): ParsedArgs<object> {
  try {
    const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false })
    if (values.help) return { ok: false, message: '', help: true }
    return { ok: true }
  } catch (error) {
    return { ok: false, message: `Argumentos inválidos (${error instanceof Error ? error.message : String(error)}).` }
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const kind = (table: 'audios' | 'music') => (table === 'audios' ? 'áudio' : 'música')

/** The whole command; returns the exit code. */
export async function runMediaCanonical(argv: string[], io: MediaCanonicalIo = {}): Promise<number> {
  const start = startCli(argv, io, parseMediaCanonicalArgs, MEDIA_CANONICAL_USAGE)
  if (start.exit !== undefined) return start.exit
  const { config, out, err } = start

  const ffmpeg = io.ffmpeg === undefined ? locateFfmpeg(config.ffmpegPath) : io.ffmpeg
  if (!ffmpeg) {
    err('ffmpeg não encontrado: instale-o ou defina FFMPEG_PATH.')
    return EXIT.failure
  }
  const server = config.databaseUrl || io.database ? null : readLiveServerInfo(config.dataDir)
  if (server) {
    err(`O servidor está em execução (pid ${server.pid}) com o banco embutido: pare-o e rode o comando de novo.`)
    return EXIT.failure
  }
  const storage = io.storage ?? createMediaStorage(config.storage)
  let database: DatabaseHandle | undefined = io.database
  try {
    if (!database) {
      database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: join(config.dataDir, 'pglite') })
      await database.migrate()
    }
    const log = { info: () => undefined, warn: (obj: object, msg: string) => err(`${msg}: ${JSON.stringify(obj)}`), error: (obj: object, msg: string) => err(`${msg}: ${JSON.stringify(obj)}`) }
    const deps = { db: database.db, storage, ffmpeg, log, workDir: join(config.dataDir, 'canonical-tmp') }
    const report = await convertToCanonical(deps, (item, outcome, reason) => {
      if (outcome === 'converted') out(`convertido: ${kind(item.table)} “${item.title}” (${item.fileKey})`)
      else if (outcome === 'skipped') out(`pulado (arquivo trocado durante a conversão): ${kind(item.table)} “${item.title}”`)
      else err(`falhou: ${kind(item.table)} “${item.title}” (${item.fileKey}): ${reason}`)
    })
    const removed = await sweepStale({ db: database.db, storage, log, maxBytes: config.sessions.cacheMaxBytes })
    out(
      `${count(report.converted.length, 'arquivo convertido', 'arquivos convertidos')}, ${count(report.skipped.length, 'pulado', 'pulados')}, ` +
        `${count(report.failed.length, 'com falha', 'com falha')}; ${count(removed, 'sessão antiga removida', 'sessões antigas removidas')}.`,
    )
    return report.failed.length > 0 ? EXIT.failure : EXIT.ok
  } catch (error) {
    err(`Falha na conversão: ${error instanceof Error ? error.message : String(error)}`)
    return EXIT.failure
  } finally {
    if (!io.database) await database?.close()
    if (!io.storage && 'close' in storage && typeof storage.close === 'function') storage.close()
  }
}

runWhenStarted(import.meta.url, runMediaCanonical)
