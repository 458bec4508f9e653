import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AUDIO_UPLOAD_MAX_BYTES, adminMusicMetaSchema, audioTooLargeMessage, splitTags, type AdminMusicTrack } from '@sintonia/contract'
import { FileInput } from '../../../components/admin/file-input'
import { UploadProgressBar, audioUploadText } from '../../../components/admin/upload-progress'
import { Button } from '../../../components/ui/button'
import { FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import type { UploadProgress } from '../../../lib/upload-with-progress'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useUpdateTrack, useUploadTrack } from '../api/music'

const TAGS_HINT = 'Separe por vírgulas, por exemplo: calma, noite'

/** Upload a track (file, title, tags) or rename / retag one. Failures keep what was typed. */
export function TrackDialog({ track, onClose }: { track: AdminMusicTrack | null; onClose: () => void }) {
  const [title, setTitle] = useState(track?.title ?? '')
  const [tagsText, setTagsText] = useState(track?.tags.join(', ') ?? '')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const upload = useUploadTrack()
  const update = useUpdateTrack()
  const busy = upload.isPending || update.isPending
  const creating = track === null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminMusicMetaSchema.safeParse({ title, tags: splitTags(tagsText) })
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (creating && !file) found.file = 'Escolha um arquivo de áudio.'
    if (file && file.size > AUDIO_UPLOAD_MAX_BYTES) found.file = audioTooLargeMessage(file.size)
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found)
      reveal.reveal()
      return
    }
    try {
      if (creating) {
        setProgress({ loaded: 0, total: file!.size, percent: 0 })
        await upload.mutateAsync({ file: file!, title: parsed.data.title, tags: parsed.data.tags, onProgress: setProgress })
        toast.success('Música enviada')
      } else {
        await update.mutateAsync({ id: track.id, patch: { title: parsed.data.title, tags: parsed.data.tags } })
        toast.success('Música atualizada')
      }
      onClose()
    } catch (error) {
      setErrors(apiFieldErrors(error))
      reveal.reveal()
      setProgress(null)
      toast.error(creating ? 'Não foi possível enviar a música' : 'Não foi possível salvar a música', { description: getErrorMessage(error) })
    }
  }

  return (
    <ModalDialog open onClose={onClose} locked={busy} title={creating ? 'Enviar música de fundo' : 'Editar música de fundo'} className="max-w-lg">
      <form ref={reveal.ref} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {creating ? (
          <FormField id="track-file" label="Arquivo de áudio" requirement="required" error={errors.file}>
            <FileInput
              id="track-file"
              accept="audio/*,.mp3,.ogg,.wav,.m4a,.aac,.flac,.webm"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null
                setFile(chosen)
                setErrors({})
                if (chosen && title.trim() === '') setTitle(chosen.name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim())
              }}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={describedBy('track-file', { error: errors.file })}
                data-autofocus
            />
          </FormField>
        ) : null}
        <FormField id="track-title" label="Título" requirement="required" error={errors.title}>
          <TextInput
            id="track-title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value)
              setErrors({})
            }}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('track-title', { error: errors.title })}
          />
        </FormField>
        <FormField id="track-tags" label="Tags" requirement="optional" hint={TAGS_HINT} error={errors.tags}>
          <TextInput id="track-tags" value={tagsText} onChange={(e) => setTagsText(e.target.value)} aria-describedby={describedBy('track-tags', { hint: TAGS_HINT, error: errors.tags })} />
        </FormField>
        {busy && progress ? <UploadProgressBar progress={progress} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <SubmitButton loading={busy} loadingText={progress ? audioUploadText(progress.percent) : 'Salvando...'} size="md" className="sm:w-auto">
            {creating ? 'Enviar música' : 'Salvar alterações'}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
