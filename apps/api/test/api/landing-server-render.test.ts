import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, DEFAULT_LANDING_CONTENT, type FieldList } from '@sintonia/contract'
import { fields } from '../../src/db/schema/index.js'
import { admin } from '../helpers/auth.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs } from '../helpers/callers.js'

/**
 * ADR 013: `/` arrives with the landing rendered inside #root, by the web build's server module
 * (apps/web/src/ssr, built here exactly as `npm run build` builds it, next to a web root that has
 * the real index.html with its boot screen).
 */

const WEB_APP = fileURLToPath(new URL('../../../web/', import.meta.url))
const VITE_BIN = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js')

const BOOT_SCREEN = 'class="boot"'
const ROOT_OPENING = /<div id="root"( data-server-rendered="")?>/

/**
 * A web root as the build leaves it (index.html for the app, landing.html for `/`, both with the
 * boot screen), with or without dist-ssr/.
 */
function webBuild(): { base: string; root: string; ssr: string } {
  const base = mkdtempSync(join(tmpdir(), 'sintonia-ssr-'))
  const root = join(base, 'dist')
  mkdirSync(join(root, 'assets'), { recursive: true })
  copyFileSync(join(WEB_APP, 'index.html'), join(root, 'index.html'))
  copyFileSync(join(WEB_APP, 'landing.html'), join(root, 'landing.html'))
  return { base, root, ssr: join(base, 'dist-ssr') }
}

/** The #root element of the page, from its opening tag to its closing one (nested divs counted). */
function rootOf(html: string): string {
  const start = html.search(ROOT_OPENING)
  expect(start, 'a página tem #root').toBeGreaterThan(0)
  const tags = /<(\/?)div\b[^>]*>/g
  tags.lastIndex = start
  let depth = 0
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1
    if (depth === 0) return html.slice(start, tag.index + tag[0].length)
  }
  throw new Error('#root sem fechamento')
}

function logSink(): { lines: () => Array<{ level: number; msg: string }>; stream: Writable } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
  return { lines, stream }
}

const built = webBuild()
const builds: string[] = [built.base]

beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [VITE_BIN, 'build', '--ssr', 'src/ssr/render-landing.tsx', '--outDir', built.ssr, '--emptyOutDir', '--logLevel', 'warn'],
    // As `npm run build` builds it (Vitest runs with NODE_ENV=test).
    { cwd: WEB_APP, env: { ...process.env, NODE_ENV: 'production' } },
  )
}, 120_000)
afterAll(() => {
  for (const base of builds) rmSync(base, { recursive: true, force: true })
})

describe('first HTML of / with the landing rendered on the server', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: true, webRoot: built.root })
  })
  afterAll(() => ctx.close())

  it('carries the header, the hero and every field inside #root instead of the boot screen', async () => {
    const res = await ctx.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    const root = rootOf(res.body)
    expect(root.startsWith('<div id="root" data-server-rendered="">')).toBe(true)
    expect(root).not.toContain(BOOT_SCREEN)
    expect(root).not.toContain('Carregando...')
    expect(root).toMatch(/<header[\s>]/)
    expect(root).toContain('aria-label="Sintonia — página inicial"')
    expect(root).toMatch(new RegExp(`<h1 id="hero-title"[^>]*>${DEFAULT_LANDING_CONTENT.hero.title}`))
    const { fields: seeded } = (await ctx.app.inject({ url: API.catalogue.publicFields })).json<FieldList>()
    expect(seeded).toHaveLength(6)
    for (const field of seeded) expect(root).toContain(field.title)
    expect(root).toMatch(/<footer[\s>]/)
    // The data stays embedded: the browser's first render uses it.
    expect(res.body).toContain('<script id="__SINTONIA_DATA__" type="application/json">')
    // Nothing of React's own is left in the page (no hoisted <title>, no hydration script).
    expect(root).not.toContain('<title>')
    expect(root).not.toContain('<script')
  })

  it("is the landing's own page (ADR 014); every other page gets the app's", async () => {
    const landing = await ctx.app.inject({ url: '/' })
    expect(landing.body).toContain('src="/src/landing-main.tsx"')
    expect(landing.body).not.toContain('src="/src/main.tsx"')
    for (const url of ['/login', '/dashboard', '/assinatura']) {
      const page = await ctx.app.inject({ url })
      expect(page.body, url).toContain('src="/src/main.tsx"')
      expect(page.body, url).not.toContain('landing-main')
    }
  })

  it('is built once and served compressed from memory', async () => {
    const first = await ctx.app.inject({ url: '/' })
    const second = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
    expect(second.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(second.rawPayload).toString('utf8')).toBe(first.body)
    expect(ctx.app.landingPageCache.size).toBe(1)
  })

  it('shows a change announced as a domain event on the next request', async () => {
    await ctx.app.inject({ url: '/' })
    expect(ctx.app.landingPageCache.size).toBe(1)

    // The product name, through the admin's settings (they publish content_changed).
    const saved = await callAs(ctx, await admin(ctx), {
      method: 'PUT',
      url: API.content.admin.settings,
      payload: { productName: 'Mente Serena', supportEmail: 'ajuda@exemplo.com.br', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0 },
    })
    expect(saved.statusCode).toBe(200)
    expect(ctx.app.landingPageCache.size).toBe(0)
    const renamed = rootOf((await ctx.app.inject({ url: '/' })).body)
    expect(renamed).toContain('aria-label="Mente Serena — página inicial"')
    expect(renamed).not.toContain('aria-label="Sintonia — página inicial"')

    // A field's title, changed and announced as fields_changed.
    const { fields: seeded } = (await ctx.app.inject({ url: API.catalogue.publicFields })).json<FieldList>()
    const field = seeded[0]!
    await ctx.database.db.update(fields).set({ title: 'Campo Renomeado' }).where(eq(fields.id, field.id))
    await ctx.app.domainEvents.publish('fields_changed')
    expect(ctx.app.landingPageCache.size).toBe(0)
    const retitled = rootOf((await ctx.app.inject({ url: '/' })).body)
    expect(retitled).toContain('Campo Renomeado')
    expect(retitled).not.toContain(`>${field.title}<`)

    for (const event of ['content_changed', 'videos_changed', 'audios_changed', 'plans_changed'] as const) {
      await ctx.app.inject({ url: '/' })
      expect(ctx.app.landingPageCache.size, event).toBe(1)
      await ctx.app.domainEvents.publish(event)
      expect(ctx.app.landingPageCache.size, event).toBe(0)
    }
  })
})

describe('first HTML of / without a usable server render', () => {
  async function fallbackOf(prepare: (ssr: string) => void) {
    const build = webBuild()
    builds.push(build.base)
    prepare(build.ssr)
    const sink = logSink()
    const ctx = await buildTestApp({ seed: true, webRoot: build.root, logger: { level: 'warn', stream: sink.stream } })
    try {
      const res = await ctx.app.inject({ url: '/' })
      return { res, root: rootOf(res.body), warnings: sink.lines().filter((line) => line.level === 40).map((line) => line.msg) }
    } finally {
      await ctx.close()
    }
  }

  function expectBootScreen({ res, root }: Awaited<ReturnType<typeof fallbackOf>>) {
    expect(res.statusCode).toBe(200)
    expect(root.startsWith('<div id="root">')).toBe(true)
    expect(root).toContain(BOOT_SCREEN)
    expect(root).not.toContain('hero-title')
    // Everything else of today's first HTML is still there.
    expect(res.body).toContain('<script id="__SINTONIA_DATA__" type="application/json">')
    expect(res.body).toContain(DEFAULT_LANDING_CONTENT.hero.title)
  }

  it('keeps the boot screen when the module is missing', async () => {
    const result = await fallbackOf(() => undefined)
    expectBootScreen(result)
    expect(result.warnings.some((msg) => msg.startsWith('landing server render not found'))).toBe(true)
  })

  it('keeps the boot screen when the module cannot be loaded', async () => {
    const result = await fallbackOf((ssr) => {
      mkdirSync(ssr)
      writeFileSync(join(ssr, 'render-landing.js'), "throw new Error('módulo quebrado')\n")
    })
    expectBootScreen(result)
    expect(result.warnings.some((msg) => msg.startsWith('landing server render unusable'))).toBe(true)
  })

  it('keeps the boot screen when rendering throws', async () => {
    const result = await fallbackOf((ssr) => {
      mkdirSync(ssr)
      writeFileSync(join(ssr, 'render-landing.js'), "export async function renderLanding() { throw new Error('falhou ao renderizar') }\n")
    })
    expectBootScreen(result)
    expect(result.warnings.some((msg) => msg.startsWith('landing server render failed'))).toBe(true)
  })
})
