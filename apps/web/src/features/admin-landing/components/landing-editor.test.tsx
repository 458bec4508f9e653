import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { API, DEFAULT_LANDING_CONTENT, LANDING_EDIT_MSG, type LandingPageContent } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { LandingEditor } from './landing-editor'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

// The editor is a large form: look elements up by id, not by accessible name (much faster in jsdom).
const heroTitle = () =>
  waitFor(
    () => {
      const el = document.getElementById('landing-hero-title')
      if (!el) throw new Error('o editor ainda não abriu')
      return el as HTMLInputElement
    },
    { timeout: 10_000 },
  )
const saveButton = () => screen.getByText('Salvar alterações').closest('button')!

const preview = (content: LandingPageContent) => <p data-testid="preview-title">{content.hero.title}</p>

const putUrls: string[] = []
function stub(put: (init?: RequestInit) => Response) {
  const calls: RequestInit[] = []
  putUrls.length = 0
  vi.stubGlobal(
    'fetch',
    fetchByPath({
      [API.content.admin.landing]: (url, init) => {
        if (init?.method === 'PUT') {
          calls.push(init)
          putUrls.push(url)
          return put(init)
        }
        return jsonResponse({ productName: 'Sintonia', content: DEFAULT_LANDING_CONTENT, updatedAt: null })
      },
    }),
  )
  return calls
}

describe('LandingEditor', { timeout: 30_000 }, () => {
  it('shows the unsaved title in the preview and keeps it when saving fails', async () => {
    const calls = stub(() => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }, 503))
    renderWithProviders(<LandingEditor renderPreview={preview} />)
    const title = await heroTitle()
    fireEvent.change(title, { target: { value: 'Mente leve em 21 dias' } })
    expect(screen.getByTestId('preview-title').textContent).toBe('Mente leve em 21 dias')
    fireEvent.click(saveButton())
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível salvar a página inicial', { description: 'Serviço temporariamente indisponível. Tente novamente em instantes.' }))
    expect(calls).toHaveLength(1)
    expect(JSON.parse(String(calls[0]!.body)).hero.title).toBe('Mente leve em 21 dias')
    expect((document.getElementById('landing-hero-title') as HTMLInputElement).value).toBe('Mente leve em 21 dias')
    screen.getByText('Alterações não salvas')
  })

  it('refuses a blank title next to the field without sending anything', async () => {
    const calls = stub(() => jsonResponse({}))
    renderWithProviders(<LandingEditor renderPreview={preview} />)
    const title = await heroTitle()
    fireEvent.change(title, { target: { value: '   ' } })
    fireEvent.click(saveButton())
    await waitFor(() => expect(document.getElementById('landing-hero-title-error')?.textContent).toBe('Preencha o campo "Título"'))
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(calls).toHaveLength(0)
  })

  it('shows the server’s per-field message at the field', async () => {
    stub(() =>
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', message: 'footer.lgpdLink: "Link LGPD" deve ser um caminho iniciado por "/" ou um endereço http(s)://', issues: [{ path: 'footer.lgpdLink', message: '"Link LGPD" deve ser um caminho iniciado por "/" ou um endereço http(s)://' }] },
        400,
      ),
    )
    renderWithProviders(<LandingEditor renderPreview={preview} />)
    const title = await heroTitle()
    fireEvent.change(title, { target: { value: 'Outro título' } })
    fireEvent.click(saveButton())
    await waitFor(() => expect(document.getElementById('landing-footer-lgpdLink')?.getAttribute('aria-invalid')).toBe('true'))
  })

  it('sends the version it loaded, and after another admin saved, says so and loads the current version on request', async () => {
    const calls = stub(() => jsonResponse({ statusCode: 409, error: 'Conflict', message: LANDING_EDIT_MSG.conflict }, 409))
    renderWithProviders(<LandingEditor renderPreview={preview} />)
    fireEvent.change(await heroTitle(), { target: { value: 'Minha versão' } })
    fireEvent.click(saveButton())
    const alert = await screen.findByText(LANDING_EDIT_MSG.conflict)
    expect(calls).toHaveLength(1)
    expect(putUrls[0]).toMatch(/\?versao=padrao$/)
    fireEvent.click(screen.getByText('Carregar a versão atual'))
    await waitFor(() => expect((document.getElementById('landing-hero-title') as HTMLInputElement).value).toBe(DEFAULT_LANDING_CONTENT.hero.title))
    expect(alert.isConnected).toBe(false)
  })
})
