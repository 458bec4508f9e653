import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { adminFieldInputSchema, DEFAULT_ICON_NAME, type Field, type IconName } from '@sintonia/contract'
import { IconPicker } from '../../../components/admin/icon-picker'
import { CoverAfterSave, CoverEditor } from '../../../components/cover-editor'
import { TextArea } from '../../../components/admin/text-area'
import { Button } from '../../../components/ui/button'
import { FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useRemoveFieldCover, useSaveField, useSetFieldCover } from '../api/fields'

interface Draft {
  title: string
  description: string
  iconName: string
}

function draftOf(field: Field | null): Draft {
  return { title: field?.title ?? '', description: field?.description ?? '', iconName: field?.iconName ?? DEFAULT_ICON_NAME }
}

/**
 * Create or edit a field. What the admin typed stays in the dialog when saving fails (the dialog
 * only closes on success). An existing field's cover is sent or removed at once, apart from
 * "Salvar alterações"; a new one gets its cover once created.
 */
export function FieldDialog({ open, field, onClose }: { open: boolean; field: Field | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(field))
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const save = useSaveField()
  const setCover = useSetFieldCover()
  const removeCover = useRemoveFieldCover()
  const coverBusy = setCover.isPending || removeCover.isPending
  const editing = field !== null

  const update = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setErrors({})
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminFieldInputSchema.safeParse(draft)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      reveal.reveal()
      return
    }
    save.mutate(
      { id: field?.id ?? null, values: parsed.data },
      {
        onSuccess: () => {
          toast.success(editing ? 'Campo atualizado' : 'Campo criado')
          onClose()
        },
        onError: (error) => {
          setErrors(apiFieldErrors(error))
          reveal.reveal()
          toast.error('Não foi possível salvar o campo', { description: getErrorMessage(error) })
        },
      },
    )
  }

  return (
    <ModalDialog open={open} onClose={onClose} locked={save.isPending || coverBusy} title={editing ? 'Editar campo' : 'Novo campo'} className="max-w-lg">
      <form ref={reveal.ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormField id="field-title" label="Título" requirement="required" error={errors.title}>
          <TextInput
            id="field-title"
            value={draft.title}
            onChange={(e) => update({ title: e.target.value })}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('field-title', { error: errors.title })}
            data-autofocus
          />
        </FormField>
        <FormField id="field-description" label="Descrição" requirement="optional" error={errors.description}>
          <TextArea
            id="field-description"
            value={draft.description}
            onChange={(e) => update({ description: e.target.value })}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('field-description', { error: errors.description })}
          />
        </FormField>
        <IconPicker label="Ícone" value={draft.iconName} onChange={(iconName: IconName) => update({ iconName })} error={errors.iconName} />
        {field ? (
          <CoverEditor
            seed={field.id}
            cover={field.coverImage}
            onUpload={(file, onProgress) => setCover.mutateAsync({ id: field.id, file, onProgress })}
            onRemove={() => removeCover.mutateAsync(field.id)}
          />
        ) : (
          <CoverAfterSave>Salve o campo para escolher a capa. Até lá, os ouvintes veem uma arte gerada nas cores do campo.</CoverAfterSave>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={save.isPending || coverBusy}>
            Cancelar
          </Button>
          <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
            {editing ? 'Salvar alterações' : 'Criar campo'}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
