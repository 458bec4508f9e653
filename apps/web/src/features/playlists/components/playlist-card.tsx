import { useEffect, useId, useRef, useState } from 'react'
import { ListMusic, MoreVertical, Pencil, Play, Trash2 } from 'lucide-react'
import { audioCountLabel, LISTENER_MSG, type Playlist } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'

interface PlaylistCardProps {
  playlist: Playlist
  onPlay: (playlist: Playlist) => void
  onEdit: (playlist: Playlist) => void
  onDelete: (playlist: Playlist) => void
}

export function PlaylistCard({ playlist, onPlay, onEdit, onDelete }: PlaylistCardProps) {
  const lastTwo = playlist.audios.slice(-2).reverse()
  const empty = playlist.audios.length === 0
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent">
          <ListMusic className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-ink">{playlist.name}</h3>
          <p className="text-xs text-ink-muted">{audioCountLabel(playlist.audios.length)}</p>
        </div>
        <CardMenu name={playlist.name} onEdit={() => onEdit(playlist)} onDelete={() => onDelete(playlist)} />
      </div>
      {playlist.description ? <p className="mt-3 line-clamp-2 text-sm leading-relaxed text-ink-muted">{playlist.description}</p> : null}
      {lastTwo.length > 0 ? (
        <div className="mt-4">
          <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Últimos áudios</p>
          <ul className="mt-2 space-y-1.5">
            {lastTwo.map((audio) => (
              <li key={audio.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate text-ink">{audio.title}</span>
                <span className="shrink-0 text-xs tabular-nums text-ink-muted">{audio.duration}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto pt-5">
        <Button
          variant={empty ? 'outline' : 'primary'}
          size="sm"
          className="w-full"
          disabled={empty}
          onClick={() => onPlay(playlist)}
          aria-label={empty ? undefined : `Tocar playlist ${playlist.name}`}
        >
          {empty ? null : <Play aria-hidden="true" />}
          {empty ? LISTENER_MSG.playlistEmpty : 'Tocar playlist'}
        </Button>
      </div>
    </Card>
  )
}

function CardMenu({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const id = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const item =
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors [&_svg]:size-4'
  return (
    <div ref={ref} className="relative -mt-1 -mr-2">
      <button
        type="button"
        aria-label={`Opções da playlist ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        className="grid size-10 place-items-center rounded-xl text-ink-muted transition-colors hover:bg-tint hover:text-ink"
      >
        <MoreVertical aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <div id={id} role="menu" className="absolute top-full right-0 z-20 mt-1 w-40 rounded-xl border border-line bg-card p-1 shadow-lifted">
          <button
            type="button"
            role="menuitem"
            className={`${item} text-ink hover:bg-tint`}
            onClick={() => {
              setOpen(false)
              onEdit()
            }}
          >
            <Pencil aria-hidden="true" /> Editar
          </button>
          <button
            type="button"
            role="menuitem"
            className={`${item} text-danger hover:bg-danger-soft`}
            onClick={() => {
              setOpen(false)
              onDelete()
            }}
          >
            <Trash2 aria-hidden="true" /> Excluir
          </button>
        </div>
      ) : null}
    </div>
  )
}
