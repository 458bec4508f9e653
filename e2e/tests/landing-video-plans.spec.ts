import { expect, test, type Page } from '@playwright/test'
import {
  DEFAULT_VIDEO_CONTROLS,
  EMBED_ALLOW,
  EMBED_SANDBOX,
  type LandingResponse,
  type LandingVideo,
  type PlansResponse,
} from '@sintonia/contract'

/** The seeded plans (docs/product/commerce.md#codes-and-default-prices): 3 × R$ 49,90, 6 × R$ 44,90, 12 × R$ 39,90. */
const SEEDED = [
  { code: 'trimestral', name: 'Trimestral', price: 'R$ 149,70', perMonth: 'R$ 49,90' },
  { code: 'semestral', name: 'Semestral', price: 'R$ 269,40', perMonth: 'R$ 44,90' },
  { code: 'anual', name: 'Anual', price: 'R$ 478,80', perMonth: 'R$ 39,90' },
]

test('the landing shows the seeded plans with their prices and links to subscribe', async ({ page, request }) => {
  const { plans, guaranteeDays } = (await (await request.get('/api/plans')).json()) as PlansResponse
  expect(plans.map((plan) => plan.code)).toEqual(SEEDED.map((plan) => plan.code))

  await page.goto('/')
  const section = page.locator('#planos')
  await section.scrollIntoViewIfNeeded()
  const cards = section.getByTestId('plan-card')
  await expect(cards).toHaveCount(3)

  for (const [index, seeded] of SEEDED.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(seeded.name)
    await expect(card.getByTestId('plan-price')).toHaveText(seeded.price)
    await expect(card).toContainText(`Equivale a ${seeded.perMonth} por mês`)
    await expect(card.getByRole('link', { name: `Assinar ${seeded.name}` })).toHaveAttribute(
      'href',
      `/assinatura?plan=${seeded.code}`,
    )
  }
  await expect(cards.nth(2).getByText('Mais popular')).toBeVisible()
  // The admin's guarantee setting, the same number /api/plans carries (a changed setting: plans-access-story.spec.ts).
  await expect(section.getByText(`Garantia de ${guaranteeDays} dias`)).toBeVisible()

  // The price comparison's own-plan row reads the annual plan (docs/product/public-pages.md#price-comparison).
  const highlighted = page.getByRole('table').getByRole('row').filter({ hasText: 'Melhor escolha' })
  await expect(highlighted).toContainText('R$ 478,80')

  // The call to action takes the visitor to the plan page with the plan chosen: a visitor is asked
  // whether to sign in or pay first for that plan.
  await cards.nth(1).getByRole('link', { name: 'Assinar Semestral' }).click()
  await expect(page).toHaveURL(/\/assinatura/)
  await expect(page.getByRole('dialog', { name: 'Assinar o plano Semestral' })).toBeVisible()
})

test('the plans and the landing content arrive in the first HTML, not from the API', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (req) => {
    if (/\/api\/(plans|landing|public\/fields)/.test(req.url())) calls.push(req.url())
  })
  await page.goto('/')
  await expect(page.getByTestId('plan-card')).toHaveCount(3)
  expect(calls).toEqual([])
})

// --- hero video --------------------------------------------------------------------------------
// These journeys rewrite responses with page.route, which requests made by a service worker
// bypass (Playwright routes only the page's own requests): the app's worker stays off in this file.
test.use({ serviceWorkers: 'block' })
// There is no admin yet to choose a video, so these journeys rewrite the first HTML the real
// server sends, exactly where a saved 'videos' section would put it.

function video(overrides: Partial<LandingVideo> & Pick<LandingVideo, 'id' | 'type' | 'url'>): LandingVideo {
  return {
    title: 'Conheça o método',
    created_at: '2025-01-01T00:00:00.000Z',
    video_controls: { ...DEFAULT_VIDEO_CONTROLS },
    ...overrides,
  }
}

async function serveLandingWithVideo(page: Page, active: LandingVideo) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const body = html.replace(
        /(<script id="__SINTONIA_DATA__" type="application\/json">)([\s\S]*?)(<\/script>)/,
        (_whole, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as { landing: LandingResponse }
          data.landing.videos = { active_video_id: active.id, videos: [active] }
          return open + JSON.stringify(data).replaceAll('<', '\\u003c') + close
        },
      )
      await route.fulfill({ response, body })
    },
  )
  // The page may refetch its content (focus, realtime resync): it must see the same video.
  await page.route('**/api/landing', async (route) => {
    const response = await route.fetch()
    const landing = (await response.json()) as LandingResponse
    landing.videos = { active_video_id: active.id, videos: [active] }
    await route.fulfill({ response, json: landing })
  })
}

test('an active YouTube video plays in a sandboxed 16:9 frame in the hero, without loading hls.js', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  })
  // Keep the journey offline: the player page is a stand-in.
  await page.route('https://www.youtube.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  )
  await serveLandingWithVideo(page, video({ id: 'yt', type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }))

  await page.goto('/')
  const frame = page.getByTestId('hero-video')
  const iframe = frame.locator('iframe')
  await expect(iframe).toHaveAttribute('sandbox', EMBED_SANDBOX)
  const box = await frame.boundingBox()
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1)
  await expect(iframe).toHaveAttribute('allow', EMBED_ALLOW)
  const src = new URL((await iframe.getAttribute('src'))!)
  expect(src.origin + src.pathname).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ')
  expect(src.searchParams.get('controls')).toBe('1')
  expect(src.searchParams.get('playsinline')).toBe('1')
  await expect(frame.getByText('Carregando vídeo...')).toBeHidden()

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(scripts.some((path) => /\/assets\/hero-video-[\w-]+\.js$/.test(path))).toBe(true)
  expect(scripts.some((path) => /hls/i.test(path))).toBe(false)
})

test('a video that fails to load leaves the hero as it was', async ({ page }) => {
  await serveLandingWithVideo(page, video({ id: 'up', type: 'upload', url: '/media/videos/nao-existe.mp4' }))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('hero-video')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Ouvir Demonstração Grátis' })).toBeVisible()
})

test('without an active video the player code is never fetched', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByTestId('plan-card')).toHaveCount(3)
  await expect(page.getByTestId('hero-video')).toHaveCount(0)
  expect(scripts.filter((path) => /hero-video|hls/.test(path))).toEqual([])
})
