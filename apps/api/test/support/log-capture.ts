import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyServerOptions } from 'fastify'
import { inject } from 'vitest'
import type { AppConfig } from '../../src/config.js'
import { loggerOptions } from '../../src/logger.js'

/**
 * "Secrets never in logs" (security suite). Every test app logs at debug level, through the
 * production logger options (same redaction), into the run's log folder; tests record each secret
 * they handle (passwords, sign-in tokens, signing secrets). When the run ends, the global teardown
 * scans every log line for every secret: one hit fails the run.
 */
function logDir(): string | null {
  try {
    return inject('testLogDir') || null
  } catch {
    return null
  }
}

/** The production logger options writing every line, synchronously, to this worker's log file. */
export function capturingLogger(config: AppConfig): FastifyServerOptions['logger'] {
  const dir = logDir()
  if (!dir) return false
  const base = loggerOptions(config)
  const file = join(dir, `api-${process.pid}.ndjson`)
  return {
    ...(typeof base === 'object' && base !== null ? base : {}),
    level: 'debug',
    stream: { write: (line: string) => appendFileSync(file, line) },
  } as FastifyServerOptions['logger']
}

/** Records a secret the logs must never contain (values shorter than 8 characters are ignored). */
export function rememberSecret(kind: string, value: string | null | undefined): void {
  const dir = logDir()
  if (!dir || !value || value.length < 8) return
  appendFileSync(join(dir, `secrets-${process.pid}.ndjson`), `${JSON.stringify({ kind, value })}\n`)
}

export interface LogScan {
  files: number
  lines: number
  secrets: number
  hits: { kind: string; file: string }[]
}

/** Looks for every recorded secret in every log file of the folder. */
export function scanLogsForSecrets(dir: string): LogScan {
  const names = readdirSync(dir)
  const secrets = new Map<string, string>()
  for (const name of names.filter((n) => n.startsWith('secrets-'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean)) {
      const { kind, value } = JSON.parse(line) as { kind: string; value: string }
      secrets.set(value, kind)
    }
  }
  const scan: LogScan = { files: 0, lines: 0, secrets: secrets.size, hits: [] }
  for (const name of names.filter((n) => n.endsWith('.ndjson') && !n.startsWith('secrets-'))) {
    const text = readFileSync(join(dir, name), 'utf8')
    scan.files++
    scan.lines += text.split('\n').length - 1
    for (const [value, kind] of secrets) {
      if (text.includes(value) || text.includes(encodeURIComponent(value))) scan.hits.push({ kind, file: name })
    }
  }
  return scan
}

/** A log line as the production logger writes it (pino's JSON). */
export interface LogLine {
  level: number
  msg: string
  reqId?: string
  [key: string]: unknown
}

/**
 * The production logger options (same redaction and serializers) writing into memory, for a test
 * that reads what its requests logged: `logger` goes to buildTestApp, `lines` are the raw lines as
 * written, `parsed()` the same as objects.
 */
export function memoryLogger(config: AppConfig): { logger: FastifyServerOptions['logger']; lines: string[]; parsed: () => LogLine[] } {
  const lines: string[] = []
  const base = loggerOptions(config)
  const logger = {
    ...(typeof base === 'object' && base !== null ? base : {}),
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    }),
  } as FastifyServerOptions['logger']
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as LogLine) }
}
