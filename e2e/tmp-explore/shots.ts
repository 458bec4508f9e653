import { chromium } from '@playwright/test'
import { startPreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

const checkout = { email: `shots-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_shots${Date.now().toString(36)}` }
const server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'trimestral' }], practicePrograms: [{ title: 'Curto', slug: 'curto', days: 3, repetitions: 2 }] })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] })
const out = process.argv[2] ?? '/tmp/shots'
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-shots')
  const fields = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()).fields
  const audios = (await (await page.request.get(`${server.baseURL}/api/fields/${fields[0].id}/audios`)).json()).audios
  const pages: Array<[string, string]> = [
    ['landing', '/'],
    ['dashboard', '/dashboard'],
    ['campo', `/campo/${fields[0].id}`],
    ['player', `/campo/${fields[0].id}/audio/${audios[0].id}`],
    ['programas', '/programas'],
    ['progresso', '/progresso'],
    ['conta', '/minha-conta'],
    ['assinatura', '/assinatura'],
  ]
  for (const theme of ['day', 'night']) {
    await page.evaluate((t) => localStorage.setItem('sintonia-theme', t), theme)
    for (const [name, path] of pages) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
        await page.goto(`${server.baseURL}${path}`)
        await page.waitForLoadState('networkidle').catch(() => undefined)
        await page.waitForTimeout(800)
        await page.screenshot({ path: `${out}/${name}-${theme}-${width}.png`, fullPage: width === 1280 ? false : false })
      }
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
