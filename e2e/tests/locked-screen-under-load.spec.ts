import { expect, test } from '@playwright/test'
import { SESSION_BYTES_PER_MINUTE, type Audio } from '@sintonia/contract'
import { UNDER_LOAD } from '../support/alone'
import { UNDER_LOAD_CORES } from '../support/cores'
import { findClips, playThreeRepetitionsLocked, signIn } from '../support/locked-session'
import type { Preparation } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { renderLoad } from '../support/render-load'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * The stream never runs dry under load (docs/product/sessions.md#fair-under-load): with the page's
 * code stopped, as on a locked phone, a listener's session plays to its end in real time while two
 * other listeners' hour-long sessions render on the same instance.
 *
 * The server — its renders and its database — runs on one core and Chromium (the phone) on the
 * other (playwright.config.ts, project `sob-carga`), and `npm test` runs this journey last, with
 * nothing beside it: on the 2-core test machine the other listeners' load then stays on the
 * server's side, as it does when the listener's phone is not the server. Beside other test stages
 * the phone itself was starved, and the stream stopped short of its end with no media event —
 * most likely a stall its stopped page could not resume (docs/testing.md).
 */
const checkout = { email: `carga-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_carga${Date.now().toString(36)}` }
const PASSWORD = 'senha-do-ouvinte'
let server: PreparedServer
let breath: Audio

test.beforeAll(async ({ browser }) => {
  // The prepared programme brings the breath clip (6 s) this session repeats.
  const preparation: Preparation = {
    paidCheckouts: [{ ...checkout, planCode: 'trimestral' }],
    practicePrograms: [{ title: 'Dois respiros', slug: 'dois-respiros', days: 1, repetitions: 1, withBreath: true, isOpen: true }],
  }
  server = await startPreparedServer(preparation, {}, { cpus: UNDER_LOAD_CORES?.server })
  const page = await browser.newPage()
  await onboardPaidBuyer(page, server.baseURL, checkout, PASSWORD)
  ;({ breath } = await findClips(page, server.baseURL))
  await page.close()
})

test.afterAll(async () => {
  await server?.stop()
})

test('a 3-repetition session plays to its end in real time with the page stopped while two other sessions render on the same instance', { tag: UNDER_LOAD }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page, server.baseURL, checkout.email, PASSWORD)

  // Two other listeners' hour-long sessions render all along, read as their players read them
  // (e2e/support/render-load.ts); the listener presses play once both are under way.
  let load: Awaited<ReturnType<typeof renderLoad>> | undefined
  const { manifest, playedSeconds } = await playThreeRepetitionsLocked(page, server.baseURL, breath, async () => {
    load = await renderLoad(server.baseURL)
    await expect.poll(() => Math.min(...load!.positions()), { timeout: 30_000 }).toBeGreaterThan(0)
  })
  const reached = load!.positions()
  await load!.stop()

  test.info().annotations.push({ type: 'tocou', description: `${playedSeconds.toFixed(1)} s de uma sessão de ${manifest.durationSeconds} s; carga em ${reached.map((b) => (b / SESSION_BYTES_PER_MINUTE).toFixed(1)).join(' e ')} min` })
  // In real time: within a few seconds of the session's length, not merely to its end.
  expect(playedSeconds).toBeLessThan(manifest.durationSeconds + 5)
  // Each other listener heard past the 3 minutes their first run rendered: their next run
  // rendered during this journey too, so the load was real renders, not stored bytes.
  for (const position of reached) expect(position).toBeGreaterThan(SESSION_BYTES_PER_MINUTE * 3)
})
