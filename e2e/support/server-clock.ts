import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { INTERNAL_CLOCK_PATH } from '../../apps/api/src/modules/practice/internal-routes.js'
import { e2eDataDir } from './accounts'
import { sendToServerDoor } from './internal-door'

/**
 * Moves a running server's clock (outside production; apps/api/src/modules/practice/internal-routes.ts):
 * the server's "now" becomes `now` and keeps ticking from there, so a journey can see tomorrow's
 * day unlock or a reminder fall due, through the door the admin CLI uses (e2e/support/internal-door.ts).
 * resetServerClock puts it back on real time.
 *
 * Give the server's DATA_DIR (a prepared server's `dataDir`; the run's own server uses
 * `e2eDataDir`). Called without it, the folder is found by the port of `baseURL` among the run's
 * own server and the prepared servers (their DATA_DIR/server.json names their port).
 */
export async function setServerClock(baseURL: string, dataDir: string, now: Date): Promise<Date>
export async function setServerClock(baseURL: string, now: Date): Promise<Date>
export async function setServerClock(baseURL: string, dataDirOrNow: string | Date, maybeNow?: Date): Promise<Date> {
  const dataDir = typeof dataDirOrNow === 'string' ? dataDirOrNow : dataDirOf(baseURL)
  const now = typeof dataDirOrNow === 'string' ? maybeNow : dataDirOrNow
  if (!now) throw new Error('setServerClock: informe a data')
  return sendClockCommand(baseURL, dataDir, { now: now.toISOString() })
}

/** Puts the server's clock back on real time. */
export async function resetServerClock(baseURL: string, dataDir: string = dataDirOf(baseURL)): Promise<Date> {
  return sendClockCommand(baseURL, dataDir, { reset: true })
}

async function sendClockCommand(baseURL: string, dataDir: string, command: { now: string } | { reset: true }): Promise<Date> {
  const answer = await sendToServerDoor<{ now?: string }>({ dataDir, port: Number(new URL(baseURL).port) }, INTERNAL_CLOCK_PATH, command)
  if (!answer.now) throw new Error('o servidor não moveu o relógio')
  return new Date(answer.now)
}

/** The DATA_DIR whose server.json names the port of `baseURL`: the run's server or a prepared one. */
function dataDirOf(baseURL: string): string {
  const port = Number(new URL(baseURL).port)
  const prepared = readdirSync(tmpdir())
    .filter((name) => name.startsWith('sintonia-e2e-prepared-'))
    .map((name) => join(tmpdir(), name))
  for (const dir of [e2eDataDir, ...prepared]) {
    try {
      const info = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as { port?: number }
      if (info.port === port) return dir
    } catch {
      // no server there
    }
  }
  throw new Error(`nenhum servidor desta máquina na porta ${port} (server.json); passe o DATA_DIR`)
}
