import { expect, test } from '@playwright/test'
import { DEFAULT_LANDING_CONTENT } from '@sintonia/contract'
import { startServerWithLandingContent } from '../support/prepared-server'

test('optional sections an admin switched off are hidden; the others render from the stored content', async ({ page }) => {
  const content = structuredClone(DEFAULT_LANDING_CONTENT)
  content.hero.title = 'Conteúdo salvo pelo administrador'
  content.whatIsProduct.enabled = false
  content.comoFunciona.enabled = false
  content.priceComparison.enabled = false
  const server = await startServerWithLandingContent(content)
  try {
    await page.goto(server.baseURL + '/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Conteúdo salvo pelo administrador')
    await expect(page.getByRole('heading', { name: 'Campos de Desenvolvimento' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'EU QUERO!!!' }).or(page.getByRole('link', { name: 'EU QUERO!!!' }))).toBeVisible()
    await expect(page.getByRole('heading', { name: /O que é o/ })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.comoFunciona.title })).toHaveCount(0)
    await expect(page.getByText('Etapa 1')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.priceComparison.title })).toHaveCount(0)
  } finally {
    await server.stop()
  }
})

test('every enabled section of the seeded content is shown', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: /O que é o Sintonia/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.comoFunciona.title })).toBeVisible()
  await expect(page.getByText('Etapa 1', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.priceComparison.title })).toBeVisible()
})

test('a stored content row with an invalid shape falls back to the default content', async ({ page }) => {
  const server = await startServerWithLandingContent({ hero: 'não é um objeto', features: {} })
  try {
    await page.goto(server.baseURL + '/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEFAULT_LANDING_CONTENT.hero.title)
    await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.comoFunciona.title })).toBeVisible()
  } finally {
    await server.stop()
  }
})
