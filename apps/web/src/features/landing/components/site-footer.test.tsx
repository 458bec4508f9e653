import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { API, DEFAULT_LANDING_CONTENT } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { SiteFooter } from './site-footer'

function stubLanding(copyright: string) {
  const content = { ...DEFAULT_LANDING_CONTENT, footer: { ...DEFAULT_LANDING_CONTENT.footer, copyright } }
  vi.stubGlobal(
    'fetch',
    vi.fn(fetchByPath({ [API.content.landing]: () => jsonResponse({ productName: 'Harmonia', content, videos: { active_video_id: null, videos: [] }, updatedAt: null }) })),
  )
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('SiteFooter', () => {
  it('writes the current year, also over the 2024 the first versions seeded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2031, 2, 15))
    stubLanding('© 2024 {product}. Todos os direitos reservados.')
    renderWithProviders(<SiteFooter />)
    await screen.findByText('© 2031 Harmonia. Todos os direitos reservados.')
  })

  it('keeps a year an admin wrote', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2031, 2, 15))
    stubLanding('© 2026 {product} Ltda.')
    renderWithProviders(<SiteFooter />)
    await screen.findByText('© 2026 Harmonia Ltda.')
  })

  it('invites to the free newsletter unless told not to (subscribers and admins)', async () => {
    stubLanding('© {year} {product}')
    const visitor = renderWithProviders(<SiteFooter />)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Inscreva-se na nossa lista' }).getAttribute('href')).toBe('/inscricao')
    visitor.unmount()

    renderWithProviders(<SiteFooter showNewsletter={false} />)
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Inscreva-se na nossa lista' })).toBeNull()
    expect(screen.queryByText(/Quer receber práticas gratuitas/)).toBeNull()
  })
})
