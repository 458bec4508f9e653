import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach } from 'vitest'
import { API_ROOT } from '../../src/paths.js'
import { waitForText } from './process-output.js'

/**
 * The real server as a child process (`node --import tsx apps/api/src/server.ts`), for tests
 * about the process itself: start, stop, configuration errors, database faults. Every process and
 * folder made here is killed/removed after each test.
 */
/** The monorepo root: the server is started from there, as `npm run dev` would. */
const REPO_ROOT = resolve(API_ROOT, '..', '..')
const SERVER = join('apps', 'api', 'src', 'server.ts')
export const START_TIMEOUT_MS = 60_000
const EXIT_TIMEOUT_MS = 20_000

/** Every variable the server reads, blank (= unset) so neither the runner's env nor a .env file leaks in. */
const CONFIG_KEYS = [
  'NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'LOG_LEVEL', 'AUTH_SECRET', 'TRUST_PROXY',
  'PAYMENT_GATEWAY', 'SANDBOX_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE',
  'ASAAS_API_KEY', 'ASAAS_WEBHOOK_TOKEN', 'ASAAS_API_BASE',
  'SMTP_URL', 'MAIL_FROM', 'STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
]

export interface Server {
  child: ChildProcess
  stdout(): string
  stderr(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const started: Server[] = []
const dirs: string[] = []

export function start(env: Record<string, string>): Server {
  const blank = Object.fromEntries(CONFIG_KEYS.map((key) => [key, '']))
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...blank, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }))
  })
  const server = { child, stdout: () => out, stderr: () => err, exited }
  started.push(server)
  return server
}

/** Resolves when stdout contains `text`; fails with both outputs if the process exits or time runs out. */
export function waitForOutput(server: Server, text: string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  return waitForText(server.child, server.stdout, text, { timeoutMs, describe: (why) => `${why}\n${server.stdout()}\n${server.stderr()}` })
}

export async function waitForExit(server: Server, timeoutMs = EXIT_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`o servidor não saiu em ${timeoutMs} ms\n${server.stdout()}\n${server.stderr()}`)), timeoutMs)
  })
  try {
    return await Promise.race([server.exited, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export { freePort } from './free-port.js'

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-server-'))
  dirs.push(dir)
  return dir
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL')
      await server.exited
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

