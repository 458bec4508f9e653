import { expect, test } from '@playwright/test'
import { MSG } from '@sintonia/contract'
import { signUpViaUi, uniqueEmail } from '../support/accounts'

/**
 * Cross-site request forgery, as a signed-in listener would meet it (security suite): a page on
 * another site tries to sign the listener out with an auto-submitted form and to post a lead and a
 * playlist with fetch. The API refuses each with 403 before any work, and the session survives.
 */
const ATTACKER = 'http://site-malicioso.example'

test('a page on another site cannot act with the listener session', async ({ page, baseURL }) => {
  const email = uniqueEmail('alvo')
  await signUpViaUi(page, { email, password: 'senha-forte-123' })
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="pt-BR"><body>
        <form id="f" method="POST" action="${baseURL}/api/account/sign-out"><input name="x" value="1"></form>
        <script>
          window.results = []
          const tries = [
            fetch('${baseURL}/api/leads', { method: 'POST', mode: 'no-cors', credentials: 'include',
              headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'Vítima', email: '${email}', consent: true }) }),
            fetch('${baseURL}/api/playlists', { method: 'POST', mode: 'no-cors', credentials: 'include',
              headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=1&name=roubada' }),
          ]
          Promise.allSettled(tries).then(() => document.getElementById('f').submit())
        </script></body></html>`,
    }),
  )

  const refusals: { url: string; status: number; body: string }[] = []
  page.on('response', async (response) => {
    if (response.url().startsWith(`${baseURL}/api/`)) {
      refusals.push({ url: response.url(), status: response.status(), body: await response.text().catch(() => '') })
    }
  })
  const signOutAttempt = page.waitForResponse((response) => response.url() === `${baseURL}/api/account/sign-out`)
  await page.goto(`${ATTACKER}/premio`)
  const signOut = await signOutAttempt
  expect(signOut.status()).toBe(403)
  expect(await signOut.text()).toContain(MSG.generic.originNotAllowed)
  await expect.poll(() => refusals.filter((r) => r.status === 403).length).toBeGreaterThanOrEqual(1)
  expect(refusals.every((r) => r.status === 403 || r.status === 415)).toBe(true)

  // The listener is still signed in, and nothing was written in their name.
  const me = await page.request.get(`${baseURL}/api/account/me`)
  expect(me.status()).toBe(200)
  expect((await me.json()).user.email).toBe(email)
  const exported = await page.request.get(`${baseURL}/api/account/export`)
  const data = JSON.stringify(await exported.json())
  expect(data).not.toContain('Vítima')
})
