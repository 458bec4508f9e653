import { expect, type Page } from '@playwright/test'
import { API } from '@sintonia/contract'
import { preparedAccessToken } from './preparation'

/**
 * Becomes a subscriber the pay-first way, by preparation: the checkout was paid (prepared server)
 * and the password of its access link is created by the same request the page's form sends, in
 * the page's browser context (its sign-in cookie). The page itself — and where it leads, today's
 * practice of a programme started for the buyer — is the subject of purchase-pay-first.spec.ts and
 * purchase-access.spec.ts; here the buyer follows no programme yet and opens /dashboard.
 */
export async function onboardPaidBuyer(page: Page, baseURL: string, checkout: { email: string; sessionId: string }, password: string) {
  const response = await page.request.post(`${baseURL}${API.accounts.onboardingPassword}`, {
    data: { token: preparedAccessToken(checkout.sessionId), password, confirmPassword: password },
  })
  expect(response.status(), await response.text()).toBe(201)
  expect(((await response.json()) as { user: { email: string } }).user.email).toBe(checkout.email.toLowerCase())
  await page.goto(`${baseURL}/dashboard`)
  await expect(page).toHaveURL(/\/dashboard$/)
}
