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

test('the first HTML of / already carries the hero title and share tags, before any script runs', async ({ request }) => {
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse
  const html = await (await request.get('/')).text()
  expect(html).toContain(landing.content.hero.title)
  expect(html).toContain('id="__SINTONIA_DATA__"')
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
  expect(html.match(/<meta name="description"/g)).toHaveLength(1)
})

test('the landing hero renders from the embedded data without calling the landing API', async ({ page }) => {
  const landingCalls: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/api/landing') || req.url().includes('/api/public/fields')) landingCalls.push(req.url())
  })
  await page.goto('/')
  await expect(page.getByTestId('field-card').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(landingCalls).toEqual([])
})
