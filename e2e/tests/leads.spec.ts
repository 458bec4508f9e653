import { expect, test, type Page } from '@playwright/test'
import { MSG, type AnalyticsBatch, type LeadCreateInput } from '@sintonia/contract'

async function fillLeadForm(page: Page, { name, email }: { name: string; email: string }) {
  await page.getByRole('textbox', { name: /^Nome/ }).fill(name)
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email)
  await page.getByRole('textbox', { name: /^WhatsApp/ }).fill('(11) 98765-4321')
  await page.getByRole('combobox', { name: /^Área de interesse/ }).selectOption({ label: 'Sono e Relaxamento' })
  await page.getByRole('checkbox', { name: /Autorizo o tratamento dos meus dados pessoais/ }).check()
}

test('a visitor signs up on /inscricao, lands on /obrigado greeted by name, and cannot sign up twice', async ({ page }) => {
  const email = `maria.souza.${Date.now()}@example.com`

  await page.goto('/inscricao?utm_source=e2e&utm_medium=teste&utm_campaign=leads')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('100% Gratuito')).toBeVisible()
  await expect(page.getByRole('link', { name: /Política de Privacidade/ }).first()).toHaveAttribute('href', '/privacy')
  await expect(page.getByRole('link', { name: /Termos de Uso/ }).first()).toHaveAttribute('href', '/terms')

  // An empty submit sends nothing: each required field says what it needs, the name is focused.
  let leadRequests = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/leads')) leadRequests++
  })
  await page.getByRole('button', { name: 'Quero Receber Grátis' }).click()
  await expect(page.getByText(MSG.leads.nameRequired)).toBeVisible()
  await expect(page.getByText(MSG.leads.emailRequired)).toBeVisible()
  await expect(page.getByText(MSG.leads.consentRequired)).toBeVisible()
  // Once the messages are shown and the focus is on the name field, the submit was refused. A
  // request the page makes after that reaches us after any /api/leads request the click could have
  // started, so when it is seen none can still be on its way.
  await expect(page.getByRole('textbox', { name: /^Nome/ })).toBeFocused()
  const barrier = page.waitForRequest((request) => request.url().endsWith('/api/health'))
  await page.evaluate(() => void fetch('/api/health'))
  await barrier
  expect(leadRequests).toBe(0)
  await expect(page).toHaveURL(/\/inscricao/)

  await fillLeadForm(page, { name: 'Maria Souza', email })
  const leadRequest = page.waitForRequest((request) => request.url().endsWith('/api/leads') && request.method() === 'POST')
  // Listened for before the thank-you page opens: its batch may leave while the page is checked.
  const analytics = page.waitForRequest(
    (request) => request.url().endsWith('/api/analytics/events') && (request.postData() ?? '').includes('conversion_page_view'),
    { timeout: 30_000 },
  )
  await page.getByRole('button', { name: 'Quero Receber Grátis' }).click()
  const body = (await leadRequest).postDataJSON() as LeadCreateInput
  expect(body).toMatchObject({
    name: 'Maria Souza',
    email,
    interestField: 'sono_relaxamento',
    consent: true,
    utm_source: 'e2e',
    utm_medium: 'teste',
    utm_campaign: 'leads',
  })

  await expect(page).toHaveURL(/\/obrigado\?nome=Maria$/)
  expect(page.url()).not.toContain('example.com')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Maria Souza')
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'O que Esperar' })).toBeVisible()
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/)

  // The page's events reach the API in a batch, without personal data.
  const batch = (await analytics).postDataJSON() as AnalyticsBatch
  expect(batch.sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  expect(JSON.stringify(batch)).not.toContain('Maria')
  expect(JSON.stringify(batch)).not.toContain('example.com')

  // The same address again, in another case: refused with the duplicate message.
  await page.goto('/inscricao')
  await fillLeadForm(page, { name: 'Maria Souza', email: email.toUpperCase() })
  await page.getByRole('button', { name: 'Quero Receber Grátis' }).click()
  await expect(page.getByRole('alert')).toHaveText('Este email já está cadastrado em nossa lista.')
  await expect(page).toHaveURL(/\/inscricao$/)

  // Editing a field clears the message.
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(`outra.${email}`)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('the thank-you page works without navigation state and links to the demo and home', async ({ page }) => {
  await page.goto('/obrigado')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parabéns, Futuro Membro!')
  await page.getByRole('link', { name: 'Ouvir Demonstração Grátis' }).click()
  await expect(page).toHaveURL(/\/demo$/)
})

test('the footer links open the legal pages', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [name, path, heading] of [
    ['LGPD', '/lgpd', 'Seus dados, seus direitos'],
    ['Política de Privacidade', '/privacy', 'Política de Privacidade'],
    ['Termos de Uso', '/terms', 'Termos de Uso'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByText(/Última atualização/)).toBeVisible()
  }
  // The table of contents jumps to its section.
  await page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link', { name: /Aviso importante sobre saúde/ }).click()
  await expect(page).toHaveURL(/\/terms#aviso-de-saude$/)
  await expect(page.locator('#aviso-de-saude')).toBeInViewport()
})
