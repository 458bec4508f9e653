import { useState } from 'react'
import { Pencil, Star, Trash2, Upload } from 'lucide-react'
import { formatLoudness, type AdminAudio } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { Artwork, audioArtwork } from '../../../components/artwork'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormField, SelectInput } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { useAdminAudios, useDeleteAudio, useFieldOptions } from '../api/audios'
import { AudioDialog } from './audio-dialog'

type DialogState = { kind: 'none' } | { kind: 'edit'; audio: AdminAudio | null } | { kind: 'delete'; audio: AdminAudio }

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-ink-muted">—</span>
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" className="px-2 py-0.5">
          {tag}
        </Badge>
      ))}
    </span>
  )
}

/** The audio's cover as listeners see it (its own image, or the art in its field's colour). */
function Thumbnail({ audio }: { audio: AdminAudio }) {
  return <Artwork {...audioArtwork(audio)} sizes="40px" className="size-10 shrink-0 rounded-xl" />
}

function DemoBadge() {
  return (
    <Badge variant="gold">
      <Star aria-hidden="true" />
      Demonstração
    </Badge>
  )
}

function RowActions({ audio, onEdit, onDelete }: { audio: AdminAudio; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="flex items-center gap-1">
      <Button variant="ghost" size="icon" className="size-9" aria-label={`Editar ${audio.title}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" className="size-9 text-danger hover:bg-danger-soft" aria-label={`Excluir ${audio.title}`} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </span>
  )
}

/** `/admin/audios`: list (filter by field), upload with progress, edit, replace the file, delete. */
export function AudiosPage() {
  const [fieldId, setFieldId] = useState<string | null>(null)
  const fields = useFieldOptions()
  const audios = useAdminAudios(fieldId)
  const remove = useDeleteAudio()
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' })
  const close = () => setDialog({ kind: 'none' })
  const fieldList = fields.data ?? []
  const deleting = dialog.kind === 'delete' ? dialog.audio : null

  return (
    <div>
      <AdminPageHeader
        title="Áudios"
        description="Envie os áudios guiados, organize-os nos campos e escolha o áudio de demonstração."
        actions={
          <Button onClick={() => setDialog({ kind: 'edit', audio: null })} disabled={fieldList.length === 0}>
            <Upload aria-hidden="true" />
            Enviar áudio
          </Button>
        }
      />
      <div className="mb-4 max-w-xs">
        <FormField id="audio-filter" label="Campo">
          <SelectInput id="audio-filter" value={fieldId ?? ''} onChange={(e) => setFieldId(e.target.value || null)}>
            <option value="">Todos os campos</option>
            {fieldList.map((field) => (
              <option key={field.id} value={field.id}>
                {field.title}
              </option>
            ))}
          </SelectInput>
        </FormField>
      </div>

      {audios.isError ? <QueryError error={audios.error} onRetry={() => void audios.refetch()} /> : null}
      {audios.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : null}
      {audios.data && audios.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">Nenhum áudio {fieldId ? 'neste campo' : 'ainda'}.</p>
      ) : null}
      {audios.data && audios.data.length > 0 ? (
        <>
          <DataTable caption="Áudios" className="hidden md:block">
            <thead>
              <tr>
                <Th>Título</Th>
                <Th>Campo</Th>
                <Th>Duração</Th>
                <Th>Tags</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {audios.data.map((audio) => (
                <Tr key={audio.id} data-testid="audio-row">
                  <Td>
                    <span className="flex items-start gap-3">
                      <Thumbnail audio={audio} />
                      <span className="min-w-0">
                        <span className="font-semibold">{audio.title}</span>
                        {audio.isDemo ? (
                          <span className="ml-2 inline-block align-middle">
                            <DemoBadge />
                          </span>
                        ) : null}
                        {audio.description ? <span className="mt-0.5 line-clamp-1 text-ink-muted">{audio.description}</span> : null}
                        <span className="mt-0.5 block text-xs text-ink-muted tabular-nums">{formatLoudness(audio.loudness)}</span>
                      </span>
                    </span>
                  </Td>
                  <Td className="whitespace-nowrap">{audio.fieldTitle}</Td>
                  <Td className="tabular-nums">{audio.duration}</Td>
                  <Td>
                    <Tags tags={audio.tags} />
                  </Td>
                  <Td className="w-0">
                    <RowActions audio={audio} onEdit={() => setDialog({ kind: 'edit', audio })} onDelete={() => setDialog({ kind: 'delete', audio })} />
                  </Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
          <ul className="flex flex-col gap-2 md:hidden" aria-label="Áudios">
            {audios.data.map((audio) => (
              <li key={audio.id} className="rounded-2xl border border-line bg-card p-4 shadow-soft">
                <div className="flex items-start gap-3">
                  <Thumbnail audio={audio} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">{audio.title}</p>
                    <p className="text-sm text-ink-muted">
                      {audio.fieldTitle} · <span className="tabular-nums">{audio.duration}</span>
                    </p>
                    <p className="text-xs text-ink-muted tabular-nums">{formatLoudness(audio.loudness)}</p>
                  </div>
                  <RowActions audio={audio} onEdit={() => setDialog({ kind: 'edit', audio })} onDelete={() => setDialog({ kind: 'delete', audio })} />
                </div>
                {audio.isDemo || audio.tags.length > 0 ? (
                  <div className="mt-2 flex flex-wrap items-center gap-1.5">
                    {audio.isDemo ? <DemoBadge /> : null}
                    {audio.tags.length > 0 ? <Tags tags={audio.tags} /> : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {dialog.kind === 'edit' ? (
        <AudioDialog key={dialog.audio?.id ?? 'new'} audio={dialog.audio} fields={fieldList} defaultFieldId={fieldId ?? ''} onClose={close} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir áudio?"
        description={deleting ? `"${deleting.title}" e seu arquivo serão removidos, inclusive das playlists dos ouvintes. Esta ação não pode ser desfeita.` : ''}
        confirmLabel="Excluir áudio"
        busyLabel="Excluindo..."
        successMessage="Áudio excluído"
        errorTitle="Não foi possível excluir o áudio"
        onClose={close}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </div>
  )
}
