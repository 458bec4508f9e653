import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { API, type Playlist } from '@sintonia/contract'
import { ApiRequestError } from '../../../lib/api-client'
import { createTestQueryClient, fetchByPath, jsonResponse } from '../../../test/render'
import { flushCachedPlaylists } from '../lib/storage'
import { sendPlaylistWrite, usePlaylistActions, usePlaylists } from './playlists'

const PLAYLIST_ID = '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0301'
const AUDIO_ID = '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0302'
const PLAYLIST: Playlist = {
  id: PLAYLIST_ID,
  name: 'Noite',
  description: '',
  audios: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

/** Answers every write like the server: the playlist afterwards, or 204 for a deleted playlist. */
function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'DELETE' && String(input) === API.listening.playlist(PLAYLIST_ID) ? new Response(null, { status: 204 }) : jsonResponse(PLAYLIST),
  )
  vi.stubGlobal('fetch', fetchMock)
  return () => fetchMock.mock.calls.map(([input, init]) => ({ method: init?.method, path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }))
}

describe('sendPlaylistWrite', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends each stored write (method, path, body) to its contract endpoint', async () => {
    const sent = stubServer()
    const writes = [
      { method: 'POST', path: API.listening.playlists, body: { id: PLAYLIST_ID, name: 'Noite', description: '', audioIds: [] } },
      { method: 'PATCH', path: API.listening.playlist(PLAYLIST_ID), body: { name: 'Noite calma' } },
      { method: 'POST', path: API.listening.playlistAudios(PLAYLIST_ID), body: { audioId: AUDIO_ID } },
      { method: 'DELETE', path: API.listening.playlistAudio(PLAYLIST_ID, AUDIO_ID) },
      { method: 'DELETE', path: API.listening.playlist(PLAYLIST_ID) },
    ] as const
    for (const write of writes) await sendPlaylistWrite(write)
    expect(sent()).toEqual(writes.map((write) => ({ body: undefined, ...write })))
  })

  it('refuses, without sending, a write no endpoint takes or a stored body its endpoint does not accept', async () => {
    const sent = stubServer()
    await expect(sendPlaylistWrite({ method: 'PATCH', path: API.listening.playlists, body: {} })).rejects.toBeInstanceOf(ApiRequestError)
    await expect(sendPlaylistWrite({ method: 'POST', path: API.listening.playlistAudios(PLAYLIST_ID), body: { audioId: 'x' } })).rejects.toThrow()
    expect(sent()).toEqual([])
  })
})

describe('a playlist write while the server\'s list is still loading', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('ends on the server\'s list: playlists made elsewhere stay in sight', async () => {
    // On the server: a playlist this device has not seen yet. Its first answer comes late.
    const server: Playlist[] = [{ ...PLAYLIST, name: 'Minha sequência' }]
    let answerFirstLoad: (() => void) | undefined
    let loads = 0
    const listAnswer = (init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const answer = () => resolve(jsonResponse({ playlists: server }))
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        loads += 1
        if (loads === 1) answerFirstLoad = answer
        else answer()
      })
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.listening.playlists]: (_url, init) => {
            if (init?.method !== 'POST') return listAnswer(init)
            const body = JSON.parse(String(init.body)) as { id: string; name: string }
            const created: Playlist = { ...PLAYLIST, id: body.id, name: body.name }
            server.push(created)
            return jsonResponse(created, 201)
          },
        }),
      ),
    )
    const queryClient = createTestQueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    const { result } = renderHook(() => ({ list: usePlaylists(), actions: usePlaylistActions() }), { wrapper })
    await waitFor(() => expect(answerFirstLoad).toBeDefined())

    // The heart, tapped before the list arrived: 'Favoritos' is created over the device's empty copy.
    await act(async () => {
      await result.current.actions.create({ name: 'Favoritos' })
    })
    answerFirstLoad?.()

    await waitFor(() => expect(result.current.list.data?.map((playlist) => playlist.name)).toEqual(['Minha sequência', 'Favoritos']))
    // The device's copy written now, not in the next file.
    flushCachedPlaylists()
    localStorage.clear()
  })
})
