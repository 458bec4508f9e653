import { useEffect, useState } from 'react'
import { Heart, ListMusic } from 'lucide-react'
import { audioCountLabel, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { toPlaylistAudio, usePlaylistActions, usePlaylists, type PlaylistAudioInput } from '../api/playlists'
import { ModalDialog } from '../../../components/ui/modal-dialog'

/** Favourite optimistic status reset. */
export const FAVOURITE_STATUS_RESET_MS = 3000

type Status = 'idle' | 'added' | 'removed'

export interface FavouriteButtonProps {
  audio: PlaylistAudioInput
  className?: string
}

/**
 * The heart on an audio (docs/product/listening.md#favourites-the-heart): removes the audio from
 * the playlists that hold it; otherwise creates 'Favoritos' (no playlists), adds to the only
 * playlist, or opens a chooser (several playlists).
 */
export function FavouriteButton({ audio, className }: FavouriteButtonProps) {
  const { data: playlists = [] } = usePlaylists()
  const { create, addAudio, removeAudio } = usePlaylistActions()
  const [status, setStatus] = useState<Status>('idle')
  const [choosing, setChoosing] = useState(false)

  useEffect(() => {
    if (status === 'idle') return
    const timer = setTimeout(() => setStatus('idle'), FAVOURITE_STATUS_RESET_MS)
    return () => clearTimeout(timer)
  }, [status])

  const holding = playlists.filter((p) => p.audios.some((a) => a.id === audio.id))
  const isFavourite = status === 'added' || (status !== 'removed' && holding.length > 0)

  async function toggle() {
    const entry = toPlaylistAudio(audio)
    if (holding.length > 0) {
      setStatus('removed')
      const results = await Promise.all(
        holding.map((p) => removeAudio(p.id, audio.id, { errorTitle: LISTENER_MSG.playlistRemoveFailed })),
      )
      if (results.includes(false)) setStatus('idle')
      return
    }
    const [only, ...others] = playlists
    if (!only) {
      setStatus('added')
      const created = await create({ name: LISTENER_MSG.favouritesName, description: LISTENER_MSG.favouritesDescription, audios: [entry] })
      if (!created) setStatus('idle')
      return
    }
    if (others.length === 0) {
      setStatus('added')
      if (!(await addAudio(only.id, entry))) setStatus('idle')
      return
    }
    setChoosing(true)
  }

  async function choose(playlist: Playlist) {
    setChoosing(false)
    setStatus('added')
    if (!(await addAudio(playlist.id, toPlaylistAudio(audio)))) setStatus('idle')
  }

  const label = isFavourite ? `Remover “${audio.title}” das playlists` : `Adicionar “${audio.title}” aos favoritos`
  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={label}
        aria-pressed={isFavourite}
        title={label}
        className={cn(
          'relative grid size-11 shrink-0 place-items-center rounded-xl transition-colors',
          isFavourite ? 'text-rose-600 hover:bg-rose-50' : 'text-ink-muted hover:bg-brand-50 hover:text-brand-800',
          className,
        )}
      >
        <Heart aria-hidden="true" className={cn('size-5 transition-transform', isFavourite && 'scale-110 fill-current')} />
      </button>
      <span role="status" className="sr-only">
        {status === 'added' ? 'Adicionado à playlist' : status === 'removed' ? 'Removido da playlist' : ''}
      </span>
      <ModalDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        title="Adicionar à playlist"
        description={<>Escolha onde guardar “{audio.title}”.</>}
      >
        <ul className="max-h-72 space-y-2 overflow-y-auto">
          {playlists.map((playlist, index) => (
            <li key={playlist.id}>
              <button
                type="button"
                data-autofocus={index === 0 ? true : undefined}
                onClick={() => void choose(playlist)}
                className="flex w-full items-center gap-3 rounded-xl border border-line bg-white px-3.5 py-3 text-left transition-colors hover:border-brand-300 hover:bg-brand-50"
              >
                <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
                  <ListMusic className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink">{playlist.name}</span>
                  <span className="block text-xs text-ink-muted">{audioCountLabel(playlist.audios.length)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </ModalDialog>
    </>
  )
}
