// Everything the suites share: system tools, the production build, a Postgres bench database
// with a 10,000-audio catalogue, the API server pinned to the server core, and a subscriber.
import { execSync } from 'node:child_process'
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { distributionFfmpegPath } from '../../apps/api/src/lib/media/ffmpeg.ts'
import { benchRoot, hasCommand, log, repoRoot, SERVER_CPU, startPinned, waitForHttp } from './common.mjs'

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * The ffmpeg the API renders with, as deployed (docs/deploy.md, ADR 038): the distribution's when
 * the machine has one; BENCH_FFMPEG_PATH=package measures the npm package's instead.
 */
export const DEPLOYED_FFMPEG = process.env.BENCH_FFMPEG_PATH === 'package' ? null : (process.env.BENCH_FFMPEG_PATH ?? distributionFfmpegPath() ?? null)
/** The key of signed media addresses, shared by the API and the bench's nginx (ADR 021). */
export const BENCH_MEDIA_URL_SECRET = 'bench-media-url-secret-0123456789abcdef0123'
/** The API's AUTH_SECRET in the bench: it signs the sign-in cookies (createSubscribers signs its own). */
export const BENCH_AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789'

/** Installs nginx and Chromium (apt-get, as root) and the bench's own npm packages when missing. */
export function ensureTools() {
  const missing = []
  if (!hasCommand('nginx')) missing.push('nginx')
  if (!existsSync(CHROMIUM)) missing.push('chromium')
  if (!hasCommand('taskset')) missing.push('util-linux')
  if (missing.length > 0) {
    log(`installing ${missing.join(', ')} with apt-get`)
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' })
  }
  if (!existsSync(join(benchRoot, 'node_modules', 'autocannon')) || !existsSync(join(benchRoot, 'node_modules', 'lighthouse'))) {
    log('installing the bench packages (autocannon, lighthouse)')
    execSync('npm ci --no-audit --no-fund', { cwd: benchRoot, stdio: 'inherit' })
  }
}

/**
 * Builds into a private folder the run serves from: the web app straight into it (Vite's
 * --outDir), the API bundle copied right after it is built, with the migrations and seed media.
 * The shared apps/web/dist is rebuilt by other work at any moment; this copy is not. npm packages
 * still resolve from the repository's node_modules (symlinked).
 */
export function buildSnapshot(name) {
  const root = join('/tmp', name)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'apps/api'), { recursive: true })
  chmodSync(root, 0o755)
  const webDist = join(root, 'apps/web/dist')
  log('building the production bundle')
  const quiet = { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] }
  execSync(`npm run build -w @sintonia/web -- --outDir ${webDist} --emptyOutDir`, quiet)
  execSync(`node scripts/precompress-web.mjs ${webDist}`, quiet)
  execSync('npm run build -w @sintonia/api', quiet)
  for (const part of ['apps/api/package.json', 'apps/api/dist', 'apps/api/drizzle', 'apps/api/src/seed/media']) {
    cpSync(join(repoRoot, part), join(root, part), { recursive: true })
  }
  for (const needed of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    if (!existsSync(join(root, needed))) throw new Error(`build snapshot misses ${needed}`)
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'))
  if (existsSync(join(repoRoot, 'apps/api/node_modules'))) symlinkSync(join(repoRoot, 'apps/api/node_modules'), join(root, 'apps/api/node_modules'))
  appRoot = root
  return root
}

/** Where the server under test runs from (the snapshot once taken). */
export let appRoot = repoRoot

export async function pgAvailable() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

export async function createDatabase(name) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.end()
}

/**
 * The production server (NODE_ENV=production, warnings-only logs like the nginx reference with
 * access_log off) on the server core. `env` adds or overrides variables.
 */
export async function startApi({ port, dataDir, databaseUrl, env = {}, nodeArgs = [] }) {
  mkdirSync(dataDir, { recursive: true })
  const server = startPinned(SERVER_CPU, process.execPath, [...nodeArgs, join(appRoot, 'apps/api/dist/server.js')], {
    cwd: appRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      SANDBOX_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef',
      // nginx checks the signed media addresses with the same key (lib/nginx.mjs).
      MEDIA_URL_SECRET: BENCH_MEDIA_URL_SECRET,
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'warn',
      ...(DEPLOYED_FFMPEG ? { FFMPEG_PATH: DEPLOYED_FFMPEG } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  })
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000, ok: (s) => s === 200 })
  } catch (error) {
    await server.stop()
    throw new Error(`API did not start: ${server.output().slice(-3000)} ${error.message}`, { cause: error })
  }
  return server
}

const WORDS = [
  'calma', 'foco', 'gratidão', 'confiança', 'energia', 'sono', 'coragem', 'presença', 'leveza', 'equilíbrio',
  'respiração', 'manhã', 'noite', 'abundância', 'clareza', 'serenidade', 'autoestima', 'harmonia', 'paciência', 'alegria',
  'perdão', 'disciplina', 'criatividade', 'memória', 'silêncio', 'coração', 'mente', 'corpo', 'caminho', 'jornada',
]

/** 10,000 audios in 40 fields, titles and tags from pt-BR words (some accented), one shared file. */
export async function seedCatalogue(databaseUrl, { audiosTotal = 10_000, fieldsTotal = 40 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows: sample } = await client.query('select file_key, mime_type, size_bytes from audios order by created_at limit 1')
    const file = sample[0]
    await client.query('begin')
    const fieldIds = []
    for (let f = 0; f < fieldsTotal; f++) {
      const id = randomUUID()
      fieldIds.push(id)
      await client.query('insert into fields (id, title, description, display_order) values ($1, $2, $3, $4)', [
        id,
        `Campo ${WORDS[f % WORDS.length]} ${f + 1}`,
        `Áudios de ${WORDS[(f * 7) % WORDS.length]} e ${WORDS[(f * 11) % WORDS.length]} para o dia a dia`,
        100 + f,
      ])
    }
    const batch = 500
    for (let start = 0; start < audiosTotal; start += batch) {
      const values = []
      const params = []
      for (let i = start; i < Math.min(audiosTotal, start + batch); i++) {
        const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]} ${i}`
        const tags = [WORDS[(i * 3) % WORDS.length], WORDS[(i * 5) % WORDS.length]]
        const p = params.length
        values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7})`)
        params.push(title, `Descrição do áudio ${i}`, fieldIds[i % fieldsTotal], tags, file.file_key, file.mime_type, file.size_bytes)
      }
      await client.query(`insert into audios (title, description, field_id, tags, file_key, mime_type, size_bytes) values ${values.join(',')}`, params)
    }
    await client.query('commit')
    await client.query('analyze')
    return { fieldIds }
  } finally {
    await client.end()
  }
}

/** Files of a given size under DATA_DIR/media (random bytes: the transfer is what is measured) and their audio rows. */
export async function addStreamingFiles(databaseUrl, dataDir, sizes) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows } = await client.query('select id from fields order by display_order limit 1')
  const files = {}
  try {
    for (const [label, size] of Object.entries(sizes)) {
      const key = `audios/bench-${label}.mp3`
      const path = join(dataDir, 'media', key)
      mkdirSync(join(dataDir, 'media', 'audios'), { recursive: true })
      const chunk = randomBytes(1024 * 1024)
      const buffers = []
      for (let written = 0; written < size; written += chunk.length) buffers.push(chunk.subarray(0, Math.min(chunk.length, size - written)))
      writeFileSync(path, Buffer.concat(buffers))
      const { rows: inserted } = await client.query(
        'insert into audios (title, field_id, file_key, mime_type, size_bytes) values ($1, $2, $3, $4, $5) returning id',
        [`Bench ${label}`, rows[0].id, key, 'audio/mpeg', size],
      )
      files[label] = { id: inserted[0].id, key, size }
    }
  } finally {
    await client.end()
  }
  return files
}

/** A listener with an active subscription, signed in through the real API: returns the sign-in cookie. */
export async function createSubscriber(baseUrl, databaseUrl) {
  const email = `bench-${Date.now()}@exemplo.com`
  const response = await fetch(`${baseUrl}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench', email, password: 'senha-do-bench-123' }),
  })
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const { user } = await response.json()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(
    `insert into subscriptions (user_id, email, plan_code, status, provider, provider_subscription_id, current_period_end)
     values ($1, $2, 'anual', 'active', 'sandbox', $3, now() + interval '30 days')`,
    [user.id, email, `sub_bench_${Date.now()}`],
  )
  await client.end()
  return { cookie, userId: user.id }
}

/**
 * `count` listeners with an active subscription, made straight in the bench database in three
 * statements (an account, a sign-in and a subscription each), with their sign-in cookies signed
 * as Better Auth signs them (the API's fast sign-in path reads them: lib/auth/signed-cookie.ts).
 * `cookieName` is the name of the sign-in cookie, read from a cookie the real sign-up set
 * (createSubscriber). Returns [{userId, cookie}].
 */
export async function createSubscribers(databaseUrl, count, { cookieName, label = 'carga' }) {
  const stamp = Date.now()
  const ids = []
  const emails = []
  const tokens = []
  const signIns = []
  const providerIds = []
  for (let i = 0; i < count; i++) {
    ids.push(randomUUID())
    emails.push(`bench-${label}-${stamp}-${i}@exemplo.com`)
    tokens.push(randomBytes(24).toString('base64url'))
    signIns.push(randomUUID())
    providerIds.push(`sub_bench_${label}_${stamp}_${i}`)
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('begin')
    await client.query(`insert into "user" (id, name, email, email_verified) select id, 'Ouvinte', email, true from unnest($1::text[], $2::text[]) as t(id, email)`, [ids, emails])
    // Seven days, Better Auth's default life of a sign-in: not yet due for its daily refresh.
    await client.query(
      `insert into session (id, token, user_id, expires_at) select id, token, user_id, now() + interval '7 days' from unnest($1::text[], $2::text[], $3::text[]) as t(id, token, user_id)`,
      [signIns, tokens, ids],
    )
    await client.query(
      `insert into subscriptions (user_id, email, plan_code, status, provider, provider_subscription_id, current_period_end)
       select user_id, email, 'anual', 'active', 'sandbox', provider_id, now() + interval '30 days' from unnest($1::text[], $2::text[], $3::text[]) as t(user_id, email, provider_id)`,
      [ids, emails, providerIds],
    )
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  } finally {
    await client.end()
  }
  return ids.map((userId, i) => {
    const signature = createHmac('sha256', BENCH_AUTH_SECRET).update(tokens[i]).digest('base64')
    return { userId, cookie: `${cookieName}=${encodeURIComponent(`${tokens[i]}.${signature}`)}` }
  })
}

/** World-readable data folder so nginx's worker can read the media. */
export function makeDataDir(name) {
  const dir = join('/tmp', name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o755)
  return dir
}

