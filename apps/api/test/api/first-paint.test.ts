import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, DEFAULT_LANDING_CONTENT, type FieldList, type LandingResponse } from '@sintonia/contract'
import { escapeHtml } from '../../src/lib/http/html-injection.js'
import { upsertSection } from '../../src/modules/content/landing-repository.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin } from '../helpers/auth.js'

const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="descrição padrão"
    />
    <title>Sintonia</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-AbCdEf12.js"></script></body>
</html>`

function webRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sintonia-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), TEMPLATE)
  writeFileSync(join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)')
  return dir
}

function embeddedData(html: string): { landing: LandingResponse; fields: FieldList['fields'] } {
  const match = /<script id="__SINTONIA_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)
  if (!match?.[1]) throw new Error('dados iniciais ausentes')
  return JSON.parse(match[1]) as { landing: LandingResponse; fields: FieldList['fields'] }
}

describe('first HTML of the landing page', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: true, webRoot: webRoot() })
  })
  afterAll(() => ctx.close())

  it('already carries the hero title, the landing payload and the fields grid', async () => {
    const res = await ctx.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const data = embeddedData(res.body)
    expect(data.landing.content.hero.title).toBe(DEFAULT_LANDING_CONTENT.hero.title)
    expect(res.body).toContain(DEFAULT_LANDING_CONTENT.hero.title)
    expect(data.fields).toHaveLength(6)
    expect(data.fields.every((f) => f.audioCount >= 3)).toBe(true)
  })

  it('sets title, description and Open Graph tags from the content', async () => {
    const res = await ctx.app.inject({ url: '/' })
    expect(res.body).toMatch(/<title>Sintonia — [^<]+<\/title>/)
    expect(res.body).not.toContain('descrição padrão')
    expect(res.body).toMatch(/<meta property="og:title" content="Sintonia — /)
    expect(res.body).toContain('<meta property="og:url" content="http://localhost:3000/" />')
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1)
  })

  it('cannot be broken out of by admin content containing markup', async () => {
    const hostile = {
      ...structuredClone(DEFAULT_LANDING_CONTENT),
      hero: { ...DEFAULT_LANDING_CONTENT.hero, title: '</script><script>alert(1)</script> "aspas" & <b>' },
    }
    await upsertSection(ctx.database.db, 'landing_page', hostile)
    const res = await ctx.app.inject({ url: '/' })
    expect(res.body).not.toContain('<script>alert(1)</script>')
    expect(embeddedData(res.body).landing.content.hero.title).toBe(hostile.hero.title)
    expect(res.body).toContain('&lt;/script&gt;')
  })

  it("inserts admin text with replacement patterns ($&, $`, $', $$, $1) literally", async () => {
    const boss = await admin(ctx)
    const title = "Preço R$ 49,90 $& $` $' $$ $1 $<x>"
    const subtitle = "Sem $' nem $` no fim: $&$&"
    const content = { ...structuredClone(DEFAULT_LANDING_CONTENT), hero: { ...DEFAULT_LANDING_CONTENT.hero, title, titleHighlight: '', subtitle } }
    const saved = await ctx.app.inject({ method: 'PUT', url: API.content.admin.landing, headers: { cookie: boss.cookie }, payload: content })
    expect(saved.statusCode).toBe(200)
    const res = await ctx.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<title>Sintonia — ${escapeHtml(title)}</title>`)
    expect(res.body).toContain(`<meta name="description" content="${escapeHtml(subtitle)}" />`)
    expect(res.body).toContain(`<meta property="og:title" content="Sintonia — ${escapeHtml(title)}" />`)
    expect(embeddedData(res.body).landing.content.hero).toMatchObject({ title, subtitle })
    // The page around the insertions is intact: the template once, in order.
    expect(res.body.match(/<!doctype html>/g)).toHaveLength(1)
    expect(res.body.match(/<title>/g)).toHaveLength(1)
    expect(res.body.match(/<\/head>/g)).toHaveLength(1)
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1)
    expect(res.body.trimEnd().endsWith('</html>')).toBe(true)
  })

  it('other client routes get the plain page without the landing payload', async () => {
    const res = await ctx.app.inject({ url: '/demo' })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('__SINTONIA_DATA__')
  })
})

describe('first HTML when the database is away', () => {
  it('still serves the page, without the embedded data', async () => {
    const ctx = await buildTestApp({ seed: true, webRoot: webRoot() })
    await ctx.database.close()
    const res = await ctx.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root">')
    expect(res.body).not.toContain('__SINTONIA_DATA__')
    await ctx.app.close()
  })
})
