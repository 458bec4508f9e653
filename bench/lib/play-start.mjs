// Press play → `playing` in a fresh Chromium context with Slow 4G emulated (Lighthouse's DevTools
// values) and no HTTP cache: shared by the audio-start and sessions suites.
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 }

/**
 * Milliseconds from play() to the element's `playing` for `src`, played from `pageUrl` (a page of
 * the same origin: the API's pages carry a CSP whose media-src is 'self'). The sign-in cookie
 * travels as a header: the production cookie is __Secure- prefixed, which a browser only stores
 * from https, and the benches are plain http on 127.0.0.1.
 */
export async function playToPlaying(browser, { cookie, pageUrl, src }) {
  const context = await browser.newContext({ extraHTTPHeaders: { cookie } })
  try {
    const page = await context.newPage()
    await page.goto(pageUrl)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    return await page.evaluate(
      (url) =>
        new Promise((resolve, reject) => {
          const element = new globalThis.Audio()
          element.preload = 'none'
          element.src = url
          const started = globalThis.performance.now()
          element.addEventListener('playing', () => resolve(globalThis.performance.now() - started), { once: true })
          element.addEventListener('error', () => reject(new Error(`audio error ${element.error?.code}`)), { once: true })
          element.play().catch(reject)
        }),
      src,
    )
  } finally {
    await context.close()
  }
}
