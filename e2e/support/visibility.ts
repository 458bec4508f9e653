import { expect, type Locator, type Page } from '@playwright/test'

/**
 * What a person sees of `locator`: 'ok' when the whole box is inside the window and nothing is
 * drawn over it (the middle of its edges and its centre, through elementFromPoint, hit the box or
 * something inside it); otherwise what covers it — the fixed bottom bar, the sticky header, a toast.
 */
export async function coverage(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return 'sem tamanho'
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
      return `fora da janela (${Math.round(box.top)}…${Math.round(box.bottom)} de ${window.innerHeight})`
    }
    // The middle of each edge and the centre: a rounded corner is not part of the box.
    const inset = 3
    const midX = (box.left + box.right) / 2
    const midY = (box.top + box.bottom) / 2
    const points: [number, number][] = [
      [midX, box.top + inset],
      [midX, box.bottom - inset],
      [box.left + inset, midY],
      [box.right - inset, midY],
      [midX, midY],
    ]
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y)
      if (!hit || !(hit === element || element.contains(hit))) {
        const cover = hit?.closest('nav, header, footer, [data-sonner-toaster], [role="dialog"]') ?? hit
        return `coberto em (${Math.round(x)}, ${Math.round(y)}) por <${cover?.tagName.toLowerCase()} ${cover?.getAttribute('aria-label') ?? cover?.className ?? ''}>`
      }
    }
    return 'ok'
  })
}

/** The element is on screen and nothing covers it (waits for a smooth scroll to end). */
export async function expectUncovered(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  await expect.poll(() => coverage(locator), { message: 'a mensagem deve estar visível e descoberta' }).toBe('ok')
}

/** Collects what the page writes as errors in the console, and its uncaught exceptions. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} — ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()} — ${error.message}`))
  return errors
}

/** Two boxes share at least one pixel. */
export function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}
