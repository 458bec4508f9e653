import { useState } from 'react'
import { toast } from 'sonner'
import { CircleCheck, Film, SlidersHorizontal, Trash2 } from 'lucide-react'
import { classifyVideo, type LandingVideo, type VideoKind } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { QueryError } from '../../../components/admin/query-error'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useAdminVideos, useDeleteVideo, useSetActiveVideo } from '../api/videos'
import { VideoControlsDialog } from './video-controls-dialog'
import { AddVideoLinkForm, UploadVideoForm } from './video-forms'

const KIND_LABELS: Record<VideoKind, string> = {
  upload: 'Arquivo enviado',
  youtube: 'YouTube',
  'partner-url': 'Player parceiro',
  'embed-html': 'Código incorporado',
  hls: 'HLS',
  'html-hls': 'Código incorporado (HLS)',
}

function VideoCard({ video, active, onControls, onDelete }: { video: LandingVideo; active: boolean; onControls: () => void; onDelete: () => void }) {
  const setActive = useSetActiveVideo()
  const label = video.title || 'Vídeo sem título'
  return (
    <li data-testid="video-row" className={cn('flex flex-col overflow-hidden rounded-2xl border bg-card shadow-soft', active ? 'border-success-line ring-2 ring-success-line' : 'border-line')}>
      <div className="relative grid aspect-video place-items-center bg-brand-950 text-brand-200">
        {video.thumbnail_url ? (
          <img src={video.thumbnail_url} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <Film aria-hidden="true" className="size-10" />
        )}
        {active ? (
          <Badge variant="success" className="absolute top-2 left-2 shadow">
            <CircleCheck aria-hidden="true" />
            Ativo na página inicial
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{label}</p>
          <p className="text-sm text-ink-muted">{KIND_LABELS[classifyVideo(video)]}</p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={active ? 'outline' : 'primary'}
            disabled={setActive.isPending}
            aria-busy={setActive.isPending || undefined}
            onClick={() =>
              setActive.mutate(active ? null : video.id, {
                onSuccess: () => toast.success(active ? 'Nenhum vídeo ativo na página inicial' : 'Vídeo ativado na página inicial'),
                onError: (error) => toast.error('Não foi possível alterar o vídeo ativo', { description: getErrorMessage(error) }),
              })
            }
          >
            {active ? 'Desativar' : 'Ativar'}
            <span className="sr-only"> {label}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={onControls}>
            <SlidersHorizontal aria-hidden="true" />
            Controles
            <span className="sr-only"> de {label}</span>
          </Button>
          <Button size="sm" variant="ghost" className="text-danger hover:bg-danger-soft" onClick={onDelete} aria-label={`Excluir ${label}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  )
}

type DialogState = { kind: 'none' } | { kind: 'controls'; video: LandingVideo } | { kind: 'delete'; video: LandingVideo }

/** `/admin/landing-videos`: add by link or upload, choose the active video, controls, delete. */
export function VideosPage() {
  const videos = useAdminVideos()
  const remove = useDeleteVideo()
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' })
  const close = () => setDialog({ kind: 'none' })
  const deleting = dialog.kind === 'delete' ? dialog.video : null

  return (
    <div>
      <AdminPageHeader title="Vídeos da página inicial" description="O vídeo ativo aparece no topo da página inicial, no quadro 16:9 ao lado do título." />
      <div className="grid gap-4 lg:grid-cols-2">
        <AddVideoLinkForm />
        <UploadVideoForm />
      </div>
      <h2 className="mt-8 mb-3 text-lg font-bold text-ink">Vídeos</h2>
      {videos.isError ? <QueryError error={videos.error} onRetry={() => void videos.refetch()} /> : null}
      {videos.isPending ? <Skeleton className="h-48 rounded-2xl" /> : null}
      {videos.data && videos.data.videos.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">Nenhum vídeo ainda. A página inicial aparece sem vídeo.</p>
      ) : null}
      {videos.data && videos.data.videos.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Vídeos">
          {videos.data.videos.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              active={videos.data.active_video_id === video.id}
              onControls={() => setDialog({ kind: 'controls', video })}
              onDelete={() => setDialog({ kind: 'delete', video })}
            />
          ))}
        </ul>
      ) : null}

      {dialog.kind === 'controls' ? <VideoControlsDialog key={dialog.video.id} video={dialog.video} onClose={close} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir vídeo?"
        description={deleting ? `"${deleting.title || 'Vídeo sem título'}" será removido${deleting.type === 'upload' ? ', com o arquivo enviado' : ''}. Esta ação não pode ser desfeita.` : ''}
        confirmLabel="Excluir vídeo"
        busyLabel="Excluindo..."
        successMessage="Vídeo excluído"
        errorTitle="Não foi possível excluir o vídeo"
        onClose={close}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </div>
  )
}
