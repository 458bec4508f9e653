import { expect, test } from '@playwright/test'
import type { FieldList, LandingResponse } from '@sintonia/contract'

test('a visitor sees the landing hero and every seeded field with its audio count', async ({ page, request }) => {
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse
  const { fields } = (await (await request.get('/api/public/fields')).json()) as FieldList
  expect(fields.length).toBe(6)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(landing.content.hero.title)
  await expect(page.getByRole('heading', { name: 'Campos de Desenvolvimento' })).toBeVisible()

  const cards = page.getByTestId('field-card')
  await expect(cards).toHaveCount(fields.length)
  for (const field of fields) {
    const card = cards.filter({ hasText: field.title })
    await expect(card).toBeVisible()
    await expect(card).toContainText(`${field.audioCount} ${field.audioCount === 1 ? 'áudio' : 'áudios'}`)
  }
})

test('an unknown page shows the 404 texts and a way back', async ({ page }) => {
  await page.goto('/pagina-que-nao-existe')
  await expect(page.getByText('Página não encontrada')).toBeVisible()
  await expect(page.getByText('Oops! A página que você está procurando não existe.')).toBeVisible()
  await page.getByRole('link', { name: 'Voltar ao Início' }).click()
  await expect(page).toHaveURL(/\/$/)
})
