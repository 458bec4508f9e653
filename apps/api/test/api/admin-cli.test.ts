import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, AUTH_MSG, MSG } from '@sintonia/contract'
import { ADMIN_CREATE_USAGE, runAdminCreate } from '../../src/cli/admin-create.js'
import { account, user } from '../../src/db/schema/index.js'
import { CLI_SIGNATURE_HEADER, signCliBody } from '../../src/lib/cli-signature.js'
import { API_ROOT } from '../../src/paths.js'
import { readLiveServerInfo, readServerInfo, removeServerInfo, writeServerInfo } from '../../src/lib/server-info.js'
import { countAdmins } from '../../src/modules/accounts/repository.js'
import { INTERNAL_ADMIN_CREATE_PATH } from '../../src/modules/accounts/internal-routes.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, signIn, uniqueEmail } from '../helpers/auth.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

/** Runs the command in-process against the test database; returns exit code and output. */
async function cli(args: string[], direct = true) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCreate(args, {
    config: ctx.config,
    ...(direct ? { database: ctx.database } : {}),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const userByEmail = async (email: string) => (await ctx.database.db.select().from(user).where(eq(user.email, email)))[0]

describe('no sign-up path can make an admin', () => {
  it('refuses a sign-up body carrying role: admin (400) and no admin exists', async () => {
    expect(await countAdmins(ctx.database.db)).toBe(0)
    const email = uniqueEmail('espertinho')
    const res = await ctx.app.inject({
      method: 'POST',
      url: API.accounts.signUp,
      payload: { email, password: 'senha-segura-1', role: 'admin' },
      remoteAddress: nextIp(),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('role')
    expect(await userByEmail(email)).toBeUndefined()
    // Nor through Better Auth's own sign-up route.
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'senha-segura-1', name: 'x', role: 'admin' },
    })
    expect(direct.statusCode).toBe(404)
    expect(await countAdmins(ctx.database.db)).toBe(0)
  })
})

describe('admin:create, writing the database directly', () => {
  it('creates an admin whose password Better Auth hashed, who can use the admin portal only', async () => {
    const email = uniqueEmail('chefe')
    const { code, out } = await cli(['--email', email.toUpperCase(), '--password', 'uma-senha-forte', '--name', 'Chefe Geral'])
    expect(code).toBe(0)
    expect(out).toBe(`Administrador criado: ${email}`)
    const row = await userByEmail(email)
    expect(row).toMatchObject({ role: 'admin', name: 'Chefe Geral', banned: false })
    const [credential] = await ctx.database.db.select().from(account).where(eq(account.userId, row!.id))
    expect(credential!.password).not.toContain('uma-senha-forte')
    expect((await signIn(ctx, email, 'uma-senha-forte', 'admin')).res.statusCode).toBe(200)
    expect((await signIn(ctx, email, 'uma-senha-forte', 'user')).res.json().message).toBe(AUTH_MSG.adminMustUseAdminLogin)
  })

  it('promotes an existing listener, keeping the password when none is given', async () => {
    const person = await listener(ctx)
    const { code, out } = await cli(['--email', person.email])
    expect(code).toBe(0)
    expect(out).toBe(`Usuário promovido a administrador: ${person.email}`)
    expect((await userByEmail(person.email))!.role).toBe('admin')
    expect((await signIn(ctx, person.email, person.password, 'admin')).res.statusCode).toBe(200)
  })

  it('promotes and sets the new password when one is given', async () => {
    const person = await listener(ctx)
    const { code } = await cli(['--email', person.email, '--password', 'senha-nova-admin'])
    expect(code).toBe(0)
    expect((await signIn(ctx, person.email, person.password, 'admin')).res.statusCode).toBe(401)
    expect((await signIn(ctx, person.email, 'senha-nova-admin', 'admin')).res.statusCode).toBe(200)
  })

  it('refuses to create an account without a password (exit 1), creating nothing', async () => {
    const email = uniqueEmail('sem-senha')
    const { code, err } = await cli(['--email', email])
    expect(code).toBe(1)
    expect(err).toContain('--password')
    expect(await userByEmail(email)).toBeUndefined()
  })

  it.each([
    [[], 'Informe --email.'],
    [['--email'], 'Argumentos inválidos'],
    [['--email', 'nao-e-email', '--password', 'uma-senha-forte'], AUTH_MSG.invalidEmail],
    [['--email', 'a@b.com', '--password', '123'], AUTH_MSG.passwordTooShort],
    [['--email', 'a@b.com', '--senha', 'x'], 'Argumentos inválidos'],
    [['extra', '--email', 'a@b.com'], 'Argumentos inválidos'],
  ])('prints the usage and exits 1 for bad arguments %j', async (args, message) => {
    const { code, err, out } = await cli(args)
    expect(code).toBe(1)
    expect(err).toContain(message)
    expect(err).toContain(ADMIN_CREATE_USAGE)
    expect(out).toBe('')
  })

  it('prints the usage with --help and exits 0', async () => {
    const { code, out } = await cli(['--help'])
    expect(code).toBe(0)
    expect(out).toBe(ADMIN_CREATE_USAGE)
  })
})

describe('admin:create through a running server (embedded database owned by it)', () => {
  it('finds the live server in DATA_DIR/server.json and sends it a signed request', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 })
    const address = ctx.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    writeServerInfo(ctx.config.dataDir, { pid: process.pid, port })
    try {
      expect(readLiveServerInfo(ctx.config.dataDir)).toEqual({ pid: process.pid, port })
      const email = uniqueEmail('via-servidor')
      const { code, out } = await cli(['--email', email, '--password', 'uma-senha-forte'], false)
      expect(code).toBe(0)
      expect(out).toContain(`Servidor em execução encontrado (pid ${process.pid})`)
      expect(out).toContain(`Administrador criado: ${email}`)
      expect((await userByEmail(email))!.role).toBe('admin')

      const refused = await cli(['--email', uniqueEmail('sem-senha')], false)
      expect(refused.code).toBe(1)
      expect(refused.err).toContain('--password')
    } finally {
      removeServerInfo(ctx.config.dataDir)
    }
    expect(readServerInfo(ctx.config.dataDir)).toBeNull()
  })

  it('ignores a server.json left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sintonia-server-info-'))
    try {
      writeServerInfo(dir, { pid: 2 ** 22 + 12345, port: 3000 })
      expect(readServerInfo(dir)).toEqual({ pid: 2 ** 22 + 12345, port: 3000 })
      expect(readLiveServerInfo(dir)).toBeNull()
      // Another process's file is not removed by us.
      removeServerInfo(dir)
      expect(readServerInfo(dir)).not.toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('POST /api/internal/admin-create', () => {
  const notFound = { statusCode: 404, error: 'Not Found', message: MSG.generic.routeNotFound }
  const send = (body: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: INTERNAL_ADMIN_CREATE_PATH, payload: body, headers: { 'content-type': 'application/json', ...headers }, remoteAddress })
  const bodyFor = (email: string) => JSON.stringify({ email, password: 'uma-senha-forte' })

  it('is as invisible as an unknown route without the right HMAC or from another machine', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/internal/nada', payload: {} })
    expect(unknown.json()).toEqual(notFound)
    const email = uniqueEmail('invasor')
    const body = bodyFor(email)
    const good = signCliBody(ctx.config.secrets.auth, body)
    const attempts = [
      await send(body, {}),
      await send(body, { [CLI_SIGNATURE_HEADER]: signCliBody('outro-segredo-qualquer', body) }),
      await send(body, { [CLI_SIGNATURE_HEADER]: good.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }),
      await send(bodyFor(uniqueEmail('trocado')), { [CLI_SIGNATURE_HEADER]: good }),
      await send(body, { [CLI_SIGNATURE_HEADER]: good }, '203.0.113.9'),
      await send(body, { [CLI_SIGNATURE_HEADER]: good, 'x-forwarded-for': '203.0.113.9' }),
      await send(body, { [CLI_SIGNATURE_HEADER]: good, 'content-type': 'text/plain' }, '198.51.100.7'),
    ]
    for (const res of attempts) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(notFound)
    }
    expect(await userByEmail(email)).toBeUndefined()
  })

  it('does the work for a signed loopback request', async () => {
    const email = uniqueEmail('assinado')
    const body = bodyFor(email)
    const res = await send(body, { [CLI_SIGNATURE_HEADER]: signCliBody(ctx.config.secrets.auth, body) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ outcome: 'created', email, message: `Administrador criado: ${email}` })
    expect((await userByEmail(email))!.role).toBe('admin')

    const invalid = JSON.stringify({ email, password: '1' })
    const refused = await send(invalid, { [CLI_SIGNATURE_HEADER]: signCliBody(ctx.config.secrets.auth, invalid) })
    expect(refused.statusCode).toBe(400)
  })

  it('is not listed in the API documentation', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: API.docsJson })
    expect(docs.body).not.toContain(INTERNAL_ADMIN_CREATE_PATH)
  })
})

describe('the real command line', () => {
  function run(args: string[], env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'cli', 'admin-create.ts'), ...args], {
        cwd: API_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATABASE_URL: '', AUTH_SECRET: '', NODE_ENV: 'development', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      child.once('exit', (code) => done({ code, stdout, stderr }))
    })
  }

  it('creates an admin in a fresh embedded database; bad arguments exit 1 before opening anything', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-cli-'))
    try {
      const env = { DATA_DIR: dataDir, INIT_CWD: API_ROOT }
      const created = await run(['--email', 'chefe@exemplo.com', '--password', 'uma-senha-forte'], env)
      expect(created.stderr).toBe('')
      expect(created.stdout.trim()).toBe('Administrador criado: chefe@exemplo.com')
      expect(created.code).toBe(0)
      const bad = await run(['--password', 'x'], env)
      expect(bad.code).toBe(1)
      expect(bad.stderr).toContain('Uso: npm run admin:create')
      expect(bad.stdout).not.toContain('x')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
