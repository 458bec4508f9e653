import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { DEFAULT_LANDING_CONTENT, landingResponseSchema, type LandingPageContent } from '@sintonia/contract'
import { appSettings, landingContent } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
})
afterAll(() => ctx.close())

async function getLanding() {
  const res = await ctx.app.inject({ url: '/api/landing' })
  expect(res.statusCode).toBe(200)
  const body: unknown = res.json()
  // Whatever is stored, the response keeps the contract.
  const parsed = landingResponseSchema.safeParse(body)
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  return landingResponseSchema.parse(body)
}

async function storePage(content: unknown) {
  await ctx.database.db
    .update(landingContent)
    .set({ content, updatedAt: new Date('2024-03-01T10:00:00Z') })
    .where(eq(landingContent.section, 'landing_page'))
}

async function storeVideos(content: unknown) {
  await ctx.database.db.update(landingContent).set({ content }).where(eq(landingContent.section, 'videos'))
}

/** A deep, editable copy of the (frozen) default content. */
const editableDefault = (): LandingPageContent => structuredClone(DEFAULT_LANDING_CONTENT) as LandingPageContent

describe('GET /api/landing on the seeded catalogue', () => {
  it('returns the product name, the default content and no active video', async () => {
    const body = await getLanding()
    expect(body.productName).toBe('Sintonia')
    expect(body.content).toEqual(DEFAULT_LANDING_CONTENT)
    expect(body.content.hero).toEqual(DEFAULT_LANDING_CONTENT.hero)
    expect(body.videos).toEqual({ active_video_id: null, videos: [] })
    expect(body.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('is public and JSON', async () => {
    const res = await ctx.app.inject({ url: '/api/landing' })
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })
})

describe('stored landing content', () => {
  it('is served as stored when its shape is valid', async () => {
    const content = editableDefault()
    content.hero.title = 'Um novo título para o {product}'
    await storePage(content)
    const body = await getLanding()
    expect(body.content.hero.title).toBe('Um novo título para o {product}')
    expect(body.updatedAt).toBe('2024-03-01T10:00:00.000Z')
  })

  it('falls back to the default when features is not a list', async () => {
    await storePage({ ...editableDefault(), features: 'não é uma lista' })
    const body = await getLanding()
    expect(body.content).toEqual(DEFAULT_LANDING_CONTENT)
  })

  it('falls back to the default when hero is missing', async () => {
    const { hero: _hero, ...withoutHero } = editableDefault()
    await storePage(withoutHero)
    const body = await getLanding()
    expect(body.content).toEqual(DEFAULT_LANDING_CONTENT)
  })

  it('falls back to the default when priceComparison has no options list, or the content is not an object', async () => {
    const content = editableDefault() as unknown as { priceComparison: Record<string, unknown> }
    delete content.priceComparison.options
    await storePage(content)
    expect((await getLanding()).content).toEqual(DEFAULT_LANDING_CONTENT)
    await storePage(['hero'])
    expect((await getLanding()).content).toEqual(DEFAULT_LANDING_CONTENT)
    await storePage('texto solto')
    expect((await getLanding()).content).toEqual(DEFAULT_LANDING_CONTENT)
  })

  it('reports no update time when the default content is what is served', async () => {
    await storePage({ hero: 'quebrado' })
    const body = await getLanding()
    expect(body.content).toEqual(DEFAULT_LANDING_CONTENT)
    expect(body.updatedAt).toBeNull()
  })

  it('falls back to the default when the row is missing', async () => {
    await ctx.database.db.delete(landingContent).where(eq(landingContent.section, 'landing_page'))
    const body = await getLanding()
    expect(body.content).toEqual(DEFAULT_LANDING_CONTENT)
    expect(body.updatedAt).toBeNull()
    await ctx.database.db.insert(landingContent).values({ section: 'landing_page', content: DEFAULT_LANDING_CONTENT })
  })
})

describe('stored videos', () => {
  const video = (id: string, url: string) => ({
    id,
    type: 'youtube',
    url,
    title: `Vídeo ${id}`,
    created_at: '2024-01-01T00:00:00.000Z',
  })

  it('returns the active video and drops invalid ones', async () => {
    await storeVideos({
      active_video_id: 'v1',
      videos: [video('v1', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'), video('v2', 'não é um link'), { id: 'v3' }],
    })
    const body = await getLanding()
    expect(body.videos.active_video_id).toBe('v1')
    expect(body.videos.videos.map((v) => v.id)).toEqual(['v1'])
  })

  it('clears an active id that points to a dropped video', async () => {
    await storeVideos({ active_video_id: 'v2', videos: [video('v1', 'https://youtu.be/dQw4w9WgXcQ'), video('v2', 'ftp://x')] })
    const body = await getLanding()
    expect(body.videos.active_video_id).toBeNull()
    expect(body.videos.videos.map((v) => v.id)).toEqual(['v1'])
  })

  it('answers no videos for content that is not an object', async () => {
    await storeVideos('nada')
    expect((await getLanding()).videos).toEqual({ active_video_id: null, videos: [] })
  })
})

describe('product name setting', () => {
  const setProductName = (value: unknown) =>
    ctx.database.db.update(appSettings).set({ value }).where(eq(appSettings.key, 'product_name'))

  it('returns the name stored in app_settings', async () => {
    await setProductName('Harmonia')
    expect((await getLanding()).productName).toBe('Harmonia')
  })

  it("falls back to 'Sintonia' for a blank or non-text value", async () => {
    await setProductName('   ')
    expect((await getLanding()).productName).toBe('Sintonia')
    await setProductName(42)
    expect((await getLanding()).productName).toBe('Sintonia')
    await ctx.database.db.delete(appSettings).where(eq(appSettings.key, 'product_name'))
    expect((await getLanding()).productName).toBe('Sintonia')
  })
})
