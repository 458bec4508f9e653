import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Preparation } from './preparation'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sem porta'))))
    })
  })
}

export interface PreparedServer {
  baseURL: string
  /** Its DATA_DIR (e.g. for `createAdmin(…, server.dataDir)`). */
  dataDir: string
  stop(): Promise<void>
}

/**
 * A second instance of the production build on its own embedded database, prepared before start
 * (stored landing content, paid checkouts): how a journey sees state that admins or the payment
 * provider would have produced. `env` adds to its environment (e.g. REMINDER_INTERVAL_SECONDS, SMTP_URL).
 */
export async function startPreparedServer(preparation: Preparation, env: Record<string, string> = {}): Promise<PreparedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-e2e-prepared-'))
  const contentFile = join(dataDir, 'preparation.json')
  writeFileSync(contentFile, JSON.stringify(preparation))
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/prepare-database.ts', dataDir, contentFile], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (prepared.status !== 0) throw new Error(`preparação do banco falhou: ${prepared.stderr}`)

  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error('o servidor preparado não iniciou')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function startServerWithLandingContent(content: unknown): Promise<PreparedServer> {
  return startPreparedServer({ landingContent: content })
}
