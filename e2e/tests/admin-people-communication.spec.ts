import { expect, test } from '@playwright/test'
import { createAdmin, signInAsAdmin, uniqueEmail } from '../support/accounts'
import { mailSinkUrl } from '../playwright.config'
import { formatViolations, seriousAxeViolations } from '../support/axe'
import { textOf } from '../support/mailbox'

/** Admin communication journey (issue #7): an e-mail to a segment goes out in the background and shows in the outbox. */
const ADMIN = { email: uniqueEmail('admin-comunicacao'), password: 'senha-admin-comunicacao-1' }


test.beforeAll(async () => {
  await createAdmin(ADMIN.email, ADMIN.password)
})

test('an e-mail to the leads of one interest reaches the mailbox and the outbox shows it sent', async ({ page }) => {
  const lead = uniqueEmail('lead-campanha')
  const created = await page.request.post('/api/leads', { data: { name: 'Lívia Campanha', email: lead, interestField: 'sono_relaxamento', consent: true } })
  expect(created.status()).toBe(201)

  await signInAsAdmin(page, ADMIN)

  await page.goto('/admin/communication')
  await expect(page.getByRole('cell', { name: lead })).toBeVisible()
  await page.getByRole('tab', { name: 'Enviar e-mail' }).click()
  await page.getByLabel(/Enviar para/).selectOption('leads_by_interest')
  await page.getByRole('button', { name: 'Enviar e-mail' }).click()
  await expect(page.getByText('Escolha a área de interesse')).toBeVisible()
  await expect(page.getByText('Informe o assunto do e-mail')).toBeVisible()

  await page.getByLabel(/Área de interesse/).selectOption('sono_relaxamento')
  await expect(page.getByTestId('campaign-audience')).toContainText(/\d+ (pessoa recebe|pessoas recebem)/)
  // The compose form, with its field errors showing, before any toast is on screen.
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await page.getByLabel(/Assunto/).fill('Uma noite de sono melhor')
  await page.getByLabel(/Mensagem/).fill('Preparamos um áudio novo para relaxar antes de dormir.\n\nBoa noite!')
  await page.getByRole('button', { name: 'Enviar e-mail' }).click()
  await expect(page.getByText(/E-mail enfileirado para \d+ destinatári/)).toBeVisible()
  const campaign = page.getByTestId('campaign-row').filter({ hasText: 'Uma noite de sono melhor' })
  await expect(campaign).toBeVisible()
  // Sent in the background; the counts refresh by themselves.
  await expect(campaign.getByTestId('campaign-sent')).not.toHaveText('0 enviados', { timeout: 20_000 })

  // The lead already got the welcome e-mail: wait for the one with this subject.
  let raw: string | undefined
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${mailSinkUrl}/messages`)).json()) as { raw: string }[]
      raw = messages.map((m) => m.raw).find((m) => m.includes(lead) && /^Subject: Uma noite de sono melhor/m.test(m))
      return Boolean(raw)
    }, { timeout: 20_000 })
    .toBe(true)
  const text = textOf(raw!)
  expect(text).toContain('Olá, Lívia!')
  expect(text).toContain('Preparamos um áudio novo para relaxar antes de dormir.')
  expect(text).toContain('descadastro')

  await page.getByRole('tab', { name: 'Caixa de saída' }).click()
  await page.getByLabel('Tipo').selectOption('campaign')
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'Boas-vindas' })).toHaveCount(0)
  const row = page.getByTestId('outbox-row').filter({ hasText: lead })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Uma noite de sono melhor')
  await expect(row).toContainText('Campanha')
  await expect(row).toContainText('Enviado')
})
