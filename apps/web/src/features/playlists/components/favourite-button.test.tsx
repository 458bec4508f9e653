import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { jsonResponse, renderWithProviders } from '../../../test/render'
import { playlistKeys } from '../api/playlists'
import { PLAYLISTS_KEY } from '../lib/storage'
import { FAVOURITE_STATUS_RESET_MS, FavouriteButton } from './favourite-button'

const FIELD_ID = '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0001'
const AUDIO = { id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0002', title: 'Respiração consciente', fieldId: FIELD_ID, fieldTitle: 'Calma', duration: '4:10' }
const OTHER_AUDIO = { ...AUDIO, id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0003', title: 'Outro', description: '' }

function playlist(id: string, name: string, audios: Playlist['audios'] = []): Playlist {
  return { id, name, description: '', audios, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }
}
const P1 = playlist('0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0101', 'Manhã')
const P2 = playlist('0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0102', 'Noite')

const AUDIO_ENTRY = { ...AUDIO, description: '' }

/** The server's answer to a write: the playlist as it stands afterwards. */
function answer(playlists: Playlist[], method: string, path: string, body: { id?: string; name?: string; description?: string }): Response {
  if (path === API.listening.playlists) {
    return jsonResponse({ ...playlist(body.id ?? '', body.name ?? ''), description: body.description ?? '', audios: [AUDIO_ENTRY] }, 201)
  }
  const target = playlists.find((item) => path.startsWith(API.listening.playlist(item.id)))!
  const audios = method === 'POST' ? [...target.audios, AUDIO_ENTRY] : target.audios.filter((item) => item.id !== AUDIO.id)
  return jsonResponse({ ...target, audios })
}

function setup(playlists: Playlist[]) {
  localStorage.setItem(PLAYLISTS_KEY, JSON.stringify(playlists))
  const writes: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
      const method = init?.method ?? 'GET'
      if (method === 'GET') return jsonResponse({ playlists })
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      writes.push({ method, path, body })
      return answer(playlists, method, path, body ?? {})
    }),
  )
  const utils = renderWithProviders(<FavouriteButton audio={AUDIO} />)
  const current = () => utils.queryClient.getQueryData<Playlist[]>(playlistKeys.all) ?? []
  return { ...utils, writes, current, button: screen.getByRole('button', { name: /favoritos|playlists/ }) }
}

describe('FavouriteButton', () => {
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it("with no playlists creates 'Favoritos' holding the audio", async () => {
    const { button, writes, current } = setup([])
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: API.listening.playlists,
      body: { name: LISTENER_MSG.favouritesName, description: LISTENER_MSG.favouritesDescription, audioIds: [AUDIO.id] },
    })
    expect(current()[0]?.audios[0]).toMatchObject({ id: AUDIO.id, fieldTitle: 'Calma', duration: '4:10', description: '' })
    expect(button.getAttribute('aria-pressed')).toBe('true')
  })

  it('with one playlist adds the audio there', async () => {
    const { button, writes, current } = setup([{ ...P1, audios: [OTHER_AUDIO] }])
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlistAudios(P1.id), body: { audioId: AUDIO.id } })
    expect(current()[0]?.audios.map((a) => a.id)).toEqual([OTHER_AUDIO.id, AUDIO.id])
  })

  it('with several playlists opens a chooser and adds to the chosen one', async () => {
    const { button, writes } = setup([P1, P2])
    fireEvent.click(button)
    expect(writes).toHaveLength(0)
    fireEvent.click(await screen.findByRole('button', { name: /Noite/ }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlistAudios(P2.id) })
  })

  it('removes the audio when a playlist already holds it; the status resets after 3 s', async () => {
    const { button, writes, current } = setup([{ ...P1, audios: [{ ...OTHER_AUDIO, ...AUDIO, description: '' }] }, P2])
    expect(button.getAttribute('aria-pressed')).toBe('true')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'DELETE', path: API.listening.playlistAudio(P1.id, AUDIO.id) })
    expect(current()[0]?.audios).toEqual([])
    expect(screen.getByRole('status').textContent).toBe('Removido da playlist')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FAVOURITE_STATUS_RESET_MS)
    })
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('rolls back and toasts when the server refuses', async () => {
    localStorage.setItem(PLAYLISTS_KEY, JSON.stringify([P1]))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ message: 'Falhou' }, 500) : jsonResponse({ playlists: [P1] }),
      ),
    )
    const { queryClient } = renderWithProviders(<FavouriteButton audio={AUDIO} />)
    fireEvent.click(screen.getByRole('button', { name: /favoritos/ }))
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    await waitFor(() => expect(queryClient.getQueryData<Playlist[]>(playlistKeys.all)?.[0]?.audios).toEqual([]))
  })
})
