import { fireEvent, screen, waitFor } from '@testing-library/react'
import type * as Sonner from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { jsonResponse, renderRoutes } from '../../../test/render'
import { PLAYLISTS_KEY } from '../lib/storage'
import { PlaylistsSection } from './playlists-section'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))

const FIELD_ID = '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0001'
const audio = (n: number, title: string) => ({ id: `0b5b2a53-8f49-4a3e-9d51-4d2a9a0c010${n}`, title, description: '', duration: '3:0' + n, fieldId: FIELD_ID, fieldTitle: 'Calma' })
const FULL: Playlist = {
  id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0201',
  name: 'Noite',
  description: '',
  audios: [audio(1, 'Primeiro'), audio(2, 'Segundo'), audio(3, 'Terceiro')],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const EMPTY: Playlist = { ...FULL, id: '0b5b2a53-8f49-4a3e-9d51-4d2a9a0c0202', name: 'Manhã', audios: [] }

interface Write {
  method: string
  path: string
  body: { id?: string; name?: string; description?: string; audioIds?: string[] } | undefined
}

/** The server's answer to a write: the playlist as it stands afterwards (a deleted one answers 204). */
function answer(playlists: Playlist[], { method, path, body = {} }: Write): Response {
  if (path === API.listening.playlists) {
    const now = '2026-01-02T00:00:00.000Z'
    return jsonResponse({ id: body.id, name: body.name, description: body.description ?? '', audios: [], createdAt: now, updatedAt: now }, 201)
  }
  if (method === 'DELETE') return new Response(null, { status: 204 })
  const target = playlists.find((item) => path === API.listening.playlist(item.id))!
  const { audioIds, ...details } = body
  const audios = audioIds ? audioIds.map((id) => target.audios.find((item) => item.id === id)!) : target.audios
  return jsonResponse({ ...target, ...details, audios })
}

function setup(playlists: Playlist[], write: (request: Write) => Response = (request) => answer(playlists, request)) {
  localStorage.setItem(PLAYLISTS_KEY, JSON.stringify(playlists))
  const writes: Write[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      if (method === 'GET') return jsonResponse({ playlists })
      const request: Write = { method, path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined }
      writes.push(request)
      return write(request)
    }),
  )
  let received: unknown
  function Player() {
    return <p>player</p>
  }
  const utils = renderRoutes([
    { path: '/', element: <PlaylistsSection /> },
    {
      path: '/audio/:audioId',
      loader: ({ request }) => void (received = request.url),
      element: <Player />,
    },
  ])
  return { ...utils, writes, received: () => received }
}

describe('PlaylistsSection', () => {
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
    toastMock.error.mockReset()
  })

  it("lists the last 2 audios, disables an empty playlist ('Playlist Vazia') and plays from the first audio", async () => {
    const { router } = setup([FULL, EMPTY])
    screen.getByText('Últimos áudios')
    screen.getByText('Terceiro')
    screen.getByText('Segundo')
    expect(screen.queryByText('Primeiro')).toBeNull()
    expect((screen.getByRole('button', { name: LISTENER_MSG.playlistEmpty }) as HTMLButtonElement).disabled).toBe(true)

    // The click itself lets the page's voice and music elements play (the browser's gesture).
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    fireEvent.click(screen.getByRole('button', { name: 'Tocar playlist Noite' }))
    expect(play).toHaveBeenCalledTimes(2)
    play.mockRestore()
    await waitFor(() => expect(router.state.location.pathname).toBe(`/audio/${FULL.audios[0]?.id}`))
    // …and asks the player to start the first audio as soon as it loads.
    expect(router.state.location.state).toMatchObject({ currentIndex: 0, playlist: { id: FULL.id }, autoStart: true })
  })

  it('refuses a blank name, then creates the playlist with a browser id', async () => {
    const { writes } = setup([])
    fireEvent.click(screen.getByRole('button', { name: 'Nova playlist' }))
    const name = await screen.findByLabelText('Nome')
    fireEvent.change(name, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar playlist' }))
    expect(toastMock.error).toHaveBeenCalledWith(LISTENER_MSG.playlistNameRequiredTitle, { description: LISTENER_MSG.playlistNameRequired })
    expect(writes).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: '  Foco total ' } })
    screen.getByText('13/50')
    fireEvent.click(screen.getByRole('button', { name: 'Criar playlist' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'POST', path: API.listening.playlists, body: { name: 'Foco total', description: '', audioIds: [] } })
    expect((writes[0]?.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
    await screen.findByText('Foco total')
  })

  it('rolls a failed delete back and toasts the product message', async () => {
    setup([FULL], () => jsonResponse({ message: 'x' }, 500))
    fireEvent.click(screen.getByRole('button', { name: 'Opções da playlist Noite' }))
    fireEvent.click(screen.getByRole('menuitem', { name: /Excluir/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }))
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith(LISTENER_MSG.playlistDeleteErrorTitle, { description: LISTENER_MSG.playlistDeleteError }),
    )
    screen.getByRole('heading', { name: 'Noite' })
  })

  it('reorders audios in the edit dialog with the arrows (PATCH with the new order)', async () => {
    const { writes } = setup([FULL])
    fireEvent.click(screen.getByRole('button', { name: 'Opções da playlist Noite' }))
    fireEvent.click(screen.getByRole('menuitem', { name: /Editar/ }))
    fireEvent.click(await screen.findByRole('tab', { name: 'Áudios (3)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Mover “Primeiro” para baixo' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({ method: 'PATCH', body: { audioIds: [FULL.audios[1]?.id, FULL.audios[0]?.id, FULL.audios[2]?.id] } })
  })
})
