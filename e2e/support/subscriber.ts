import { expect, type Page } from '@playwright/test'

/**
 * Becomes a subscriber the pay-first way: the checkout was paid (prepared server) and the buyer
 * creates the password on /onboarding/definir-senha, landing on /dashboard subscribed.
 */
export async function onboardPaidBuyer(page: Page, baseURL: string, checkout: { email: string; sessionId: string }, password: string) {
  await page.goto(
    `${baseURL}/onboarding/definir-senha?email=${encodeURIComponent(checkout.email)}&session_id=${checkout.sessionId}`,
  )
  await page.getByLabel('Nova senha', { exact: true }).fill(password)
  await page.getByLabel('Confirme a senha').fill(password)
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}
