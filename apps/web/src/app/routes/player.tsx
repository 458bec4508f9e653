import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { API, LISTENER_MSG } from '@sintonia/contract'
import { useLocation, useNavigate, useParams } from 'react-router'
import { audioQueryOptions, fieldAudiosQueryOptions, fieldQueryOptions } from '../../features/catalogue'
import { AddToPlaylistButton, FavouriteButton } from '../../features/playlists'
import { useConnectivity } from '../../features/connectivity'
import { DownloadButton, OfflineAvailabilityNotice } from '../../features/offline'
import { CheckInSheet, MoodBefore, type CheckInPractice } from '../../features/journal'
import { AudioNotFound, PlayerPage, PlayerPageLoading, type ListenerPlayer, type PlayerQueueItem } from '../../features/player'
import { ApiRequestError, getErrorMessage } from '../../lib/api-client'
import { useProductName } from '../../lib/product-name'
import { useOfflineListenerPlayer } from '../use-offline-listener-player'
import { wireSessionDownloads } from '../session-downloads'

// Downloads from this page keep the session of the listener's settings too.
wireSessionDownloads()

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

/** The download, favourite and playlist buttons of the audio on screen (its details read on their own). */
function AudioActions({ audioId }: { audioId: string }) {
  const query = useQuery(audioQueryOptions(audioId))
  if (!query.data) return null
  const { audio, fieldTitle } = query.data
  return (
    <div className="flex items-center gap-1">
      <DownloadButton audio={{ id: audio.id, title: audio.title, fieldId: audio.fieldId, url: audio.url, duration: audio.duration }} />
      <FavouriteButton audio={{ ...audio, fieldTitle }} />
      <AddToPlaylistButton audio={{ ...audio, fieldTitle }} />
    </div>
  )
}

/**
 * The check-in of the Diário when the audio on screen ends (features/journal): the engine's
 * `cycleCompleted` — every repetition heard and nothing more to play on this page (a field's audio,
 * or the last of a playlist). The sheet goes when another audio is shown.
 */
function CheckInAfterAudio({ player, audio, last }: { player: ListenerPlayer; audio: PlayerQueueItem | undefined; last: boolean }) {
  const [ended, setEnded] = useState<CheckInPractice | null>(null)
  const current = useRef({ audio, last })
  current.current = { audio, last }
  useEffect(
    () =>
      player.voice.on('cycleCompleted', (completed) => {
        const { audio: shown, last: isLast } = current.current
        if (shown && isLast) setEnded({ audioId: shown.id, title: shown.title, repetitions: completed })
      }),
    [player],
  )
  const shownId = audio?.id
  useEffect(() => setEnded((practice) => (practice && practice.audioId !== shownId ? null : practice)), [shownId])
  return ended ? <CheckInSheet key={ended.audioId} practice={ended} onClose={() => setEnded(null)} /> : null
}

/**
 * `/campo/:fieldId/audio/:audioId` and `/audio/:audioId` — lazy route under the subscriber guard.
 * Field mode follows the field's title order and plays the chosen audio; playlist mode plays the
 * playlist carried in the navigation state from the chosen audio on, as one session that keeps
 * going with the screen locked (the address follows the audio playing).
 */
export default function PlayerRoute() {
  const { audioId = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
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

  // "Tocar playlist" was the click: the first audio starts once loaded. The flag is then taken out
  // of the history entry, so a reload or a way back does not start it again without a click.
  const autoStart = inPlaylist && playlistState.autoStart === true
  useEffect(() => {
    if (!player || !autoStart) return
    void player.voice.playWhenReady()
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object), autoStart: false } })
  }, [player, autoStart, navigate, location.pathname, location.search, location.state])

  const audioQuery = useQuery({ ...audioQueryOptions(audioId), enabled: !inPlaylist })
  const fieldId = audioQuery.data?.audio.fieldId ?? ''
  const fieldQuery = useQuery({ ...fieldQueryOptions(fieldId), enabled: !inPlaylist && fieldId !== '' })
  const audiosQuery = useQuery({ ...fieldAudiosQueryOptions(fieldId), enabled: !inPlaylist && fieldId !== '' })
  const actions = (item: PlayerQueueItem) => <AudioActions audioId={item.id} />
  const notice = (item: PlayerQueueItem) => (
    <>
        <OfflineAvailabilityNotice audioId={item.id} online={connection.isOnline} />
        <MoodBefore key={item.id} practice={{ audioId: item.id }} className="mt-3" />
    </>
  )

  if (!player) return <PlayerPageLoading />

  if (inPlaylist && playlistState) {
    const { playlist } = playlistState
    const queue: PlayerQueueItem[] = playlist.audios.map((a) => ({ id: a.id, title: a.title, url: API.catalogue.audioFile(a.id), ...(a.duration ? { duration: a.duration } : {}) }))
    return (
      <>
        <PlayerPage
          player={player}
          queue={queue}
          index={playlistIndex}
          mode="playlist"
          continuous
          onIndexChange={(index, reason) => {
            const target = playlist.audios[index]
            // Followed by the stream: the address changes without a new history entry.
            if (target) void navigate(`/audio/${target.id}`, { replace: reason === 'followed', state: { playlist, currentIndex: index } })
          }}
          contextTitle={playlist.name}
          contextDescription={playlist.description}
          backTo="/dashboard"
          productName={productName}
          actions={actions}
          notice={notice}
        />
        <CheckInAfterAudio player={player} audio={queue[playlistIndex]} last={playlistIndex === queue.length - 1} />
      </>
    )
  }

  if (audioQuery.isError) {
    const error = audioQuery.error
    return <AudioNotFound message={error instanceof ApiRequestError && error.status === 404 ? LISTENER_MSG.audioNotFound : getErrorMessage(error)} />
  }
  if (audioQuery.isPending) return <PlayerPageLoading />
  const { audio, fieldTitle } = audioQuery.data
  if (fieldQuery.isError || audiosQuery.isError) return <AudioNotFound message={getErrorMessage(fieldQuery.error ?? audiosQuery.error)} />
  if (!fieldQuery.data || !audiosQuery.data) return <PlayerPageLoading />
  const list = audiosQuery.data
  const found = list.findIndex((a) => a.id === audio.id)
  const queue: PlayerQueueItem[] = (found >= 0 ? list : [audio]).map((a) => ({
    id: a.id,
    title: a.title,
    url: a.url,
    durationSeconds: a.durationSeconds,
    duration: a.duration,
    fieldId: a.fieldId,
    coverImage: a.coverImage,
  }))
  return (
    <>
      <PlayerPage
        player={player}
        queue={queue}
        index={Math.max(0, found)}
        mode="field"
        continuous={false}
        onIndexChange={(index) => {
          const target = queue[index]
          if (target) void navigate(`/campo/${fieldId}/audio/${target.id}`)
        }}
        contextTitle={fieldQuery.data.title || fieldTitle}
        contextDescription={fieldQuery.data.description}
        backTo={`/campo/${fieldId}`}
        productName={productName}
        actions={actions}
        notice={notice}
      />
      {/* A field plays the chosen audio only: its end is the practice's end. */}
      <CheckInAfterAudio player={player} audio={queue[Math.max(0, found)]} last />
    </>
  )
}
