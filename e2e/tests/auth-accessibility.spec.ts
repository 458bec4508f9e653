import { expect, test } from '@playwright/test'
import { signUpViaUi, uniqueEmail } from '../support/accounts'
import { A11Y_VIEWPORTS, formatViolations, seriousAxeViolations } from '../support/axe'

/** Account pages checked with axe-core: none may have a serious or critical violation. */
const PAGES = [
  { path: '/login', name: 'login' },
  { path: '/login?email=nova%40exemplo.com&plan=anual', name: 'cadastro com plano' },
  { path: '/admin/login', name: 'login administrativo' },
  { path: '/esqueci-senha', name: 'esqueci minha senha' },
  { path: '/redefinir-senha?token=abcdefghijkl', name: 'redefinir senha' },
  { path: '/onboarding/definir-senha?email=pagou%40exemplo.com', name: 'crie sua senha' },
] as const

test.use({ reducedMotion: 'reduce' })

for (const viewport of A11Y_VIEWPORTS) {
  test.describe(`acessibilidade das contas em ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    for (const { path, name } of PAGES) {
      test(`${name} (${path}) não tem violações sérias ou críticas`, async ({ page }) => {
        const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/me')
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await expect(page.getByRole('progressbar', { name: 'Carregando página' })).toHaveCount(0)
        // Once the session is known, a sign-in page offers no second 'Entrar' (header or bottom bar).
        await sessionRead
        await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0)

        const violations = await seriousAxeViolations(page)
        expect(violations, formatViolations(violations)).toEqual([])
      })
    }
  })
}

test('signed-in pages (plan card, Minha conta, delete dialog) have no serious or critical violations', async ({ page }) => {
  await signUpViaUi(page, { email: uniqueEmail('a11y'), password: 'senha-forte-123' })
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()
  let violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])

  await page.goto('/minha-conta')
  await expect(page.getByText('Sem assinatura')).toBeVisible()
  violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])

  await page.getByRole('button', { name: /Excluir minha conta/ }).click()
  await expect(page.getByRole('dialog', { name: 'Excluir sua conta?' })).toBeVisible()
  await expect(page.getByLabel('Digite sua senha para confirmar')).toBeFocused()
  violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Excluir minha conta/ })).toBeFocused()
})
