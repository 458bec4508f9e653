import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI_SIGNATURE_HEADER, signCliBody } from '../../apps/api/src/lib/cli-signature.js'
import { INTERNAL_CLOCK_PATH } from '../../apps/api/src/modules/practice/internal-routes.js'
import { e2eDataDir } from './accounts'

/**
 * Moves a running server's clock (outside production; apps/api/src/modules/practice/internal-routes.ts):
 * the server's "now" becomes `now` and keeps ticking from there, so a journey can see tomorrow's
 * day unlock or a reminder fall due. The body is signed with the server's auth secret — AUTH_SECRET
 * when this process has one (the server inherits it), else the one kept in `${dataDir}/secrets.json`
 * — and sent from this machine, as the admin CLI's door expects. resetServerClock puts it back on
 * real time.
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
  const body = JSON.stringify(command)
  const port = new URL(baseURL).port
  // 127.0.0.1 explicitly: the door answers loopback callers only.
  const response = await fetch(`http://127.0.0.1:${port}${INTERNAL_CLOCK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_SIGNATURE_HEADER]: signCliBody(authSecretOf(dataDir), body) },
    body,
  })
  const answer = (await response.json().catch(() => ({}))) as { now?: string; message?: string }
  if (!response.ok || !answer.now) throw new Error(`o servidor não moveu o relógio (${response.status}: ${answer.message ?? 'sem mensagem'})`)
  return new Date(answer.now)
}

function authSecretOf(dataDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET
  const file = join(dataDir, 'secrets.json')
  if (!existsSync(file)) throw new Error(`sem ${file}: o servidor deste DATA_DIR ainda não iniciou?`)
  const { auth } = JSON.parse(readFileSync(file, 'utf8')) as { auth?: string }
  if (!auth) throw new Error(`${file} não tem o segredo de autenticação`)
  return auth
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
