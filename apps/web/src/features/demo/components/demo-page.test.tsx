import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, DEMO_MSG, type Audio } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { DemoPage } from './demo-page'

const AUDIO: Audio = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Boas-Vindas',
  description: 'Uma primeira prática curta.',
  fieldId: '00000000-0000-4000-8000-000000000002',
  tags: [],
  isDemo: true,
  durationSeconds: 13,
  duration: '0:13',
  url: '/api/audios/00000000-0000-4000-8000-000000000001/file',
  coverImage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

function render(answer: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.catalogue.demo]: answer })))
  const renderPlayer = vi.fn((audio: Audio, fieldTitle: string | null) => <p>player de {audio.title} em {fieldTitle}</p>)
  renderWithProviders(<DemoPage productName="Sintonia" renderPlayer={renderPlayer} />)
  return renderPlayer
}

describe('DemoPage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("puts the listener's player under the demo audio", async () => {
    render(() => jsonResponse({ audio: AUDIO, fieldTitle: 'Prosperidade', isAlternative: false }))
    await screen.findByRole('heading', { level: 1, name: 'Boas-Vindas' })
    screen.getByText('player de Boas-Vindas em Prosperidade')
    expect(screen.queryByText(DEMO_MSG.alternativeWarning)).toBeNull()
  })

  it("says 'Erro ao carregar demonstração' when the demo could not be read, with the connection's reason", async () => {
    render(() => Promise.reject(new TypeError('Failed to fetch')))
    await screen.findByRole('heading', { name: DEMO_MSG.unavailableTitle })
    screen.getByText(DEMO_MSG.loadError)
    screen.getByText('Erro de conexão. Verifique sua internet.')
    screen.getByRole('button', { name: /Tentar Novamente/ })
  })

  it("says 'Nenhum áudio demo configurado' when no audio can serve as the demo", async () => {
    render(() => jsonResponse({ audio: null, fieldTitle: null, isAlternative: false }))
    await screen.findByRole('heading', { name: DEMO_MSG.unavailableTitle })
    screen.getByText(DEMO_MSG.notConfigured)
    expect(screen.queryByText(DEMO_MSG.loadError)).toBeNull()
  })

  for (const [what, audio, message] of [
    ['no file', { ...AUDIO, url: '' }, DEMO_MSG.invalidUrl],
    ['an address that is not one to play', { ...AUDIO, url: 'javascript:alert(1)' }, DEMO_MSG.invalidUrl],
    ['no title', { ...AUDIO, title: '   ' }, DEMO_MSG.invalidTitle],
  ] as const) {
    it(`says '${message}' for a demo audio with ${what}, and never plays it`, async () => {
      const renderPlayer = render(() => jsonResponse({ audio, fieldTitle: 'Prosperidade', isAlternative: false }))
      await screen.findByRole('heading', { name: DEMO_MSG.unavailableTitle })
      screen.getByText(message)
      screen.getByRole('button', { name: /Tentar Novamente/ })
      expect(renderPlayer).not.toHaveBeenCalled()
    })
  }

  it('warns when an alternative audio stands in for the demo', async () => {
    render(() => jsonResponse({ audio: AUDIO, fieldTitle: 'Prosperidade', isAlternative: true }))
    await screen.findByText(DEMO_MSG.alternativeWarning)
  })
})
