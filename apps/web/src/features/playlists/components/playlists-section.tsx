import { useState } from 'react'
import { ListMusic, Plus } from 'lucide-react'
import { useNavigate } from 'react-router'
import type { Playlist } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { unlockPageAudio } from '../../../lib/page-audio'
import { usePlaylists } from '../api/playlists'
import { CreatePlaylistDialog } from './create-playlist-dialog'
import { DeletePlaylistDialog } from './delete-playlist-dialog'
import { EditPlaylistDialog } from './edit-playlist-dialog'
import { PlaylistCard } from './playlist-card'

/**
 * Navigation state the player reads to play a playlist from its first audio; `autoStart`: the
 * click on "Tocar playlist" asked for sound, so the player starts it as soon as it loads.
 */
export interface PlaylistPlayState {
  playlist: Playlist
  currentIndex: number
  autoStart: boolean
}

/** The dashboard's playlists section (docs/product/listening.md#the-dashboard-section). */
export function PlaylistsSection() {
  const { data: playlists, isPending } = usePlaylists()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Playlist | null>(null)

  function play(playlist: Playlist) {
    const first = playlist.audios[0]
    if (!first) return
    // This click is the browser's permission to play: spend it on the page's audio elements now,
    // before the player page exists (lib/page-audio.ts).
    unlockPageAudio()
    const state: PlaylistPlayState = { playlist, currentIndex: 0, autoStart: true }
    void navigate(`/audio/${first.id}`, { state })
  }

  return (
    <section aria-labelledby="playlists-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="playlists-heading" className="text-xl font-bold tracking-tight text-ink">
            Minhas playlists
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">Seus áudios favoritos, na ordem que você preferir.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Nova playlist
        </Button>
      </div>

      <div className="mt-5">
        {isPending && !playlists ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-48 rounded-2xl" />
            <Skeleton className="h-48 rounded-2xl" />
          </div>
        ) : !playlists || playlists.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-card/60 px-6 py-10 text-center">
            <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-tint text-accent">
              <ListMusic className="size-6" />
            </span>
            <p className="mt-3 font-semibold text-ink">Você ainda não tem playlists</p>
            <p className="mt-1 max-w-sm text-sm text-ink-muted">
              Crie uma playlist ou toque no coração de um áudio para guardá-lo em Favoritos.
            </p>
            <Button size="sm" className="mt-5" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Criar minha primeira playlist
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {playlists.map((playlist) => (
              <li key={playlist.id} className="min-w-0">
                <PlaylistCard playlist={playlist} onPlay={play} onEdit={(p) => setEditingId(p.id)} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <CreatePlaylistDialog open={creating} onClose={() => setCreating(false)} />
      <EditPlaylistDialog playlistId={editingId} onClose={() => setEditingId(null)} />
      <DeletePlaylistDialog playlist={deleting} onClose={() => setDeleting(null)} />
    </section>
  )
}
