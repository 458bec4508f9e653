import { useEffect, useState } from 'react'
import { Check, Heart, ListMusic, ListPlus, Plus } from 'lucide-react'
import { audioCountLabel, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { toPlaylistAudio, usePlaylistActions, usePlaylists, type PlaylistAudioInput } from '../api/playlists'
import { findFavourites, isInFavourites } from '../lib/favourites'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { CreatePlaylistForm } from './create-playlist-dialog'

/** Favourite optimistic status reset. */
export const FAVOURITE_STATUS_RESET_MS = 3000

type Status = 'idle' | 'added' | 'removed'

export interface FavouriteButtonProps {
  audio: PlaylistAudioInput
  className?: string
}

/**
 * The heart on an audio (docs/product/listening.md#favourites-the-heart): it is 'Favoritos' and
 * only 'Favoritos'. Filled when the audio is there; a tap adds it (creating 'Favoritos' when the
 * listener has none yet) or takes it out of 'Favoritos', leaving other playlists as they are.
 */
export function FavouriteButton({ audio, className }: FavouriteButtonProps) {
  const { data: playlists = [] } = usePlaylists()
  const { create, addAudio, removeAudio } = usePlaylistActions()
  const [status, setStatus] = useState<Status>('idle')

  useEffect(() => {
    if (status === 'idle') return
    const timer = setTimeout(() => setStatus('idle'), FAVOURITE_STATUS_RESET_MS)
    return () => clearTimeout(timer)
  }, [status])

  const favourites = findFavourites(playlists)
  const inFavourites = isInFavourites(playlists, audio.id)
  const isFavourite = status === 'added' || (status !== 'removed' && inFavourites)

  async function toggle() {
    if (favourites && inFavourites) {
      setStatus('removed')
      if (!(await removeAudio(favourites.id, audio.id, { errorTitle: LISTENER_MSG.playlistRemoveFailed }))) setStatus('idle')
      return
    }
    setStatus('added')
    const entry = toPlaylistAudio(audio)
    const ok = favourites
      ? await addAudio(favourites.id, entry)
      : (await create({ name: LISTENER_MSG.favouritesName, description: LISTENER_MSG.favouritesDescription, audios: [entry] })) !== null
    if (!ok) setStatus('idle')
  }

  const label = isFavourite ? `Remover “${audio.title}” dos favoritos` : `Adicionar “${audio.title}” aos favoritos`
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
          isFavourite ? 'text-danger hover:bg-danger-soft' : 'text-ink-muted hover:bg-tint hover:text-accent-strong',
          className,
        )}
      >
        <Heart aria-hidden="true" className={cn('size-5 transition-transform', isFavourite && 'scale-110 fill-current')} />
      </button>
      <span role="status" className="sr-only">
        {status === 'added' ? 'Adicionado aos favoritos' : status === 'removed' ? 'Removido dos favoritos' : ''}
      </span>
    </>
  )
}

/**
 * 'Adicionar à playlist' beside the heart: lists the listener's playlists and adds the audio to
 * the chosen one; a playlist that already holds it says so and cannot be chosen again. 'Nova
 * playlist' creates one right there, with the audio in it.
 */
export function AddToPlaylistButton({ audio, className }: FavouriteButtonProps) {
  const { data: playlists = [] } = usePlaylists()
  const { addAudio } = usePlaylistActions()
  const [choosing, setChoosing] = useState(false)
  const [creating, setCreating] = useState(false)
  const label = `Adicionar “${audio.title}” a uma playlist`

  async function choose(playlist: Playlist) {
    setChoosing(false)
    await addAudio(playlist.id, toPlaylistAudio(audio))
  }

  function close() {
    setChoosing(false)
    setCreating(false)
  }

  const firstFree = playlists.findIndex((playlist) => !playlist.audios.some((item) => item.id === audio.id))
  return (
    <>
      <button
        type="button"
        onClick={() => setChoosing(true)}
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-xl text-ink-muted transition-colors hover:bg-tint hover:text-accent-strong',
          className,
        )}
      >
        <ListPlus aria-hidden="true" className="size-5" />
      </button>
      <ModalDialog
        open={choosing}
        onClose={close}
        title={creating ? 'Nova playlist' : 'Adicionar à playlist'}
        description={creating ? <>A nova playlist começa com “{audio.title}”.</> : <>Escolha onde guardar “{audio.title}”.</>}
      >
        {creating ? (
          <CreatePlaylistForm audios={[toPlaylistAudio(audio)]} onDone={close} onCancel={() => setCreating(false)} />
        ) : (
          <>
            {playlists.length === 0 ? (
              <p className="rounded-xl bg-tint p-4 text-sm leading-relaxed text-accent-strong">
                Você ainda não tem playlists. Crie uma aqui, ou toque no coração para guardar este áudio em Favoritos.
              </p>
            ) : (
              <PlaylistChoices playlists={playlists} audioId={audio.id} firstFree={firstFree} onChoose={(playlist) => void choose(playlist)} />
            )}
            <button
              type="button"
              data-autofocus={firstFree === -1 ? true : undefined}
              onClick={() => setCreating(true)}
              className="mt-2 flex w-full items-center gap-3 rounded-xl border border-dashed border-line-strong px-3.5 py-3 text-left font-semibold text-accent-strong transition-colors hover:bg-tint"
            >
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-tint-strong text-accent">
                <Plus className="size-4" />
              </span>
              Nova playlist
            </button>
          </>
        )}
      </ModalDialog>
    </>
  )
}

/** The chooser's list: each playlist with its count, or 'Já está nesta playlist' (not choosable). */
function PlaylistChoices({ playlists, audioId, firstFree, onChoose }: { playlists: Playlist[]; audioId: string; firstFree: number; onChoose: (playlist: Playlist) => void }) {
  return (
          <ul className="max-h-72 space-y-2 overflow-y-auto">
            {playlists.map((playlist, index) => {
              const holds = playlist.audios.some((item) => item.id === audioId)
              return (
                <li key={playlist.id}>
                  <button
                    type="button"
                    disabled={holds}
                    data-autofocus={index === firstFree ? true : undefined}
                    onClick={() => onChoose(playlist)}
                    className="flex w-full items-center gap-3 rounded-xl border border-line bg-card px-3.5 py-3 text-left transition-colors enabled:hover:border-line-strong enabled:hover:bg-tint disabled:cursor-default disabled:bg-muted"
                  >
                    <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-tint-strong text-accent">
                      {holds ? <Check className="size-4" /> : <ListMusic className="size-4" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-ink">{playlist.name}</span>
                      <span className="block text-xs text-ink-muted">
                        {holds ? 'Já está nesta playlist' : audioCountLabel(playlist.audios.length)}
                      </span>
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
  )
}
