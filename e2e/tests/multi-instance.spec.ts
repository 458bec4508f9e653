import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import pg from 'pg'
import { MSG, type FieldList } from '@sintonia/contract'
import { freePort } from '../../apps/api/test/support/free-port'
import { startNginx, type RunningNginx } from '../../apps/api/test/support/nginx'
import { startS3Server, type TestS3Server } from '../../apps/api/test/support/s3-server'
import { adminBrowserPage, createAdmin } from '../support/accounts'
import { prepareDatabase, startServerProcess, type ServerProcess } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Beyond one machine (docs/deploy.md): two API instances behind nginx (round robin, the
 * deployment's own template) on one PostgreSQL and one S3-compatible bucket, limits shared through
 * Redis. What a listener and an admin do crosses instances: a session made on one is honoured by
 * the other, an audio uploaded through one plays through the other (its bytes from the bucket), a
 * rate limit counts both, and an admin's edit reaches pages served by each.
 */
test.describe.configure({ mode: 'serial' })

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const stamp = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
const databaseName = `sintonia_e2e_multi_${stamp}`
const checkout = { email: `duas-instancias-${stamp}@exemplo.com`, sessionId: `cs_e2e_multi_${stamp}` }
const listenerPassword = 'senha-do-ouvinte-multi'
const adminAccount = { email: `admin-multi-${stamp}@exemplo.com`, password: 'senha-admin-multi-1' }

let s3: TestS3Server
let nginx: RunningNginx
/** The balancer's address as visitors use it (PUBLIC_URL of both instances). */
let balanced: string
let a: ServerProcess
let b: ServerProcess
const sharedEnv: Record<string, string> = {}

async function onPostgres(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

function databaseUrl(): string {
  const url = new URL(PG_SERVER)
  url.pathname = `/${databaseName}`
  return url.toString()
}

/** One instance of the production build on the shared database, bucket and Redis, told it lives at `publicUrl`. */
function startInstance(publicUrl: string): Promise<ServerProcess> {
  return startServerProcess({ dataDir: mkdtempSync(join(tmpdir(), 'sintonia-e2e-multi-')), env: { ...sharedEnv, PUBLIC_URL: publicUrl } })
}

/** Every browser context opened here, closed before the servers stop (their WebSockets would hold them). */
const contexts: BrowserContext[] = []

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  contexts.push(context)
  return context
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await onPostgres(`create database ${databaseName}`)
  s3 = await startS3Server()
  Object.assign(sharedEnv, s3.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl(),
    REDIS_URL,
    // Every instance signs and checks sessions and media addresses with the same secret.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // nginx is the only client the instances see: the visitor's address comes from X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  })
  // The balancer's port first: both instances are told they live at its address.
  const balancerPort = await freePort()
  const publicUrl = `http://localhost:${balancerPort}`
  balanced = publicUrl
  // Started together, as systemd would: one migrates and seeds, the other waits for it.
  ;[a, b] = await Promise.all([startInstance(publicUrl), startInstance(publicUrl)])
  nginx = await startNginx({
    port: balancerPort,
    upstreams: [a.baseURL.replace('http://localhost', '127.0.0.1'), b.baseURL.replace('http://localhost', '127.0.0.1')],
    mediaRoot: join(a.dataDir, 'media'),
    mediaUrlSecret: randomBytes(32).toString('base64url'),
  })
  await createAdmin(adminAccount.email, adminAccount.password, a.dataDir, 'Admin Duas Instâncias', sharedEnv)
  await prepareDatabase(a.dataDir, { paidCheckouts: [{ ...checkout, planCode: 'anual' }] }, sharedEnv)
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  await Promise.all(contexts.map((context) => context.close()))
  await nginx?.stop()
  await Promise.all([a?.stop(), b?.stop()])
  await s3?.stop()
  await onPostgres(`drop database if exists ${databaseName} with (force)`).catch(() => undefined)
})

test('the demo catalogue was seeded once, into the bucket', async ({ request }) => {
  const fields = (await (await request.get(`${balanced}/api/public/fields`)).json()) as FieldList
  expect(fields.fields.length).toBeGreaterThan(0)
  expect(s3.keys().filter((key) => key.startsWith('audios/')).length).toBeGreaterThan(0)
})

let listener: Page
test('a listener who signs in through one instance keeps the session on the other', async ({ browser }) => {
  const context = await newContext(browser, a.baseURL)
  listener = await context.newPage()
  await onboardPaidBuyer(listener, a.baseURL, checkout, listenerPassword)
  // Cookies belong to the host, not the port: the same browser now talks to instance B.
  const me = await context.request.get(`${b.baseURL}/api/account/me`)
  expect(me.status()).toBe(200)
  expect(((await me.json()) as { user: { email: string } }).user.email).toBe(checkout.email)
  await listener.goto(`${b.baseURL}/dashboard`)
  await expect(listener.getByRole('region', { name: 'Campos' })).toBeVisible()
  await expect(listener).toHaveURL(/\/dashboard$/)
})

test('an audio an admin uploads through one instance plays through the other, its bytes from the bucket', async ({ browser }) => {
  const admin = (await adminBrowserPage(browser, a.baseURL, adminAccount)).context()
  contexts.push(admin)
  const fields = (await (await admin.request.get(`${a.baseURL}/api/public/fields`)).json()) as FieldList
  const field = fields.fields[0]!
  const voice = readFileSync(join(repoRoot, 'e2e/fixtures/audio-respiro.mp3'))
  const storedBefore = s3.keys().filter((key) => key.startsWith('audios/'))
  const created = await admin.request.post(`${a.baseURL}/api/admin/audios`, {
    headers: { origin: a.baseURL },
    multipart: {
      title: `Respiro entre instâncias ${stamp}`,
      fieldId: field.id,
      file: { name: 'respiro.mp3', mimeType: 'audio/mpeg', buffer: voice },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { audio } = (await created.json()) as { audio: { id: string } }
  // The file went to the bucket (a new object under audios/), not to the instance's disk.
  expect(s3.keys().filter((key) => key.startsWith('audios/') && !storedBefore.includes(key))).toHaveLength(1)

  // Instance B authorises the listener and sends them to the bucket for the bytes.
  const opened = await listener.context().request.get(`${b.baseURL}/api/audios/${audio.id}/file`, { maxRedirects: 0 })
  expect(opened.status()).toBe(302)
  const location = opened.headers()['location']!
  expect(location.startsWith(s3.endpoint)).toBe(true)
  const file = await listener.context().request.get(location)
  // The stored bytes are the upload's canonical conversion (docs/decisions/026-canonical-media.md):
  // an MP3 without tags, starting on a frame, not the bytes the admin sent.
  const stored = Buffer.from(await file.body())
  expect(stored.length).toBeGreaterThan(1000)
  expect(stored[0] === 0xff && (stored[1]! & 0xe0) === 0xe0).toBe(true)
  expect(stored.equals(voice)).toBe(false)

  // And it plays, through B.
  await listener.goto(`${b.baseURL}/audio/${audio.id}`)
  await expect(listener.getByRole('heading', { level: 1 })).toHaveText(`Respiro entre instâncias ${stamp}`)
  await expect(listener.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 20_000 })
  await listener.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(listener.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible({ timeout: 15_000 })
  // The session's stream advances (its bytes rendered by B from the bucket's copy of the voice).
  const progress = listener.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0.5)
  await listener.getByRole('button', { name: 'Pausar', exact: true }).click()
})

test('a rate limit counts the requests of both instances', async ({ request }) => {
  // Lead capture allows 5 a minute per visitor; the visitor is who nginx says (X-Forwarded-For).
  const visitor = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const instance = i % 2 === 0 ? a : b
    const res = await request.post(`${instance.baseURL}/api/leads`, {
      headers: { 'x-forwarded-for': visitor },
      data: { name: `Visitante ${i}`, email: `lead-${stamp}-${i}@exemplo.com`, consent: true },
    })
    statuses.push(res.status())
    if (i === 5) {
      expect(((await res.json()) as { message: string }).message).toBe(MSG.generic.tooManyRequests)
      expect(res.headers()['retry-after']).toBeDefined()
    }
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  // Through the balancer too: the same visitor is still over the limit, whichever instance answers.
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`${balanced}/api/leads`, { data: { name: 'Mais um', email: `lead-${stamp}-extra${i}@exemplo.com`, consent: true }, headers: { 'x-forwarded-for': visitor } })
    expect(res.status()).toBe(429)
  }
})

test("an admin's edit reaches pages served by each instance, and both instances' caches", async ({ browser, request }) => {
  const fields = (await (await request.get(`${balanced}/api/public/fields`)).json()) as FieldList
  const field = fields.fields[0]!
  // One visitor's page came from A, the other's through the balancer (its WebSocket through nginx).
  const visitorA = await (await newContext(browser, a.baseURL)).newPage()
  const visitorBalanced = await (await newContext(browser, balanced)).newPage()
  for (const page of [visitorA, visitorBalanced]) {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(field.title).first()).toBeVisible()
  }
  // The listener's dashboard, served by B.
  await listener.goto(`${b.baseURL}/dashboard`)
  const grid = listener.getByRole('region', { name: 'Campos' })
  await expect(grid.getByRole('link', { name: new RegExp(field.title) })).toBeVisible()
  // Every instance has the field list in its cache now.
  for (const instance of [a, b]) await request.get(`${instance.baseURL}/api/public/fields`)

  const admin = (await adminBrowserPage(browser, a.baseURL, adminAccount)).context()
  contexts.push(admin)
  const newTitle = `${field.title} ${stamp}`
  const saved = await admin.request.patch(`${a.baseURL}/api/admin/fields/${field.id}`, { headers: { origin: a.baseURL }, data: { title: newTitle } })
  expect(saved.status(), await saved.text()).toBe(200)

  await expect(grid.getByRole('link', { name: new RegExp(newTitle) })).toBeVisible({ timeout: 5_000 })
  for (const page of [visitorA, visitorBalanced]) await expect(page.getByText(newTitle).first()).toBeVisible({ timeout: 5_000 })
  // Both instances dropped their cached answers: a fresh read from either has the new title.
  for (const instance of [a, b]) {
    const list = (await (await request.get(`${instance.baseURL}/api/public/fields`)).json()) as FieldList
    expect(list.fields.find((f) => f.id === field.id)?.title).toBe(newTitle)
    expect(await (await request.get(`${instance.baseURL}/`)).text()).toContain(newTitle)
  }
})
