import type { Page } from '@playwright/test'

/**
 * What the page's own security policy refused while a journey ran: Chromium's console message for
 * each refusal and the page's `securitypolicyviolation` events (directive and blocked address).
 * Read it at the end: an empty list means nothing the journey did was refused (zod's eval probe
 * aside, below).
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`)
  })
  await page.exposeFunction('__cspViolation', (text: string) => void seen.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod asks once whether eval is allowed (`Function('')` inside try/catch) and works without it;
      // the policy refusing it is the policy working (no 'unsafe-eval'), and Chromium logs nothing.
      if (event.blockedURI === 'eval') return
      void (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(`${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI}`)
    })
  })
  return async () => [...seen]
}
