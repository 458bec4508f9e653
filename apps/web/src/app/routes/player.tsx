import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LISTENER_MSG } from '@sintonia/contract'
import { useLocation, useNavigate, useParams } from 'react-router'
import { audioQueryOptions, fieldAudiosQueryOptions, fieldQueryOptions } from '../../features/catalogue'
import { AddToPlaylistButton, FavouriteButton } from '../../features/playlists'
import { useConnectivity } from '../../features/connectivity'
import { DownloadButton, OfflineAvailabilityNotice } from '../../features/offline'
import { AudioNotFound, PlayerPage, PlayerPageLoading } from '../../features/player'
import { ApiRequestError, getErrorMessage } from '../../lib/api-client'
import { useProductName } from '../../lib/product-name'
import { useOfflineListenerPlayer } from '../use-offline-listener-player'

/**
 * Navigation state of playlist mode: `navigate('/audio/:id', { state: { playlist, currentIndex, autoStart } })`.
 * `autoStart`: the listener pressed "Tocar playlist", so the first audio starts as soon as it loads.
 */
export interface PlaylistNavigationState {
  playlist: { id: string; name: string; description: string; audios: { id: string; title: string; duration?: string }[] }
  currentIndex: number
  autoStart?: boolean
}

export function readPlaylistState(state: unknown): PlaylistNavigationState | null {
  if (!state || typeof state !== 'object' || !('playlist' in state)) return null
  const { playlist, currentIndex } = state as { playlist?: unknown; currentIndex?: unknown }
  if (!playlist || typeof playlist !== 'object') return null
  const p = playlist as Partial<PlaylistNavigationState['playlist']>
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || !Array.isArray(p.audios)) return null
  const audios = p.audios.filter((a): a is { id: string; title: string } => !!a && typeof a.id === 'string' && typeof a.title === 'string')
  return {
    playlist: { id: p.id, name: p.name, description: typeof p.description === 'string' ? p.description : '', audios },
    currentIndex: typeof currentIndex === 'number' ? currentIndex : 0,
    autoStart: (state as { autoStart?: unknown }).autoStart === true,
  }
}

/**
 * `/campo/:fieldId/audio/:audioId` and `/audio/:audioId` — lazy route under the subscriber guard.
 * Field mode follows the field's title order; playlist mode follows the playlist carried in the
 * navigation state.
 */
export default function PlayerRoute() {
  const { audioId = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const productName = useProductName()
  const player = useOfflineListenerPlayer()

  const connection = useConnectivity()
  const playlistState = readPlaylistState(location.state)
  const playlistIndex = playlistState
    ? playlistState.playlist.audios[playlistState.currentIndex]?.id === audioId
      ? playlistState.currentIndex
      : playlistState.playlist.audios.findIndex((a) => a.id === audioId)
    : -1
  const inPlaylist = playlistState !== null && playlistIndex >= 0
  const nextInPlaylist = inPlaylist ? playlistState.playlist.audios[playlistIndex + 1] : undefined

  // "Tocar playlist" was the click: the first audio starts once loaded. The flag is then taken out
  // of the history entry, so a reload or a way back does not start it again without a click.
  const autoStart = inPlaylist && playlistState.autoStart === true
  useEffect(() => {
    if (!player || !autoStart) return
    void player.voice.playWhenReady()
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object), autoStart: false } })
  }, [player, autoStart, navigate, location.pathname, location.search, location.state])

  // The next audio of the playlist is read ahead, so the playlist goes on without a loading page.
  const nextId = nextInPlaylist?.id
  useEffect(() => {
    if (nextId) void queryClient.prefetchQuery(audioQueryOptions(nextId))
  }, [queryClient, nextId])

  const audioQuery = useQuery(audioQueryOptions(audioId))
  const fieldId = audioQuery.data?.audio.fieldId ?? ''
  const fieldQuery = useQuery({ ...fieldQueryOptions(fieldId), enabled: !inPlaylist && fieldId !== '' })
  const audiosQuery = useQuery({ ...fieldAudiosQueryOptions(fieldId), enabled: !inPlaylist && fieldId !== '' })

  if (audioQuery.isError) {
    const error = audioQuery.error
    return <AudioNotFound message={error instanceof ApiRequestError && error.status === 404 ? LISTENER_MSG.audioNotFound : getErrorMessage(error)} />
  }
  if (!player || audioQuery.isPending) return <PlayerPageLoading />
  const { audio, fieldTitle } = audioQuery.data
  const favourite = (
    <div className="flex items-center gap-1">
      <DownloadButton audio={{ id: audio.id, title: audio.title, fieldId: audio.fieldId, url: audio.url, duration: audio.duration }} />
      <FavouriteButton audio={{ ...audio, fieldTitle }} />
      <AddToPlaylistButton audio={{ ...audio, fieldTitle }} />
    </div>
  )
  const notice = <OfflineAvailabilityNotice audioId={audio.id} online={connection.isOnline} />

  if (inPlaylist && playlistState) {
    const { playlist } = playlistState
    const go = (index: number) => {
      const target = playlist.audios[index]
      if (target) void navigate(`/audio/${target.id}`, { state: { playlist, currentIndex: index } })
    }
    const next = playlist.audios[playlistIndex + 1]
    return (
      <PlayerPage
        player={player}
        audio={audio}
        mode="playlist"
        contextTitle={playlist.name}
        contextDescription={playlist.description}
        index={playlistIndex}
        total={playlist.audios.length}
        nextTitle={next?.title ?? null}
        onPrevious={playlistIndex > 0 ? () => go(playlistIndex - 1) : null}
        onNext={next ? () => go(playlistIndex + 1) : null}
        backTo="/dashboard"
        productName={productName}
        actions={favourite}
        notice={notice}
      />
    )
  }

  if (fieldQuery.isError || audiosQuery.isError) return <AudioNotFound message={getErrorMessage(fieldQuery.error ?? audiosQuery.error)} />
  if (!fieldQuery.data || !audiosQuery.data) return <PlayerPageLoading />
  const list = audiosQuery.data
  const found = list.findIndex((a) => a.id === audio.id)
  const index = found >= 0 ? found : 0
  const total = found >= 0 ? list.length : Math.max(1, list.length)
  const previous = found > 0 ? list[found - 1] : undefined
  const next = found >= 0 ? list[found + 1] : undefined
  const go = (id: string) => void navigate(`/campo/${fieldId}/audio/${id}`)
  return (
    <PlayerPage
      player={player}
      audio={audio}
      mode="field"
      contextTitle={fieldQuery.data.title || fieldTitle}
      contextDescription={fieldQuery.data.description}
      index={index}
      total={total}
      nextTitle={next?.title ?? null}
      onPrevious={previous ? () => go(previous.id) : null}
      onNext={next ? () => go(next.id) : null}
      backTo={`/campo/${fieldId}`}
      productName={productName}
      actions={favourite}
      notice={notice}
    />
  )
}
