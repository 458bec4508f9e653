import { useCallback, useEffect } from 'react'
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { endpointPath, ENDPOINT_SCHEMAS, ENDPOINTS, LISTENER_MSG, type BodyOf, type ParamsOf, type Playlist, type PlaylistAudio, type TakesBody } from '@sintonia/contract'
import { api, ApiRequestError, GENERIC_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client'
import { enqueueMutation, replayWhenOnline, type QueuedMutation } from '../lib/offline-queue'
import { readCachedPlaylists, writeCachedPlaylists } from '../lib/storage'
import { playlistKeys } from './query-keys'

/** One query key for the signed-in listener's playlists (docs/product/listening.md#playlists-and-favourites). */

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: playlistKeys.all,
    queryFn: async ({ signal }) => (await api(ENDPOINTS.listening.playlists, { signal })).playlists,
    // The local cache shows the playlists instantly; it is marked stale so the server answer follows.
    initialData: readCachedPlaylists,
    initialDataUpdatedAt: 0,
  })

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.isNetworkError
}

const { createPlaylist, updatePlaylist, deletePlaylist, addPlaylistAudio, removePlaylistAudio } = ENDPOINTS.listening
/** Bodies read back from localStorage are parsed with the endpoint's own schema. */
const STORED_BODY = ENDPOINT_SCHEMAS.listening
type PlaylistWrite = typeof createPlaylist | typeof updatePlaylist | typeof deletePlaylist | typeof addPlaylistAudio | typeof removePlaylistAudio

/** A playlist write as the offline queue keeps it: method, path and body (the format already stored on devices). */
function queued<E extends PlaylistWrite>(endpoint: E, params: ParamsOf<E>, ...[body]: TakesBody<E> extends true ? [BodyOf<E>] : []): QueuedMutation {
  return { method: endpoint.method, path: endpointPath(endpoint, ...params), ...(body === undefined ? {} : { body }) }
}

const ID_MARK = '\u0000'

/** The ids in `path` when it is the path `pathOf` builds, else null. */
function idsIn(pathOf: (...ids: string[]) => string, count: number, path: string): string[] | null {
  const pattern = pathOf(...Array.from({ length: count }, () => ID_MARK))
    .split(ID_MARK)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('([^/]+)')
  return new RegExp(`^${pattern}$`).exec(path)?.slice(1) ?? null
}

/**
 * Sends a playlist write, made now or replayed from the queue, through its contract endpoint. A
 * stored body is read with the endpoint's schema (it comes back from localStorage); a write no
 * endpoint takes is refused like one the server refuses (the queue drops it). Exported for tests.
 */
export async function sendPlaylistWrite({ method, path, body }: QueuedMutation): Promise<unknown> {
  if (method === 'POST') {
    if (path === createPlaylist.path) return api(createPlaylist, { body: STORED_BODY.createPlaylist.body.parse(body) })
    const [playlistId] = idsIn(addPlaylistAudio.path, 1, path) ?? []
    if (playlistId) return api(addPlaylistAudio, { params: [playlistId], body: STORED_BODY.addPlaylistAudio.body.parse(body) })
  } else if (method === 'PATCH') {
    const [playlistId] = idsIn(updatePlaylist.path, 1, path) ?? []
    if (playlistId) return api(updatePlaylist, { params: [playlistId], body: STORED_BODY.updatePlaylist.body.parse(body) })
  } else {
    const [playlistId, audioId] = idsIn(removePlaylistAudio.path, 2, path) ?? []
    if (playlistId && audioId) return api(removePlaylistAudio, { params: [playlistId, audioId] })
    const [onlyId] = idsIn(deletePlaylist.path, 1, path) ?? []
    if (onlyId) return api(deletePlaylist, { params: [onlyId] })
  }
  throw new ApiRequestError(400, GENERIC_ERROR_MESSAGE)
}

let syncUsers = 0
let stopSync: (() => void) | undefined

/** The playlists, kept in the local cache and synced (offline writes replayed on `online`). */
export function usePlaylists() {
  const queryClient = useQueryClient()
  const query = useQuery(playlistsQueryOptions())
  const data = query.data

  useEffect(() => {
    if (data) writeCachedPlaylists(data)
  }, [data])

  useEffect(() => {
    syncUsers += 1
    if (syncUsers === 1) {
      stopSync = replayWhenOnline(sendPlaylistWrite, isNetworkError, () => {
        void queryClient.invalidateQueries({ queryKey: playlistKeys.all })
      })
    }
    return () => {
      syncUsers -= 1
      if (syncUsers === 0) stopSync?.()
    }
  }, [queryClient])

  return query
}

/** A playlist entry for an audio (duration defaults to '0:00'). */
export interface PlaylistAudioInput {
  id: string
  title: string
  fieldId: string
  description?: string
  duration?: string
  fieldTitle?: string
}

export function toPlaylistAudio(audio: PlaylistAudioInput): PlaylistAudio {
  return {
    id: audio.id,
    title: audio.title,
    description: audio.description ?? '',
    duration: audio.duration || '0:00',
    fieldId: audio.fieldId,
    fieldTitle: audio.fieldTitle ?? '',
  }
}

interface Run {
  request: QueuedMutation
  optimistic: (playlists: Playlist[]) => Playlist[]
  onError: (error: unknown) => void
}

async function runOptimistic(queryClient: QueryClient, { request, optimistic, onError }: Run): Promise<boolean> {
  // A write cancels a load of the list in progress (its answer would undo the change on screen);
  // that load is made again once the write is through.
  const interruptedLoad = queryClient.isFetching({ queryKey: playlistKeys.all }) > 0
  await queryClient.cancelQueries({ queryKey: playlistKeys.all })
  const previous = queryClient.getQueryData<Playlist[]>(playlistKeys.all)
  queryClient.setQueryData<Playlist[]>(playlistKeys.all, optimistic(previous ?? []))
  try {
    await sendPlaylistWrite(request)
    // Without it, a tap on the heart as the page opens would leave the device's copy on screen,
    // which may lack playlists made on another device.
    if (interruptedLoad) void queryClient.invalidateQueries({ queryKey: playlistKeys.all })
    return true
  } catch (error) {
    if (isNetworkError(error)) {
      // Offline: keep the change on screen and send it when the connection returns.
      enqueueMutation(request)
      return true
    }
    queryClient.setQueryData(playlistKeys.all, previous)
    onError(error)
    return false
  }
}

function touch(playlist: Playlist, changes: Partial<Playlist>): Playlist {
  return { ...playlist, ...changes, updatedAt: new Date().toISOString() }
}

function newId(): string {
  return crypto.randomUUID()
}

export interface CreatePlaylistInput {
  name: string
  description?: string
  audios?: PlaylistAudio[]
}

export interface RemoveAudioOptions {
  /** Toast title when it fails; the edit dialog and the favourite button word it differently. */
  errorTitle?: string
}

/** Optimistic playlist writes with rollback and error toasts (docs/product/listening.md#create-edit-delete). */
export function usePlaylistActions() {
  const queryClient = useQueryClient()

  const create = useCallback(
    async ({ name, description = '', audios = [] }: CreatePlaylistInput): Promise<Playlist | null> => {
      const now = new Date().toISOString()
      const playlist: Playlist = { id: newId(), name: name.trim(), description: description.trim(), audios, createdAt: now, updatedAt: now }
      const ok = await runOptimistic(queryClient, {
        request: queued(createPlaylist, [], { id: playlist.id, name: playlist.name, description: playlist.description, audioIds: audios.map((a) => a.id) }),
        optimistic: (list) => [...list, playlist],
        onError: (error) => toast.error(LISTENER_MSG.playlistCreateError, { description: getErrorMessage(error) }),
      })
      return ok ? playlist : null
    },
    [queryClient],
  )

  const update = useCallback(
    (playlistId: string, changes: { name?: string; description?: string; audios?: PlaylistAudio[] }) => {
      const body: BodyOf<typeof updatePlaylist> = {}
      if (changes.name !== undefined) body.name = changes.name.trim()
      if (changes.description !== undefined) body.description = changes.description.trim()
      if (changes.audios !== undefined) body.audioIds = changes.audios.map((a) => a.id)
      return runOptimistic(queryClient, {
        request: queued(updatePlaylist, [playlistId], body),
        optimistic: (list) =>
          list.map((p) =>
            p.id === playlistId
              ? touch(p, {
                  ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
                  ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
                  ...(changes.audios !== undefined ? { audios: changes.audios } : {}),
                })
              : p,
          ),
        onError: (error) => toast.error(LISTENER_MSG.playlistUpdateError, { description: getErrorMessage(error) }),
      })
    },
    [queryClient],
  )

  const remove = useCallback(
    (playlistId: string) =>
      runOptimistic(queryClient, {
        request: queued(deletePlaylist, [playlistId]),
        optimistic: (list) => list.filter((p) => p.id !== playlistId),
        onError: () => toast.error(LISTENER_MSG.playlistDeleteErrorTitle, { description: LISTENER_MSG.playlistDeleteError }),
      }),
    [queryClient],
  )

  const addAudio = useCallback(
    (playlistId: string, audio: PlaylistAudio) =>
      runOptimistic(queryClient, {
        request: queued(addPlaylistAudio, [playlistId], { audioId: audio.id }),
        optimistic: (list) =>
          list.map((p) => (p.id === playlistId && !p.audios.some((a) => a.id === audio.id) ? touch(p, { audios: [...p.audios, audio] }) : p)),
        onError: (error) =>
          toast.error(LISTENER_MSG.playlistAddError, {
            description: error instanceof ApiRequestError && error.status === 409 ? LISTENER_MSG.playlistDuplicateAudio : LISTENER_MSG.playlistAddFailed,
          }),
      }),
    [queryClient],
  )

  const removeAudio = useCallback(
    (playlistId: string, audioId: string, { errorTitle = LISTENER_MSG.playlistRemoveAudioError }: RemoveAudioOptions = {}) =>
      runOptimistic(queryClient, {
        request: queued(removePlaylistAudio, [playlistId, audioId]),
        optimistic: (list) => list.map((p) => (p.id === playlistId ? touch(p, { audios: p.audios.filter((a) => a.id !== audioId) }) : p)),
        onError: () => toast.error(errorTitle),
      }),
    [queryClient],
  )

  return { create, update, remove, addAudio, removeAudio }
}

export { playlistKeys }
