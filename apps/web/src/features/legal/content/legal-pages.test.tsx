import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderWithProviders } from '../../../test/render'
import { LgpdPage } from './lgpd'
import { PrivacyPolicyPage } from './privacy-policy'
import { TermsPage } from './terms'

const props = { productName: 'Mente Leve', supportEmail: 'dpo@example.com' }

function tocTargets() {
  const toc = screen.getByRole('navigation', { name: 'Nesta página' })
  const links = within(toc).getAllByRole('link')
  for (const link of links) {
    const id = link.getAttribute('href')!.slice(1)
    expect(document.getElementById(id)?.tagName).toBe('SECTION')
  }
  return links.length
}

describe('legal pages', () => {
  it('privacy policy: table of contents, last update, all LGPD art. 18 rights and the contact', () => {
    renderWithProviders(<PrivacyPolicyPage {...props} />)
    screen.getByRole('heading', { level: 1, name: 'Política de Privacidade' })
    screen.getByText(/Última atualização/)
    expect(tocTargets()).toBeGreaterThanOrEqual(10)
    const rights = document.querySelectorAll('#seus-direitos ol > li')
    expect(rights).toHaveLength(9)
    for (const basis of ['Execução de contrato', 'Consentimento', 'Legítimo interesse', 'Cumprimento de obrigação legal']) {
      within(document.getElementById('bases-legais')!).getByText(new RegExp(basis))
    }
    expect(screen.getAllByRole('link', { name: 'dpo@example.com' })[0]!.getAttribute('href')).toBe('mailto:dpo@example.com')
    expect(document.body.textContent).toContain('Mente Leve')
    expect(document.body.textContent).not.toMatch(/\{product\}/)
  })

  it('terms: 18+, CDC art. 49 withdrawal, health disclaimer and Brazilian law', () => {
    renderWithProviders(<TermsPage {...props} />)
    screen.getByRole('heading', { level: 1, name: 'Termos de Uso' })
    tocTargets()
    const text = document.body.textContent ?? ''
    expect(text).toMatch(/maiores de 18 anos/)
    expect(text).toMatch(/art\. 49 do Código de Defesa do Consumidor/)
    expect(text).toMatch(/não substitui tratamento profissional/)
    expect(text).toMatch(/leis da República Federativa do Brasil/)
    expect(text).not.toMatch(/\{product\}/)
  })

  it('LGPD summary: plain-language rights and how to use them', () => {
    renderWithProviders(<LgpdPage {...props} />)
    screen.getByRole('heading', { level: 1, name: 'Seus dados, seus direitos' })
    tocTargets()
    expect(document.querySelectorAll('#seus-direitos ol > li')).toHaveLength(9)
    expect(screen.getAllByRole('link', { name: 'Política de Privacidade' })[0]!.getAttribute('href')).toBe('/privacy')
    expect(screen.getByRole('link', { name: 'Minha conta' }).getAttribute('href')).toBe('/minha-conta')
  })
})
