import { expect, test, type Page } from '@playwright/test'
import { API, ADMIN_SETTINGS_MSG } from '@sintonia/contract'
import { seriousAxeViolations, formatViolations } from '../support/axe'
import { createAdmin, signInAsAdmin, uniqueEmail } from '../support/accounts'
import { screenshotBoth } from '../support/screenshots'

/** Admin settings journey (issue #7): the product name an admin saves is the one visitors see. */
const ADMIN = { email: uniqueEmail('admin-config'), password: 'senha-admin-config-1' }

async function adminSignIn(page: Page) {
  await signInAsAdmin(page, ADMIN)
}

test.beforeAll(async () => {
  await createAdmin(ADMIN.email, ADMIN.password)
})

test('an admin renames the product and sets the guarantee and the renewal grace; visitors see the name and the guarantee', async ({ page, browser }) => {
  await adminSignIn(page)
  const original = await (await page.request.get(API.content.admin.settings)).json()
  try {
    await page.goto('/admin/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible()
    expect(formatViolations(await seriousAxeViolations(page))).toBe('')

    await page.getByLabel('Prazo de garantia (dias)').fill('400')
    await page.getByLabel('Carência de renovação (dias)').fill('40')
    await page.getByRole('button', { name: 'Salvar configurações' }).click()
    await expect(page.getByText(ADMIN_SETTINGS_MSG.guaranteeDaysRange)).toBeVisible()
    await expect(page.getByText(ADMIN_SETTINGS_MSG.renewalGraceDaysRange)).toBeVisible()
    await screenshotBoth(page, 'admin-configuracoes-erros')
    await page.getByLabel('Carência de renovação (dias)').fill('5')

    await page.getByLabel('Nome do produto').fill('Sintonia Serena')
    await page.getByLabel('Prazo de garantia (dias)').fill('10')
    await page.getByRole('button', { name: 'Salvar configurações' }).click()
    await expect(page.getByText(ADMIN_SETTINGS_MSG.saved)).toBeVisible()
    expect(await (await page.request.get(API.content.admin.settings)).json()).toMatchObject({ guaranteeDays: 10, renewalGraceDays: 5 })

    const visitor = await (await browser.newContext()).newPage()
    await visitor.goto('/')
    await expect(visitor.getByRole('banner').getByText('Sintonia Serena')).toBeVisible()
    await visitor.goto('/pagamento')
    await expect(visitor.getByRole('heading', { name: /Garantia de 10 dias/ })).toBeVisible()
  } finally {
    const restored = await page.request.put(API.content.admin.settings, { data: original })
    expect(restored.status()).toBe(200)
  }
})
