import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { distributionFfmpegPath } from '../../apps/api/src/lib/media/ffmpeg'
import { freePort } from '../../apps/api/test/support/free-port'
import { waitForText } from '../../apps/api/test/support/process-output'
import type { Preparation } from './preparation'
import { writePreparation } from './prepare-database'
import { templateDirFromRoot } from './run-paths'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/**
 * The journeys' servers render with the distribution's ffmpeg where it is installed (CI installs
 * it), as production does: the npm package's build costs about 2.5 times the CPU for the same
 * mixes, and the journeys' sessions share two cores with Chromium (ADR 038). The API's own tests
 * keep the package's binary (its static build starts a process for a tenth of the CPU, and they
 * start hundreds of short ones), so both run in every CI run.
 */
const deployedFfmpeg = distributionFfmpegPath()
const DEPLOYED_FFMPEG = deployedFfmpeg ? { FFMPEG_PATH: deployedFfmpeg } : {}
/** The run's migrated and seeded database (built by e2e/support/global-setup.ts). */
export const templateDir = join(repoRoot, templateDirFromRoot)

/** The production build running as a process of its own on a free port, answering /api/health. */
export interface ServerProcess {
  baseURL: string
  /** Its DATA_DIR (e.g. for `createAdmin(…, server.dataDir)`). */
  dataDir: string
  /** Stops it (SIGTERM, waiting for its exit) and removes its DATA_DIR. */
  stop(): Promise<void>
}

/**
 * Starts `apps/api/dist/server.js` on `port` (a free one unless given) over `dataDir` (NODE_ENV=test,
 * warnings only, PUBLIC_URL its own address unless `env` says otherwise; `env` adds or overrides)
 * and resolves once it says it is listening; fails with the end of its output if it exits or takes
 * over 90 s.
 */
export async function startServerProcess({
  dataDir,
  env = {},
  port: wantedPort,
  cpus,
}: {
  dataDir: string
  env?: Record<string, string>
  port?: number
  /** The CPUs (as `taskset -c` names them) the server and the ffmpeg it starts may run on. */
  cpus?: string
}): Promise<ServerProcess> {
  const port = wantedPort ?? (await freePort())
  const baseURL = `http://localhost:${port}`
  const command = [process.execPath, 'apps/api/dist/server.js']
  // taskset runs the server in its own place (the same process), so it is stopped as before.
  const [file, ...args] = cpus ? ['taskset', '-c', cpus, ...command] : command
  const child: ChildProcess = spawn(file!, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...DEPLOYED_FFMPEG, ...env },
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
export async function startPreparedServer(preparation: Preparation, env: Record<string, string> = {}, options: { cpus?: string } = {}): Promise<PreparedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-e2e-prepared-'))
  copyTemplate(dataDir)
  await prepareDatabase(dataDir, preparation)
  return startServerProcess({ dataDir, env, ...options })
}

/**
 * Fills `dataDir` with a copy of the run's migrated and seeded database and media, so a server
 * started on it skips the migrations and the seed (they find nothing to do). Without a template
 * (a journey run outside the usual setup) the server migrates and seeds as on a first start.
 */
export function copyTemplate(dataDir: string): void {
  if (existsSync(templateDir)) cpSync(templateDir, dataDir, { recursive: true })
}

/**
 * Writes `preparation` into the database of `dataDir` (e2e/support/prepare-database.ts): the
 * embedded one before its server starts, or the PostgreSQL database `env.DATABASE_URL` names.
 */
export async function prepareDatabase(dataDir: string, preparation: Preparation, env: Record<string, string> = {}): Promise<void> {
  await writePreparation(dataDir, preparation, { databaseUrl: env.DATABASE_URL })
}

export function startServerWithLandingContent(content: unknown): Promise<PreparedServer> {
  return startPreparedServer({ landingContent: content })
}
