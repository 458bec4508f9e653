import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { API, type Audio, type Field } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { FieldPage } from './field-page'

const FIELD_ID = '1d7c5b8e-2f4a-4b6c-9d0e-1a2b3c4d5e6f'
const field: Field = { id: FIELD_ID, title: 'Ansiedade', description: 'Acalme a mente.', iconName: 'Brain', displayOrder: 1, coverImage: null, audioCount: 3 }

function audio(n: number, title: string, tags: string[]): Audio {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title,
    description: '',
    fieldId: FIELD_ID,
    tags,
    isDemo: false,
    durationSeconds: 185,
    duration: '3:05',
    url: `/api/audios/${n}/file`,
    coverImage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}
const audios = [audio(1, 'Calma', ['sono', 'respiração', 'noite']), audio(2, 'Foco Total', ['foco']), audio(3, 'Respirar', ['respiração'])]

function stub(handlers: Parameters<typeof fetchByPath>[0]) {
  const mock = vi.fn(fetchByPath(handlers))
  vi.stubGlobal('fetch', mock)
  return mock
}

afterEach(() => vi.unstubAllGlobals())

describe('FieldPage', () => {
  it('refuses a non-UUID id without calling the API', async () => {
    const fetchMock = stub({})
    renderWithProviders(<FieldPage fieldId="nao-e-uuid" />)
    await screen.findByRole('heading', { name: 'ID do campo inválido' })
    screen.getByText('Verifique se o link está correto ou tente novamente.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the API error with a retry', async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Campo não encontrado' }, 404),
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ audios }),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
    await screen.findByRole('heading', { name: 'Campo não encontrado' })
    screen.getByRole('button', { name: /Tentar novamente/ })
  })

  it("says the field's information did not load when the connection fails, with the connection message", async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => Promise.reject(new TypeError('Failed to fetch')),
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ audios }),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
    // The catalogue reads retry a failed connection twice (1 s, then 2 s) before giving up.
    await screen.findByRole('heading', { name: 'Erro ao carregar informações do campo' }, { timeout: 6_000 })
    screen.getByText('Erro de conexão. Verifique sua internet.')
    screen.getByRole('button', { name: /Tentar novamente/ })
  })

  it("says the audios did not load when the server fails on them, whatever its message", async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ field }),
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Erro interno' }, 500),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
    await screen.findByRole('heading', { name: 'Erro ao carregar áudios' }, { timeout: 6_000 })
    expect(screen.queryByText('Erro de conexão. Verifique sua internet.')).toBeNull()
  })

  it("says 'Erro inesperado ao carregar dados' when the answer cannot be read, never the error's own words", async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ field }),
      // A 200 without the list: not an answer of the API's, nor a failure it reported.
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ items: 'quebrado' }),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
    await screen.findByRole('heading', { name: 'Erro inesperado ao carregar dados' }, { timeout: 6_000 })
    screen.getByRole('button', { name: /Tentar novamente/ })
  })

  it('reads the field while the browser says it is offline: the service worker answers with the kept copy', async () => {
    onlineManager.setOnline(false)
    try {
      stub({
        [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ field }),
        [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ audios }),
      })
      renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
      await screen.findByRole('heading', { level: 1, name: 'Ansiedade' })
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('lists the audios, filters by any selected tag', async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ field }),
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ audios }),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} renderAudioActions={(a) => <button type="button">Favoritar {a.title}</button>} />)
    expect(screen.getByRole('status').textContent).toBe('Carregando conteúdo...')
    await screen.findByRole('heading', { level: 1, name: 'Ansiedade' })
    expect(screen.getAllByTestId('audio-card')).toHaveLength(3)
    const first = screen.getAllByTestId('audio-card')[0]!
    within(first).getByText('+1')
    expect(within(first).getByRole('link', { name: 'Ouvir Calma' }).getAttribute('href')).toBe(`/campo/${FIELD_ID}/audio/${audios[0]!.id}`)
    within(first).getByRole('button', { name: 'Favoritar Calma' })

    const chips = within(screen.getByRole('group', { name: 'Filtrar por tags' })).getAllByRole('button')
    expect(chips.map((c) => c.textContent)).toEqual(['foco', 'noite', 'respiração', 'sono'])
    fireEvent.click(screen.getByRole('button', { name: 'respiração' }))
    fireEvent.click(screen.getByRole('button', { name: 'foco' }))
    expect(screen.getAllByTestId('audio-card')).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: 'respiração' }))
    expect(screen.getAllByTestId('audio-card').map((c) => within(c).getByRole('heading').textContent)).toEqual(['Foco Total'])
  })

  it('shows the empty field message', async () => {
    stub({
      [API.catalogue.field(FIELD_ID)]: () => jsonResponse({ field }),
      [API.catalogue.fieldAudios(FIELD_ID)]: () => jsonResponse({ audios: [] }),
    })
    renderWithProviders(<FieldPage fieldId={FIELD_ID} />)
    await screen.findByText('Nenhum áudio disponível neste campo.')
  })
})
