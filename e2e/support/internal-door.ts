import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLI_SIGNATURE_HEADER, signCliBody } from '../../apps/api/src/lib/cli-signature.js'
import { readServerInfo } from '../../apps/api/src/lib/server-info.js'

/**
 * Sends a command to a running server's door for this machine's own tools (the admin CLI's, the
 * test clock's: apps/api/src/lib/http/signed-internal-route.ts), as those tools do: from loopback,
 * the body signed with the server's auth secret — `authSecret`, else AUTH_SECRET when this process
 * has one (the server inherits it), else the one kept in `${dataDir}/secrets.json`. The port is the
 * one `port` names, else the one the server announced in `${dataDir}/server.json`.
 */
export async function sendToServerDoor<T>(
  { dataDir, port, authSecret }: { dataDir: string; port?: number; authSecret?: string },
  path: string,
  command: unknown,
): Promise<T> {
  const body = JSON.stringify(command)
  const serverPort = port ?? readServerInfo(dataDir)?.port
  if (!serverPort) throw new Error(`sem servidor em ${dataDir} (server.json): ele já iniciou?`)
  // 127.0.0.1 explicitly: the door answers loopback callers only.
  const response = await fetch(`http://127.0.0.1:${serverPort}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_SIGNATURE_HEADER]: signCliBody(authSecret ?? authSecretOf(dataDir), body) },
    body,
  })
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string }
  if (!response.ok) throw new Error(`o servidor recusou ${path} (${response.status}: ${answer.message ?? 'sem mensagem'})`)
  return answer
}

function authSecretOf(dataDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET
  const file = join(dataDir, 'secrets.json')
  if (!existsSync(file)) throw new Error(`sem ${file}: o servidor deste DATA_DIR ainda não iniciou?`)
  const { auth } = JSON.parse(readFileSync(file, 'utf8')) as { auth?: string }
  if (!auth) throw new Error(`${file} não tem o segredo de autenticação`)
  return auth
}
