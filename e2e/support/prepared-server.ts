import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../apps/api/test/support/free-port'
import { waitForText } from '../../apps/api/test/support/process-output'
import type { Preparation } from './preparation'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The production build running as a process of its own on a free port, answering /api/health. */
export interface ServerProcess {
  baseURL: string
  /** Its DATA_DIR (e.g. for `createAdmin(…, server.dataDir)`). */
  dataDir: string
  /** Stops it (SIGTERM, waiting for its exit) and removes its DATA_DIR. */
  stop(): Promise<void>
}

/**
 * Starts `apps/api/dist/server.js` on a free port over `dataDir` (NODE_ENV=test, warnings only,
 * PUBLIC_URL its own address unless `env` says otherwise; `env` adds or overrides) and resolves
 * once it says it is listening; fails with the end of its output if it exits or takes over 90 s.
 */
export async function startServerProcess({ dataDir, env = {} }: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout = (stdout + chunk).slice(-4000)))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    // The server says so once it listens, after its migrations and seed (apps/api/src/server.ts).
    await waitForText(child, () => stdout, 'Sintonia está no ar:', { timeoutMs: 90_000, describe: (why) => `o servidor não iniciou: ${why}\n${stderr}` })
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A server started by `startPreparedServer`. */
export type PreparedServer = ServerProcess

/**
 * A second instance of the production build on its own embedded database, prepared before start
 * (stored landing content, paid checkouts): how a journey sees state that admins or the payment
 * provider would have produced. `env` adds to its environment (e.g. REMINDER_INTERVAL_SECONDS, SMTP_URL).
 */
export async function startPreparedServer(preparation: Preparation, env: Record<string, string> = {}): Promise<PreparedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-e2e-prepared-'))
  prepareDatabase(dataDir, preparation)
  return startServerProcess({ dataDir, env })
}

/**
 * Writes `preparation` into the database of `dataDir` (e2e/support/prepare-database.ts): the
 * embedded one before its server starts, or the PostgreSQL database `env.DATABASE_URL` names.
 */
export function prepareDatabase(dataDir: string, preparation: Preparation, env: Record<string, string> = {}): void {
  const contentFile = join(dataDir, 'preparation.json')
  writeFileSync(contentFile, JSON.stringify(preparation))
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/prepare-database.ts', dataDir, contentFile], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (prepared.status !== 0) throw new Error(`preparação do banco falhou: ${prepared.stderr}`)
}

export function startServerWithLandingContent(content: unknown): Promise<PreparedServer> {
  return startPreparedServer({ landingContent: content })
}
