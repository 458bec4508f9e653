import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Locator, type Page } from '@playwright/test'

/** Full-page screenshots of the journeys, to be looked at (e2e/.artifacts/screenshots). */
export const SHOTS = fileURLToPath(new URL('../.artifacts/screenshots/', import.meta.url))
/**
 * Pictures are taken on demand (`E2E_SCREENSHOTS=1 npm run test:e2e`, docs/testing.md): they are
 * for people to look at, and cost seconds each. Without it the journeys still check the layout
 * at every width and theme a picture would show.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'
if (TAKE_SCREENSHOTS) mkdirSync(SHOTS, { recursive: true })

/** Keeps a picture of `target` (a page or a part of it) as `{name}.png`, on demand (TAKE_SCREENSHOTS). */
export async function keepPicture(target: Page | Locator, name: string): Promise<void> {
  if (TAKE_SCREENSHOTS) await target.screenshot({ path: `${SHOTS}${name}.png` })
}

/** Nothing wider than the window (a long title or a table would push the page sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'um elemento passa da largura da janela',
    })
    .toBeLessThanOrEqual(0)
    .catch(async (error: unknown) => {
      // Name what sticks out, so the failure says where to look.
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 8)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}px`),
      )
      throw new Error(`${String(error)}\n${wide.join('\n')}`)
    })
}

/**
 * Before a picture, the toasts leave (one caught mid-resize is drawn where the old width put it).
 * Only when pictures are taken: waiting out a toast's four seconds proves nothing otherwise.
 */
export async function toastsGoneBeforePicture(page: Page): Promise<void> {
  if (TAKE_SCREENSHOTS) await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
}

/**
 * Checks the page does not scroll sideways at `width` (a phone at 360 px, a laptop at 1280 px) and,
 * on demand (TAKE_SCREENSHOTS), keeps the whole page as `{name}-{width}.png`. The window is made as tall as the page, so sticky and fixed
 * parts (the header, the bottom bar below 768 px) are drawn where they really sit; the viewport is
 * put back afterwards.
 */
export async function screenshotAt(page: Page, name: string, width: 360 | 1280): Promise<void> {
  const previous = page.viewportSize()
  await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
  await expectNoSidewaysScroll(page)
  if (!TAKE_SCREENSHOTS) {
    if (previous) await page.setViewportSize(previous)
    return
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  // The site's footer (the contentinfo landmark, not a card's <footer>), where a page has one.
  const footer = page.getByRole('contentinfo')
  // The window grows to the page's height; sections drawn only once on screen (the landing's
  // content-visibility) may then grow the page again, so measure until the footer is in the window.
  await expect(async () => {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({ width, height })
    if ((await footer.count()) > 0) await expect(footer.first()).toBeInViewport({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
  await page.screenshot({ path: `${SHOTS}${name}-${width}.png` })
  if (previous) await page.setViewportSize(previous)
}

/**
 * The page at 1280 and 360 px, in day (`{name}-{width}.png`) and in night
 * (`{name}-night-{width}.png`, docs/design.md#night); the page's own theme is put back after.
 */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  await screenshotAt(page, name, 1280)
  await screenshotAt(page, name, 360)
  const previous = await page.evaluate(() => document.documentElement.dataset.theme ?? 'day')
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'night'
  })
  try {
    await screenshotAt(page, `${name}-night`, 1280)
    await screenshotAt(page, `${name}-night`, 360)
  } finally {
    await page.evaluate((theme) => {
      document.documentElement.dataset.theme = theme
    }, previous)
  }
}
