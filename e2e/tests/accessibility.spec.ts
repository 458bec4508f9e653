import { expect, test } from '@playwright/test'
import { A11Y_VIEWPORTS, formatViolations, seriousAxeViolations } from '../support/axe'

/** Public pages checked with axe-core: none may have a serious or critical violation. */
const PAGES = [
  { path: '/', name: 'início' },
  { path: '/demo', name: 'demonstração' },
  { path: '/inscricao', name: 'inscrição' },
  { path: '/obrigado?nome=Maria', name: 'obrigado' },
  { path: '/lgpd', name: 'LGPD' },
  { path: '/privacy', name: 'política de privacidade' },
  { path: '/terms', name: 'termos de uso' },
  { path: '/assinatura', name: 'planos' },
  { path: '/pagamento', name: 'pagamento' },
  { path: '/pagamento/cancelado', name: 'pagamento cancelado' },
  { path: '/pagamento/sucesso', name: 'resultado do pagamento sem sessão' },
  { path: '/pagina-que-nao-existe', name: '404' },
] as const

// Animations finished at once: axe must not sample colours halfway through a fade-in.
test.use({ reducedMotion: 'reduce' })

for (const viewport of A11Y_VIEWPORTS) {
  test.describe(`acessibilidade em ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    for (const { path, name } of PAGES) {
      test(`${name} (${path}) não tem violações sérias ou críticas`, async ({ page }) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        // Wait for loading states to end (lazy chunks, landing content, demo audio).
        await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toHaveCount(0)
        await expect(page.getByRole('progressbar', { name: 'Carregando página' })).toHaveCount(0)

        const violations = await seriousAxeViolations(page)
        expect(violations, formatViolations(violations)).toEqual([])
      })
    }
  })
}
