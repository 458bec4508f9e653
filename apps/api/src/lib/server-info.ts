import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The embedded PGlite database must never be opened by two processes. The server announces itself
 * in DATA_DIR/server.json while it listens, so commands such as `admin:create` go through it
 * instead of opening the database a second time.
 */
export const SERVER_INFO_FILE = 'server.json'

export interface ServerInfo {
  pid: number
  port: number
}

export function serverInfoPath(dataDir: string): string {
  return join(dataDir, SERVER_INFO_FILE)
}

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(serverInfoPath(dataDir), JSON.stringify(info), { mode: 0o600 })
}

/** Removes the file if it is this process's (a newer server may have replaced it). */
export function removeServerInfo(dataDir: string, pid = process.pid): void {
  const info = readServerInfo(dataDir)
  if (info && info.pid !== pid) return
  rmSync(serverInfoPath(dataDir), { force: true })
}

export function readServerInfo(dataDir: string): ServerInfo | null {
  const file = serverInfoPath(dataDir)
  if (!existsSync(file)) return null
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerInfo>
    if (!Number.isInteger(parsed.pid) || !Number.isInteger(parsed.port)) return null
    return { pid: parsed.pid!, port: parsed.port! }
  } catch {
    return null
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The server.json of a process that is still running, or null (absent, unreadable or stale). */
export function readLiveServerInfo(dataDir: string): ServerInfo | null {
  const info = readServerInfo(dataDir)
  return info && isProcessAlive(info.pid) ? info : null
}
