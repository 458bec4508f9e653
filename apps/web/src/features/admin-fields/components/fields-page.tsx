import { useState, type DragEvent, type KeyboardEvent } from 'react'
import { toast } from 'sonner'
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react'
import { ADMIN_CONTENT_MSG, audioCountLabel, type Field } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { ConfirmDialog } from '../../../components/admin/confirm-dialog'
import { Artwork } from '../../../components/artwork'
import { QueryError } from '../../../components/admin/query-error'
import { ContentIcon } from '../../../components/icon'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useAdminFields, useDeleteField, useReorderFields } from '../api/fields'
import { moveItem } from '../../../lib/move-item'
import { sameOrder } from '../lib/reorder'
import { FieldDialog } from './field-dialog'

export interface FieldListProps {
  fields: Field[]
  /** Called with the whole list in its new order. */
  onReorder: (ordered: Field[]) => void
  onEdit: (field: Field) => void
  onDelete: (field: Field) => void
  disabled?: boolean
}

/**
 * The fields in display order. Reorder by dragging a row, with the arrow buttons, or by focusing
 * a row's handle and pressing ↑/↓ (focus follows the moved row). A live region says where it went.
 * While a new order is being saved further moves are ignored; the controls stay enabled so the
 * keyboard focus is never dropped.
 */
export function FieldList({ fields, onReorder, onEdit, onDelete, disabled = false }: FieldListProps) {
  const [dragIndex, setDragIndex] = useState<number | null>(null)
  const [overIndex, setOverIndex] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')

  const move = (from: number, to: number, focusHandle = false) => {
    if (disabled || to < 0 || to >= fields.length || from === to) return
    const next = moveItem(fields, from, to)
    if (sameOrder(next, fields)) return
    const moved = fields[from]!
    setAnnouncement(`${moved.title} agora está na posição ${to + 1} de ${fields.length}`)
    onReorder(next)
    if (focusHandle) requestAnimationFrame(() => document.getElementById(`field-handle-${moved.id}`)?.focus())
  }

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault()
      move(index, index - 1, true)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      move(index, index + 1, true)
    }
  }

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault()
    if (dragIndex !== null) move(dragIndex, index)
    setDragIndex(null)
    setOverIndex(null)
  }

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="flex flex-col gap-2" aria-label="Campos na ordem de exibição">
        {fields.map((field, index) => (
          <li
            key={field.id}
            data-testid="field-row"
            draggable={!disabled}
            onDragStart={(event) => {
              setDragIndex(index)
              event.dataTransfer.effectAllowed = 'move'
              event.dataTransfer.setData('text/plain', field.id)
            }}
            onDragOver={(event) => {
              event.preventDefault()
              setOverIndex(index)
            }}
            onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => {
              setDragIndex(null)
              setOverIndex(null)
            }}
            className={cn(
              'flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-card p-3 shadow-soft transition-colors sm:flex-nowrap sm:p-4',
              dragIndex === index && 'opacity-50',
              overIndex === index && dragIndex !== index && 'border-brand-500 bg-tint',
            )}
          >
            <button
              type="button"
              id={`field-handle-${field.id}`}
              onKeyDown={(event) => onHandleKey(event, index)}
              aria-label={`Reordenar ${field.title}: posição ${index + 1} de ${fields.length}. Use as setas para cima e para baixo.`}
              aria-disabled={disabled || undefined}
              className="grid size-9 shrink-0 cursor-grab place-items-center rounded-lg text-ink-muted hover:bg-tint hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
            >
              <GripVertical aria-hidden="true" className="size-5" />
            </button>
            {/* The field as listeners see it: its cover (or generated art) with its icon. */}
            <Artwork seed={field.id} cover={field.coverImage} sizes="40px" className="size-10 shrink-0 rounded-xl">
              <span aria-hidden="true" className="grid size-full place-items-center text-white drop-shadow">
                <ContentIcon name={field.iconName} className="size-5" />
              </span>
            </Artwork>
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-semibold text-ink">{field.title}</p>
              {field.description ? <p className="line-clamp-1 text-sm text-ink-muted">{field.description}</p> : null}
            </div>
            <Badge variant="neutral" className="shrink-0">
              {audioCountLabel(field.audioCount)}
            </Badge>
            <div className="flex shrink-0 items-center gap-1">
              <Button variant="ghost" size="icon" className="size-9" aria-label={`Mover ${field.title} para cima`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={`Mover ${field.title} para baixo`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" className="size-9" aria-label={`Editar ${field.title}`} onClick={() => onEdit(field)}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" className="size-9 text-danger hover:bg-danger-soft" aria-label={`Excluir ${field.title}`} onClick={() => onDelete(field)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </>
  )
}

type DialogState = { kind: 'none' } | { kind: 'edit'; field: Field | null } | { kind: 'delete'; field: Field }

/** `/admin/fields`: list, create, edit, delete and reorder the fields (campos). */
export function FieldsPage() {
  const query = useAdminFields()
  const reorder = useReorderFields()
  const remove = useDeleteField()
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' })
  const close = () => setDialog({ kind: 'none' })

  const onReorder = (ordered: Field[]) => {
    reorder.mutate(ordered, {
      onSuccess: () => toast.success('Ordem dos campos salva'),
      onError: (error) => toast.error('Não foi possível salvar a nova ordem', { description: getErrorMessage(error) }),
    })
  }

  const deleting = dialog.kind === 'delete' ? dialog.field : null
  const blocked = deleting !== null && deleting.audioCount > 0

  return (
    <div>
      <AdminPageHeader
        title="Campos"
        description="Os temas que agrupam os áudios. A ordem aqui é a ordem em que ouvintes e visitantes veem os campos."
        actions={
          <Button onClick={() => setDialog({ kind: 'edit', field: null })}>
            <Plus aria-hidden="true" />
            Novo campo
          </Button>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-18 rounded-2xl" />
          ))}
        </div>
      ) : null}
      {query.data && query.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-ink-muted">Nenhum campo ainda. Crie o primeiro.</p>
      ) : null}
      {query.data && query.data.length > 0 ? (
        <FieldList
          fields={query.data}
          onReorder={onReorder}
          disabled={reorder.isPending}
          onEdit={(field) => setDialog({ kind: 'edit', field })}
          onDelete={(field) => setDialog({ kind: 'delete', field })}
        />
      ) : null}

      {dialog.kind === 'edit' ? <FieldDialog key={dialog.field?.id ?? 'new'} open field={dialog.field} onClose={close} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={blocked ? 'Este campo tem áudios' : 'Excluir campo?'}
        description={
          deleting
            ? blocked
              ? ADMIN_CONTENT_MSG.fieldHasAudios(deleting.audioCount)
              : `"${deleting.title}" deixará de aparecer para ouvintes e visitantes. Esta ação não pode ser desfeita.`
            : ''
        }
        confirmLabel="Excluir campo"
        busyLabel="Excluindo..."
        confirmDisabled={blocked}
        successMessage="Campo excluído"
        errorTitle="Não foi possível excluir o campo"
        onClose={close}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </div>
  )
}
