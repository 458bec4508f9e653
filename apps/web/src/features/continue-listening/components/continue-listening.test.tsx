import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { API, type RecentListening } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { ContinueListening } from './continue-listening'

const FIELD = '11111111-1111-4111-8111-111111111111'
const COVER = '33333333-3333-4333-8333-333333333333'

function entry(id: string, title: string, coverImage: string | null = null): RecentListening['audios'][number] {
  return {
    audio: {
      id,
      title,
      description: '',
      fieldId: FIELD,
      tags: [],
      isDemo: false,
      durationSeconds: 205,
      duration: '3:25',
      url: API.catalogue.audioFile(id),
      coverImage,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    fieldTitle: 'Prosperidade',
    lastListenedAt: '2026-11-20T10:00:00.000Z',
  }
}

function answer(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.listening.recent]: () => jsonResponse(body, status) })))
}

afterEach(() => vi.unstubAllGlobals())

describe('ContinueListening', () => {
  it('lists the audios heard last, in the order given, each opening its player, with its cover when uploaded', async () => {
    const first = '22222222-2222-4222-8222-222222222221'
    const second = '22222222-2222-4222-8222-222222222222'
    answer({ audios: [entry(first, 'Gratidão da manhã', COVER), entry(second, 'Sono profundo')] })
    renderWithProviders(<ContinueListening />)
    const section = await screen.findByRole('region', { name: 'Continuar ouvindo' })
    const links = section.querySelectorAll('a')
    expect([...links].map((link) => link.getAttribute('href'))).toEqual([`/campo/${FIELD}/audio/${first}`, `/campo/${FIELD}/audio/${second}`])
    expect(screen.getByRole('link', { name: /^Ouvir\s*Gratidão da manhã\s*Prosperidade/ })).toBe(links[0])
    expect(links[0]!.querySelector('img')?.getAttribute('src')).toContain(`/api/covers/${COVER}-`)
    expect(links[1]!.querySelector('img')).toBeNull()
  })

  it('shows nothing when nothing was heard yet, or when the list cannot load', async () => {
    answer({ audios: [] })
    const empty = renderWithProviders(<ContinueListening />)
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Continuar ouvindo' })).toBeNull()
    empty.unmount()

    answer({ message: 'Erro interno' }, 500)
    renderWithProviders(<ContinueListening />)
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Continuar ouvindo' })).toBeNull()
  })
})
