// Landing: Lighthouse (mobile defaults: Moto G Power, simulated Slow 4G, 4× CPU slowdown), median
// of 3, on `/` of the production build vs a static no-JS copy of the same rendered page served by
// the same server.
//
// The score is Lighthouse's standard one: Chromium free on both cores, as Lighthouse expects (its
// throttling simulates the phone's slower CPU from the trace; a phone has several cores too). The
// same runs with the whole browser pinned to the client core are kept beside it as a harsher
// reading: there the browser's own threads (compositor, network, GC) queue behind the page's main
// thread, which costs even the script-free copy its 95 (docs/performance.md).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CLIENT_CPU, freePort, log, median, ratio, round, startPinned, waitForHttp } from '../lib/common.mjs'
import { CHROMIUM } from '../lib/stack.mjs'

const STATIC_COPY = 'bench-landing-static.html'
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage']

/** The page as the visitor sees it once rendered, without a single script. */
async function writeStaticCopy(apiUrl, webDist) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
    await page.goto(apiUrl + '/', { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const html = await page.evaluate(() => {
      const doc = globalThis.document
      doc.querySelectorAll('script, link[rel="modulepreload"]').forEach((node) => node.remove())
      return '<!doctype html>\n' + doc.documentElement.outerHTML
    })
    writeFileSync(join(webDist, STATIC_COPY), html)
  } finally {
    await browser.close()
  }
}

function metricsOf(lhr) {
  const audits = lhr.audits
  const requests = audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? null,
    tbtMs: audits['total-blocking-time']?.numericValue ?? null,
    cls: audits['cumulative-layout-shift']?.numericValue ?? null,
    jsTransferKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    jsResourceKb: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0) / 1024,
    totalTransferKb: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
  }
}

/** Lighthouse `runs` times on the app and on its static copy, alternating, in one browser. */
async function measure(pages, { cpu, runs }) {
  const port = await freePort()
  const chrome = startPinned(cpu, CHROMIUM, [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${port}`, 'about:blank'])
  try {
    await waitForHttp(`http://127.0.0.1:${port}/json/version`, { timeoutMs: 30_000 })
    const samples = { app: [], static: [] }
    for (let run = 0; run < runs; run++) {
      for (const [name, url] of Object.entries(pages)) {
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
        if (result.lhr.runtimeError) throw new Error(`${name}: ${result.lhr.runtimeError.message}`)
        samples[name].push(metricsOf(result.lhr))
      }
    }
    const summary = {}
    for (const [name, list] of Object.entries(samples)) {
      summary[name] = Object.fromEntries(Object.keys(list[0]).map((key) => [key, round(median(list.map((s) => s[key])), key === 'cls' ? 4 : 1)]))
    }
    return { app: summary.app, static: summary.static, lcpRatio: ratio(summary.app.lcpMs, summary.static.lcpMs), samples }
  } finally {
    await chrome.stop()
  }
}

const describe = (label, m) =>
  `landing (${label}): score ${m.app.performance} (static ${m.static.performance}; runs ${m.samples.app.map((s) => s.performance).join('/')}), LCP ${m.app.lcpMs} ms (static ${m.static.lcpMs} ms), TBT ${m.app.tbtMs} ms, CLS ${m.app.cls}, JS ${m.app.jsTransferKb} KB`

export async function landingSuite({ apiUrl, webDist, runs = 3 }) {
  await writeStaticCopy(apiUrl, webDist)
  try {
    const pages = { app: `${apiUrl}/`, static: `${apiUrl}/${STATIC_COPY}` }
    const standard = await measure(pages, { cpu: null, runs })
    log(describe('standard', standard))
    const oneCore = await measure(pages, { cpu: CLIENT_CPU, runs })
    log(describe('browser pinned to one core', oneCore))
    return { budget: { performanceMin: 95, accessibilityMin: 95 }, runs, ...standard, oneCore }
  } finally {
    rmSync(join(webDist, STATIC_COPY), { force: true })
  }
}
