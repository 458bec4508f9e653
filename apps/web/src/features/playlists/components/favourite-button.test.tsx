import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { API, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { jsonResponse, renderWithProviders } from '../../../test/render'
import { playlistKeys } from '../api/playlists'
import { flushCachedPlaylists, PLAYLISTS_KEY } from '../lib/storage'
import { AddToPlaylistButton, FAVOURITE_STATUS_RESET_MS, FavouriteButton } from './favourite-button'

const FIELD_ID = '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0001'
const AUDIO = { id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0002', title: 'Respiração consciente', fieldId: FIELD_ID, fieldTitle: 'Calma', duration: '4:10' }
const OTHER_AUDIO = { ...AUDIO, id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0003', title: 'Outro', description: '' }

function playlist(id: string, name: string, audios: Playlist['audios'] = []): Playlist {
  return { id, name, description: '', audios, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }
}
const P1 = playlist('0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0101', 'Manhã')
const P2 = playlist('0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0102', 'Noite')
const FAV = { ...playlist('0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0103', 'Favoritos'), description: 'Seus áudios favoritos' }

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

let lastClient: QueryClient | undefined

/**
 * After a test: the list's loads are over and the device's copy written now, so nothing of this
 * test reaches the next one (a tap during the first load loads the list again afterwards).
 */
async function settle() {
  vi.useRealTimers()
  await waitFor(() => expect(lastClient?.isFetching() ?? 0).toBe(0))
  flushCachedPlaylists()
  lastClient = undefined
}

function setup(playlists: Playlist[], element: 'heart' | 'add' = 'heart') {
  localStorage.setItem(PLAYLISTS_KEY, JSON.stringify(playlists))
  const writes: { method: string; path: string; body: unknown }[] = []
  // The server's playlists: each write changes them, as a later load of the list then shows.
  let server = playlists
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
      const method = init?.method ?? 'GET'
      if (method === 'GET') return jsonResponse({ playlists: server })
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      writes.push({ method, path, body })
      const response = answer(server, method, path, body ?? {})
      const after = (await response.clone().json()) as Playlist
      server = server.some((item) => item.id === after.id) ? server.map((item) => (item.id === after.id ? after : item)) : [...server, after]
      return response
    }),
  )
  const utils = renderWithProviders(element === 'heart' ? <FavouriteButton audio={AUDIO} /> : <AddToPlaylistButton audio={AUDIO} />)
  lastClient = utils.queryClient
  const current = () => utils.queryClient.getQueryData<Playlist[]>(playlistKeys.all) ?? []
  return { ...utils, writes, current, button: screen.getByRole('button', { name: element === 'heart' ? /favoritos/ : /a uma playlist/ }) }
}

describe('FavouriteButton', () => {
  afterEach(async () => {
    await settle()
    localStorage.clear()
    vi.unstubAllGlobals()
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

  it("is empty for an audio that only another playlist holds, and a tap puts it in a new 'Favoritos'", async () => {
    const { button, writes, current } = setup([{ ...P1, audios: [AUDIO_ENTRY] }])
    expect(button.getAttribute('aria-pressed')).toBe('false')
    expect(button.getAttribute('aria-label')).toBe(`Adicionar “${AUDIO.title}” aos favoritos`)
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlists, body: { name: 'Favoritos', audioIds: [AUDIO.id] } })
    // The other playlist keeps the audio.
    expect(current().find((p) => p.id === P1.id)?.audios.map((a) => a.id)).toEqual([AUDIO.id])
  })

  it("adds to the existing 'Favoritos', never to another playlist", async () => {
    const { button, writes, current } = setup([P1, { ...FAV, audios: [OTHER_AUDIO] }, P2])
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlistAudios(FAV.id), body: { audioId: AUDIO.id } })
    expect(current().find((p) => p.id === FAV.id)?.audios.map((a) => a.id)).toEqual([OTHER_AUDIO.id, AUDIO.id])
    expect(current().find((p) => p.id === P1.id)?.audios).toEqual([])
  })

  it("is filled for an audio in 'Favoritos' and a tap takes it out of 'Favoritos' only; the status resets after 3 s", async () => {
    const { button, writes, current } = setup([{ ...P1, audios: [AUDIO_ENTRY] }, { ...FAV, audios: [AUDIO_ENTRY] }])
    expect(button.getAttribute('aria-pressed')).toBe('true')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(button)
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'DELETE', path: API.listening.playlistAudio(FAV.id, AUDIO.id) })
    expect(current().find((p) => p.id === FAV.id)?.audios).toEqual([])
    expect(current().find((p) => p.id === P1.id)?.audios.map((a) => a.id)).toEqual([AUDIO.id])
    expect(screen.getByRole('status').textContent).toBe('Removido dos favoritos')
    expect(button.getAttribute('aria-pressed')).toBe('false')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FAVOURITE_STATUS_RESET_MS)
    })
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('rolls back and toasts when the server refuses', async () => {
    localStorage.setItem(PLAYLISTS_KEY, JSON.stringify([FAV]))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ message: 'Falhou' }, 500) : jsonResponse({ playlists: [FAV] }),
      ),
    )
    const { queryClient } = renderWithProviders(<FavouriteButton audio={AUDIO} />)
    fireEvent.click(screen.getByRole('button', { name: /favoritos/ }))
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    await waitFor(() => expect(queryClient.getQueryData<Playlist[]>(playlistKeys.all)?.[0]?.audios).toEqual([]))
  })
})

describe('AddToPlaylistButton', () => {
  afterEach(async () => {
    await settle()
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('lists the playlists and adds to the chosen one; a playlist already holding the audio cannot be chosen', async () => {
    const { button, writes } = setup([{ ...P1, audios: [AUDIO_ENTRY] }, P2], 'add')
    fireEvent.click(button)
    const holding = await screen.findByRole('button', { name: /Manhã/ })
    expect((holding as HTMLButtonElement).disabled).toBe(true)
    expect(holding.textContent).toContain('Já está nesta playlist')
    fireEvent.click(screen.getByRole('button', { name: /Noite/ }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlistAudios(P2.id), body: { audioId: AUDIO.id } })
  })

  it('without playlists, says how to start one', async () => {
    const { button } = setup([], 'add')
    fireEvent.click(button)
    await screen.findByText(/Você ainda não tem playlists/)
  })

  it("offers 'Nova playlist': named there, it is created with the audio in it, and 'Cancelar' goes back to the list", async () => {
    const { button, writes, current } = setup([P1], 'add')
    fireEvent.click(button)
    fireEvent.click(await screen.findByRole('button', { name: 'Nova playlist' }))
    await screen.findByRole('dialog', { name: 'Nova playlist' })
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    await screen.findByRole('dialog', { name: 'Adicionar à playlist' })
    expect(writes).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Nova playlist' }))
    fireEvent.change(await screen.findByLabelText(/Nome/), { target: { value: 'Para dormir' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar playlist' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlists, body: { name: 'Para dormir', audioIds: [AUDIO.id] } })
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(current().find((item) => item.name === 'Para dormir')?.audios.map((item) => item.id)).toEqual([AUDIO.id]))
  })
})
