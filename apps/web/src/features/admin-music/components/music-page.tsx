import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Music, Pencil, Trash2, Upload, Volume2 } from 'lucide-react'
import { formatBytes, formatLoudness, type AdminMusicTrack } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { QueryError } from '../../../components/admin/query-error'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useAdminMusic, useDeleteTrack, useSaveVolume, useUpdateTrack } from '../api/music'
import { TrackDialog } from './track-dialog'

function VolumeCard({ saved }: { saved: number }) {
  const [value, setValue] = useState(saved)
  const save = useSaveVolume()
  // A change from another admin (or after saving) becomes the starting point again.
  useEffect(() => setValue(saved), [saved])
  const dirty = value !== saved
  return (
    <Card className="mb-6 p-5">
      <div className="flex flex-wrap items-center gap-4">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-xl bg-tint text-accent">
          <Volume2 className="size-5" />
        </span>
        <div className="min-w-48 flex-1">
          <label htmlFor="music-volume" className="font-semibold text-ink">
            Volume global da música de fundo
          </label>
          <p className="text-sm text-ink-muted">A música toca sob a voz neste volume (padrão 25%).</p>
          <input
            id="music-volume"
            type="range"
            min={0}
            max={100}
            step={1}
            value={value}
            onChange={(e) => setValue(Number(e.target.value))}
            aria-valuetext={`${value}%`}
            className="mt-3 w-full accent-brand-700"
          />
        </div>
        <output htmlFor="music-volume" className="w-14 text-right text-xl font-bold text-ink tabular-nums">
          {value}%
        </output>
        <Button
          disabled={!dirty || save.isPending}
          aria-busy={save.isPending || undefined}
          onClick={() =>
            save.mutate(value, {
              onSuccess: () => toast.success('Volume salvo'),
              onError: (error) => toast.error('Não foi possível salvar o volume', { description: getErrorMessage(error) }),
            })
          }
        >
          {save.isPending ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : null}
          {save.isPending ? 'Salvando...' : 'Salvar volume'}
        </Button>
      </div>
    </Card>
  )
}

function ActiveSwitch({ track }: { track: AdminMusicTrack }) {
  const update = useUpdateTrack()
  const next = !track.isActive
  return (
    <button
      type="button"
      role="switch"
      aria-checked={track.isActive}
      aria-label={`${track.title} ativa`}
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          { id: track.id, patch: { isActive: next } },
          {
            onSuccess: () => toast.success(next ? 'Música ativada' : 'Música desativada'),
            onError: (error) => toast.error('Não foi possível alterar a música', { description: getErrorMessage(error) }),
          },
        )
      }
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
    >
      <span className={cn('relative h-6 w-11 rounded-full transition-colors', track.isActive ? 'bg-emerald-600' : 'bg-muted-strong')}>
        <span className={cn('absolute top-0.5 size-5 rounded-full bg-card shadow transition-[left]', track.isActive ? 'left-5.5' : 'left-0.5')} />
      </span>
      {track.isActive ? 'Ativa' : 'Inativa'}
    </button>
  )
}

type DialogState = { kind: 'none' } | { kind: 'edit'; track: AdminMusicTrack | null } | { kind: 'delete'; track: AdminMusicTrack }

/** `/admin/background-music`: tracks (upload, activate, tags, delete) and the global volume. */
export function MusicPage() {
  const music = useAdminMusic()
  const remove = useDeleteTrack()
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' })
  const close = () => setDialog({ kind: 'none' })
  const deleting = dialog.kind === 'delete' ? dialog.track : null

  return (
    <div>
      <AdminPageHeader
        title="Música de fundo"
        description="As faixas ativas tocam sob a voz dos áudios, em sequência, no volume definido aqui."
        actions={
          <Button onClick={() => setDialog({ kind: 'edit', track: null })}>
            <Upload aria-hidden="true" />
            Enviar música
          </Button>
        }
      />
      {music.isError ? <QueryError error={music.error} onRetry={() => void music.refetch()} /> : null}
      {music.isPending ? <Skeleton className="h-40 rounded-2xl" /> : null}
      {music.data ? (
        <>
          <VolumeCard saved={music.data.volumePercentage} />
          {music.data.tracks.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">
              Nenhuma faixa enviada. Sem faixas ativas, os ouvintes ouvem a música padrão.
            </p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label="Faixas">
              {music.data.tracks.map((track) => (
                <li key={track.id} data-testid="track-row" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft">
                  <div className="flex items-start gap-3">
                    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint text-accent">
                      <Music className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-ink">{track.title}</p>
                      <p className="text-sm text-ink-muted">
                        <span className="tabular-nums">{track.duration}</span> · {formatBytes(track.sizeBytes)}
                      </p>
                      <p className="text-xs text-ink-muted tabular-nums">{formatLoudness(track.loudness)}</p>
                    </div>
                    <Button variant="ghost" size="icon" className="size-9" aria-label={`Editar ${track.title}`} onClick={() => setDialog({ kind: 'edit', track })}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9 text-danger hover:bg-danger-soft"
                      aria-label={`Excluir ${track.title}`}
                      onClick={() => setDialog({ kind: 'delete', track })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  {track.tags.length > 0 ? (
                    <div className="flex flex-wrap gap-1">
                      {track.tags.map((tag) => (
                        <Badge key={tag} variant="outline" className="px-2 py-0.5">
                          {tag}
                        </Badge>
                      ))}
                    </div>
                  ) : null}
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <ActiveSwitch track={track} />
                    <audio controls preload="none" src={track.url} className="h-10 w-full sm:w-64">
                      <track kind="captions" />
                    </audio>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}

      {dialog.kind === 'edit' ? <TrackDialog key={dialog.track?.id ?? 'new'} track={dialog.track} onClose={close} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir música?"
        description={deleting ? `"${deleting.title}" e seu arquivo serão removidos. Esta ação não pode ser desfeita.` : ''}
        confirmLabel="Excluir música"
        busyLabel="Excluindo..."
        successMessage="Música excluída"
        errorTitle="Não foi possível excluir a música"
        onClose={close}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </div>
  )
}
