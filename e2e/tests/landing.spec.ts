import { QUIET } from '../support/alone'
import { expect, test } from '@playwright/test'
import type { FieldList, LandingResponse } from '@sintonia/contract'

test('a visitor sees the landing hero and every seeded field with its audio count', async ({ page, request }) => {
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse
  const { fields } = (await (await request.get('/api/public/fields')).json()) as FieldList
  expect(fields.length).toBe(6)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(landing.content.hero.title)
  await expect(page.getByRole('heading', { name: 'Campos de Desenvolvimento' })).toBeVisible()

  const cards = page.getByTestId('field-card')
  await expect(cards).toHaveCount(fields.length)
  for (const field of fields) {
    const card = cards.filter({ hasText: field.title })
    await expect(card).toBeVisible()
    await expect(card).toContainText(`${field.audioCount} ${field.audioCount === 1 ? 'áudio' : 'áudios'}`)
  }
})

test('an unknown page shows the 404 texts and a way back', async ({ page }) => {
  await page.goto('/pagina-que-nao-existe')
  await expect(page.getByText('Página não encontrada')).toBeVisible()
  await expect(page.getByText('Oops! A página que você está procurando não existe.')).toBeVisible()
  await page.getByRole('link', { name: 'Voltar ao Início' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the first HTML of / already carries the hero title and share tags, before any script runs', async ({ request }) => {
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse
  const html = await (await request.get('/')).text()
  expect(html).toContain(landing.content.hero.title)
  expect(html).toContain('id="__SINTONIA_DATA__"')
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
  expect(html.match(/<meta name="description"/g)).toHaveLength(1)
})

test('the landing hero renders from the embedded data without calling the landing API', async ({ page }) => {
  const landingCalls: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/api/landing') || req.url().includes('/api/public/fields')) landingCalls.push(req.url())
  })
  await page.goto('/')
  await expect(page.getByTestId('field-card').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(landingCalls).toEqual([])
})

// ADR 013: the server renders the landing into #root, so it paints from the first HTML.

test('without JavaScript, a visitor still sees the header, the hero and every field', async ({ browser, request }) => {
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse
  const { fields } = (await (await request.get('/api/public/fields')).json()) as FieldList
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport })
    const page = await context.newPage()
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: `${landing.productName} — página inicial` })).toBeVisible()
    const hero = page.getByRole('heading', { level: 1 })
    await expect(hero).toBeVisible()
    await expect(hero).toContainText(landing.content.hero.title)
    await expect(page.getByRole('link', { name: landing.content.hero.ctaText })).toBeVisible()
    await expect(page.getByText('Carregando...')).toHaveCount(0)
    await expect(page.getByTestId('field-card')).toHaveCount(fields.length)
    await expect(page.getByRole('contentinfo')).toBeAttached()
    await context.close()
  }
})

/** Runs in the page before its own scripts: watches what happens to the server's markup. */
function watchServerMarkup() {
  const w = window as unknown as {
    __layoutShifts: { value: number; sources: string[] }[]
    __serverNodes: { layout: Element; hero: Element } | null
    __framesWithoutHero: number
  }
  w.__layoutShifts = []
  w.__serverNodes = null
  w.__framesWithoutHero = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
      w.__layoutShifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?') })
    }
  }).observe({ type: 'layout-shift', buffered: true })

  // The nodes the HTML parser made, kept to check that React adopted them instead of replacing them.
  new MutationObserver((_records, observer) => {
    const hero = document.getElementById('hero-title')
    const layout = document.getElementById('root')?.firstElementChild
    if (!hero || !layout) return
    w.__serverNodes = { layout, hero }
    observer.disconnect()
  }).observe(document, { childList: true, subtree: true })

  // Before every frame from the moment the hero is first there: it must never be missing.
  let seen = false
  const frame = () => {
    const present = !!document.getElementById('hero-title')
    if (present) seen = true
    else if (seen) w.__framesWithoutHero++
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

// Layout shifts are measured while fonts and chunks arrive: with nothing else loading the machine.
test('with JavaScript, React adopts the server markup as it is: same nodes, no error, no blank frame, no layout shift', { tag: QUIET }, async ({ browser }) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      // A visitor's session check answers 401, which the browser reports; that is not the page's error.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript(watchServerMarkup)
    await page.goto('/')
    // Below the fold: the sections hydrate once their chunk is in, the plan cards replace their skeletons.
    await expect(page.locator('#planos').getByRole('link').first()).toBeAttached()
    // The session is known: the header's button shows (desktop) or the bottom bar appears (mobile).
    await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    const result = await page.evaluate(() => {
      const w = window as unknown as {
        __layoutShifts: { value: number; sources: string[] }[]
        __serverNodes: { layout: Element; hero: Element } | null
        __framesWithoutHero: number
      }
      const nodes = w.__serverNodes
      return {
        shifts: w.__layoutShifts,
        framesWithoutHero: w.__framesWithoutHero,
        sawServerMarkup: nodes !== null,
        adopted: !!nodes && nodes.hero.isConnected && nodes.hero === document.getElementById('hero-title') && nodes.layout === document.getElementById('root')?.firstElementChild,
      }
    })
    const at = `${viewport.width} px`
    expect(result.sawServerMarkup, at).toBe(true)
    expect(result.adopted, `${at}: React replaced the server's nodes (hydration failed?)`).toBe(true)
    expect(errors, at).toEqual([])
    expect(result.framesWithoutHero, at).toBe(0)
    expect(result.shifts, at).toEqual([])

    // React is in charge of that DOM: its links navigate in the page, without loading a new one.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.getByRole('link', { name: 'Ouvir Demonstração Grátis' }).click()
    await expect(page).toHaveURL(/\/demo$/)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    await context.close()
  }
})

test("/ runs without the app's router; leaving it brings the app in place, without a page load, and back returns", async ({ page }) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The session is known and the page is idle: everything / loads by itself is in.
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  // The app's chunk (router and route table, app/start-app.tsx) is not among them (ADR 014).
  expect(scripts.filter((path) => /\/start-app-/.test(path))).toEqual([])
  expect(scripts.some((path) => /\/landing-/.test(path))).toBe(true)

  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
  await page.getByRole('link', { name: 'Quero Começar Agora' }).first().click()
  await expect(page).toHaveURL(/\/assinatura$/)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^$/)
  expect(scripts.some((path) => /\/start-app-/.test(path))).toBe(true)
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)

  // The app's router owns the history now: back shows the landing it renders itself.
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('#hero-title')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
})

test('when the sections below the hero cannot be fetched, the hero stays and the visitor can try again', async ({ page }) => {
  // The connection drops right after the HTML: the chunk of the sections below the hero fails.
  let blocked = true
  await page.route(/\/assets\/landing-below-fold-[^/]+\.js$/, (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()))
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const retry = page.getByRole('button', { name: 'Tentar Novamente' })
  await expect(retry).toBeVisible()
  await expect(page.getByText('Não foi possível atualizar o conteúdo.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible()

  blocked = false
  await retry.click()
  await expect(page.getByRole('heading', { name: 'Campos de Desenvolvimento' })).toBeVisible()
  await expect(retry).toHaveCount(0)
  // React reports that it rendered the failed part in the browser instead of hydrating it
  // (recoverable error #422); nothing else may go wrong.
  expect(errors.filter((message) => !/Minified React error #422\b/.test(message))).toEqual([])
})

// A person whose system does not ask for less motion: the page's own smooth scrolling applies.
test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('a visitor at "Planos" who reloads is put back there, at 360 and 1280 px, without the page sliding down to it from the top', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __scrolls: number[] }
      w.__scrolls = []
      addEventListener('scroll', () => w.__scrolls.push(window.scrollY), { passive: true })
    })
    for (const [width, height] of [[360, 780], [1280, 800]] as const) {
      await page.setViewportSize({ width, height })
      await page.goto('/')
      await page.waitForLoadState('networkidle')
      // The visitor is at the plans (as "Quero Começar Agora" of the price comparison leaves them),
      // put there until the sections above have their real heights.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const plans = document.getElementById('planos')!
            plans.scrollIntoView({ behavior: 'instant', block: 'start' })
            return Math.abs(plans.getBoundingClientRect().top) < 120
          }),
        )
        .toBe(true)
      const left = await page.evaluate(() => window.scrollY)

      await page.reload()
      await page.waitForLoadState('networkidle')
      // The browser puts the page back where the visitor was (give or take what the sections above
      // measure before they render) in steps of its own — clamped while the page below is still
      // growing — never in a slide from the top that shows the first screen on the way.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls.length)).toBeGreaterThan(0)
      const places = await page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls)
      expect(places.filter((y) => y < height), `${width} px: places within the first screen, on the way back to "Planos" (${left})`).toEqual([])
    }
  })
})
