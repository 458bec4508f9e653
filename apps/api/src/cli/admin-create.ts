/**
 * `npm run admin:create -- --email voce@exemplo.com --password "uma-senha-forte" [--name "Nome"]`
 *
 * Creates an admin account, or promotes an existing account to admin (setting its password when
 * --password is given). The embedded PGlite database may be open in one process only: when a
 * server owning it is running (DATA_DIR/server.json names a live process) the command goes through
 * that server (loopback + HMAC-signed request); otherwise it opens the database itself. With
 * DATABASE_URL it always writes directly.
 *
 * Exit codes: 0 done; 1 bad arguments or refused (usage printed); 2 database or server unreachable.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { AppConfig } from '../config.js'
import { EXIT, runWhenStarted, startCli, type CliIo, type ParsedArgs } from '../lib/cli/cli-start.js'
import { openDatabase, type DatabaseHandle } from '../db/client.js'
import { createAuth } from '../lib/auth/create-auth.js'
import { CLI_SIGNATURE_HEADER, signCliBody } from '../lib/cli-signature.js'
import { readLiveServerInfo, type ServerInfo } from '../lib/server-info.js'
import {
  AdminCreateError,
  adminCreateInputSchema,
  createOrPromoteAdmin,
  describeAdminCreate,
  type AdminCreateInput,
  type AdminCreateResult,
} from '../modules/accounts/admin-create.js'
import { INTERNAL_ADMIN_CREATE_PATH } from '../modules/accounts/internal-routes.js'

export const ADMIN_CREATE_USAGE = [
  'Uso: npm run admin:create -- --email <e-mail> --password <senha> [--name <nome>]',
  '',
  '  --email     e-mail da conta (obrigatório)',
  '  --password  senha (mínimo de 6 caracteres); obrigatória para criar, opcional para promover',
  '  --name      nome de exibição (padrão: parte do e-mail antes do @)',
  '',
  'Cria um administrador, ou promove a administrador uma conta que já existe.',
  'Exemplo: npm run admin:create -- --email voce@exemplo.com --password "uma-senha-forte"',
].join('\n')

type Parsed = ParsedArgs<{ input: AdminCreateInput }>

export function parseAdminCreateArgs(argv: string[]): Parsed {
  let values: { email?: string | undefined; password?: string | undefined; name?: string | undefined; help?: boolean | undefined }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, message: `Argumentos inválidos (${detail}).` }
  }
  if (values.help) return { ok: false, message: '', help: true }
  if (!values.email) return { ok: false, message: 'Informe --email.' }
  const parsed = adminCreateInputSchema.safeParse({ email: values.email, password: values.password, name: values.name })
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') }
  return { ok: true, input: parsed.data }
}

export class ServerUnavailableError extends Error {}

/** Sends the command to the running server that owns the embedded database. */
export async function adminCreateViaServer(config: AppConfig, server: ServerInfo, input: AdminCreateInput): Promise<AdminCreateResult> {
  const body = JSON.stringify(input)
  let response: Response
  try {
    response = await fetch(`http://127.0.0.1:${server.port}${INTERNAL_ADMIN_CREATE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_SIGNATURE_HEADER]: signCliBody(config.secrets.auth, body) },
      body,
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw new ServerUnavailableError(
      `Não foi possível falar com o servidor em execução (pid ${server.pid}, porta ${server.port}): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<AdminCreateResult> & { message?: string }
  if (response.ok && answer.outcome && answer.email && answer.userId) {
    return { outcome: answer.outcome, email: answer.email, userId: answer.userId }
  }
  if (response.status === 400) throw new AdminCreateError(answer.message ?? 'Pedido recusado pelo servidor.')
  if (response.status === 404) {
    throw new ServerUnavailableError(
      'O servidor em execução recusou o comando. Rode-o na mesma máquina e com o mesmo DATA_DIR/AUTH_SECRET do servidor.',
    )
  }
  throw new ServerUnavailableError(`O servidor respondeu ${response.status}: ${answer.message ?? 'erro desconhecido'}`)
}

/** Opens the database itself (no server owns it), applies pending migrations and writes. */
export async function adminCreateDirect(config: AppConfig, database: DatabaseHandle, input: AdminCreateInput): Promise<AdminCreateResult> {
  const auth = createAuth({ config, db: database.db })
  return createOrPromoteAdmin({ db: database.db, auth }, input)
}

export interface AdminCreateIo extends CliIo {
  /** Already-open database (tests); otherwise opened from the configuration when needed. */
  database?: DatabaseHandle
}

/** The whole command; returns the exit code. */
export async function runAdminCreate(argv: string[], io: AdminCreateIo = {}): Promise<number> {
  const start = startCli(argv, io, parseAdminCreateArgs, ADMIN_CREATE_USAGE)
  if (start.exit !== undefined) return start.exit
  const { args: parsed, config, out, err } = start

  try {
    let result: AdminCreateResult
    const server = config.databaseUrl || io.database ? null : readLiveServerInfo(config.dataDir)
    if (server) {
      out(`Servidor em execução encontrado (pid ${server.pid}); enviando o comando a ele.`)
      result = await adminCreateViaServer(config, server, parsed.input)
    } else {
      const database =
        io.database ??
        (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: join(config.dataDir, 'pglite') }))
      try {
        if (!io.database) await database.migrate()
        result = await adminCreateDirect(config, database, parsed.input)
      } finally {
        if (!io.database) await database.close()
      }
    }
    out(describeAdminCreate(result))
    return EXIT.ok
  } catch (error) {
    if (error instanceof AdminCreateError) {
      err(error.message)
      return EXIT.usage
    }
    const detail = error instanceof Error ? error.message.replace(/\nparams:[\s\S]*$/, '') : String(error)
    err(`Falha ao criar o administrador: ${detail}`)
    return EXIT.failure
  }
}

runWhenStarted(import.meta.url, runAdminCreate)
