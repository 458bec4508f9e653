import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { ArrowDown, ArrowUp, Music2, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import type { Playlist } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { usePlaylistActions, usePlaylists } from '../api/playlists'
import { playlistNameProblem } from '../lib/name-rules'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { PlaylistInfoFields } from './playlist-info-fields'

interface EditPlaylistDialogProps {
  playlistId: string | null
  onClose: () => void
}

type Tab = 'info' | 'audios'

export function EditPlaylistDialog({ playlistId, onClose }: EditPlaylistDialogProps) {
  const { data: playlists } = usePlaylists()
  const playlist = playlists?.find((p) => p.id === playlistId) ?? null
  return (
    <ModalDialog open={playlistId !== null} onClose={onClose} title="Editar playlist" className="max-w-lg">
      {playlist ? <EditPlaylistBody key={playlist.id} playlist={playlist} onDone={onClose} /> : null}
    </ModalDialog>
  )
}

function EditPlaylistBody({ playlist, onDone }: { playlist: Playlist; onDone: () => void }) {
  const { update, removeAudio } = usePlaylistActions()
  const [tab, setTab] = useState<Tab>('info')
  const [name, setName] = useState(playlist.name)
  const [description, setDescription] = useState(playlist.description)
  const id = useId()
  const tabs: { key: Tab; label: string }[] = [
    { key: 'info', label: 'Informações' },
    { key: 'audios', label: `Áudios (${playlist.audios.length})` },
  ]

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = playlistNameProblem(name)
    if (problem) {
      toast.error(problem.title, { description: problem.description })
      return
    }
    void update(playlist.id, { name, description })
    onDone()
  }

  function move(index: number, delta: -1 | 1) {
    const target = index + delta
    if (target < 0 || target >= playlist.audios.length) return
    const audios = [...playlist.audios]
    const [item] = audios.splice(index, 1)
    if (!item) return
    audios.splice(target, 0, item)
    void update(playlist.id, { audios })
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next: Tab = tab === 'info' ? 'audios' : 'info'
    setTab(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label="Seções da playlist" className="grid grid-cols-2 gap-1 rounded-xl bg-tint p-1">
        {tabs.map((t) => (
          <button
            key={t.key}
            id={`${id}-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={onTabKey}
            className={cn(
              'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
              tab === t.key ? 'bg-card text-accent-strong shadow-sm' : 'text-ink-muted hover:text-ink',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      {tab === 'info' ? (
        <form id={`${id}-panel-info`} role="tabpanel" aria-labelledby={`${id}-tab-info`} onSubmit={submit} noValidate className="mt-5">
          <PlaylistInfoFields name={name} description={description} onNameChange={setName} onDescriptionChange={setDescription} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit">Salvar</Button>
          </div>
        </form>
      ) : (
        <div id={`${id}-panel-audios`} role="tabpanel" aria-labelledby={`${id}-tab-audios`} className="mt-5">
          {playlist.audios.length === 0 ? (
            <div className="grid h-64 place-items-center rounded-2xl border border-dashed border-line text-center">
              <div className="px-6">
                <Music2 aria-hidden="true" className="mx-auto size-8 text-brand-300" />
                <p className="mt-2 text-sm text-ink-muted">
                  Nenhum áudio ainda. Use “Adicionar à playlist” nos áudios dos campos para trazê-los para cá.
                </p>
              </div>
            </div>
          ) : (
            <ol className="h-64 space-y-2 overflow-y-auto overscroll-contain rounded-2xl border border-line bg-surface p-2" tabIndex={0} aria-label="Áudios da playlist">
              {playlist.audios.map((audio, index) => (
                <li key={audio.id} className="flex items-center gap-1.5 rounded-xl bg-card py-2 pr-1 pl-2 shadow-sm sm:gap-2 sm:px-3">
                  <span className="w-4 shrink-0 text-center text-xs font-semibold tabular-nums text-ink-muted">{index + 1}</span>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm leading-snug font-semibold break-words text-ink">{audio.title}</p>
                    <p className="truncate text-xs text-ink-muted">
                      {[audio.fieldTitle, audio.duration].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center">
                    <IconButton label={`Mover “${audio.title}” para cima`} disabled={index === 0} onClick={() => move(index, -1)}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`Mover “${audio.title}” para baixo`}
                      disabled={index === playlist.audios.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton label={`Remover “${audio.title}”`} danger onClick={() => void removeAudio(playlist.id, audio.id)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div className="mt-6 flex justify-end">
            <Button variant="outline" onClick={onDone}>
              Concluir
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  danger?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'grid size-9 place-items-center rounded-lg text-ink-muted transition-colors disabled:opacity-35 max-sm:size-8',
        danger ? 'hover:bg-danger-soft hover:text-danger' : 'hover:bg-tint hover:text-accent-strong',
      )}
    >
      {children}
    </button>
  )
}
