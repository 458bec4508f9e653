import { useEffect, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import {
  AUDIO_UPLOAD_MAX_BYTES,
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_MSG,
  adminAudioMetaSchema,
  audioTooLargeMessage,
  formatBytes,
  normaliseTranscript,
  splitTags,
  type AdminAudio,
  type Field,
} from '@sintonia/contract'
import { TextArea } from '../../../components/admin/text-area'
import { hueOf } from '../../../components/artwork'
import { CoverAfterSave, CoverEditor } from '../../../components/cover-editor'
import { FileInput } from '../../../components/admin/file-input'
import { UploadProgressBar, audioUploadText } from '../../../components/admin/upload-progress'
import { Button } from '../../../components/ui/button'
import { FormField, SelectInput, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import type { UploadProgress } from '../../../lib/upload-with-progress'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useAudioTranscript, useRemoveAudioCover, useReplaceAudioFile, useSetAudioCover, useUpdateAudio, useUploadAudio } from '../api/audios'

const FILE_HINT = `MP3, OGG, WAV, M4A, AAC, FLAC ou WebM, até ${AUDIO_UPLOAD_MAX_BYTES / 1024 / 1024}MB. A duração é lida do arquivo.`
const TAGS_HINT = 'Separe por vírgulas, por exemplo: foco, manhã'
const TRANSCRIPT_HINT =
  'O texto do que o áudio diz, digitado ou colado, só texto (sem HTML). Deixe uma linha em branco entre os parágrafos. Quem ouve lê em “Transcrição”, no player, e a busca encontra o áudio pelas palavras dele.'

interface Draft {
  title: string
  description: string
  fieldId: string
  tagsText: string
  isDemo: boolean
  transcript: string
}

function draftOf(audio: AdminAudio | null, defaultFieldId: string): Draft {
  return {
    title: audio?.title ?? '',
    description: audio?.description ?? '',
    fieldId: audio?.fieldId ?? defaultFieldId,
    tagsText: audio?.tags.join(', ') ?? '',
    isDemo: audio?.isDemo ?? false,
    // An existing audio's text is read when the dialog opens (useAudioTranscript).
    transcript: '',
  }
}

/** A title from a file name: 'respiracao_profunda-v2.mp3' → 'respiracao profunda v2'. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim()
}

export interface AudioDialogProps {
  /** null: upload a new audio. */
  audio: AdminAudio | null
  fields: Field[]
  defaultFieldId: string
  onClose: () => void
}

/**
 * Upload a new audio (file required) or edit one (metadata, and optionally a new file). The
 * upload shows real progress; on any failure the dialog stays open with everything typed and the
 * chosen file, so the admin can simply try again.
 */
export function AudioDialog({ audio, fields, defaultFieldId, onClose }: AudioDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(audio, defaultFieldId))
  // The transcript is sent only once the admin changed it: a text not read yet is never overwritten.
  const [transcriptTouched, setTranscriptTouched] = useState(false)
  const stored = useAudioTranscript(audio?.id ?? '', audio?.hasTranscript === true)
  const transcriptReady = !audio?.hasTranscript || stored.isSuccess
  useEffect(() => {
    if (stored.data !== undefined && !transcriptTouched) setDraft((current) => ({ ...current, transcript: stored.data }))
  }, [stored.data, transcriptTouched])
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const upload = useUploadAudio()
  const update = useUpdateAudio()
  const replace = useReplaceAudioFile()
  const setCover = useSetAudioCover()
  const removeCover = useRemoveAudioCover()
  const busy = upload.isPending || update.isPending || replace.isPending
  const coverBusy = setCover.isPending || removeCover.isPending
  const creating = audio === null

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setErrors({})
  }

  const chooseFile = (chosen: File | null) => {
    setFile(chosen)
    setErrors({})
    if (chosen && creating && draft.title.trim() === '') change({ title: titleFromFileName(chosen.name) })
  }

  const fail = (error: unknown) => {
    setErrors(apiFieldErrors(error))
    reveal.reveal()
    setProgress(null)
    toast.error(creating ? 'Não foi possível enviar o áudio' : 'Não foi possível salvar o áudio', { description: getErrorMessage(error) })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminAudioMetaSchema.safeParse({ ...draft, tags: splitTags(draft.tagsText) })
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (creating && !file) found.file = 'Escolha um arquivo de áudio.'
    if (file && file.size === 0) found.file = 'O arquivo escolhido está vazio.'
    if (file && file.size > AUDIO_UPLOAD_MAX_BYTES) found.file = audioTooLargeMessage(file.size)
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found)
      reveal.reveal()
      return
    }
    const meta = parsed.data
    try {
      if (creating) {
        setProgress({ loaded: 0, total: file!.size, percent: 0 })
        await upload.mutateAsync({ ...meta, file: file!, onProgress: setProgress })
        toast.success('Áudio enviado')
      } else {
        const { transcript, ...withoutTranscript } = meta
        await update.mutateAsync({ id: audio.id, patch: transcriptTouched ? { ...withoutTranscript, transcript } : withoutTranscript })
        if (file) {
          setProgress({ loaded: 0, total: file.size, percent: 0 })
          await replace.mutateAsync({ id: audio.id, file, onProgress: setProgress })
        }
        toast.success('Áudio atualizado')
      }
      onClose()
    } catch (error) {
      fail(error)
    }
  }

  return (
    <ModalDialog open onClose={onClose} locked={busy || coverBusy} title={creating ? 'Enviar áudio' : 'Editar áudio'} className="max-w-xl">
      <form ref={reveal.ref} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <FormField
          id="audio-file"
          label={creating ? 'Arquivo de áudio' : 'Substituir arquivo'}
          requirement={creating ? 'required' : 'optional'}
          hint={FILE_HINT}
          error={errors.file}
        >
          <FileInput
            id="audio-file"
            accept="audio/*,.mp3,.ogg,.wav,.m4a,.aac,.flac,.webm"
            onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy('audio-file', { hint: FILE_HINT, error: errors.file })}
            data-autofocus
          />
        </FormField>
        {file ? (
          <p className="-mt-3 text-sm text-ink-muted">
            {file.name} · {formatBytes(file.size)}
          </p>
        ) : null}
        {!creating && !file ? (
          <audio controls preload="none" src={audio.url} className="w-full">
            <track kind="captions" />
          </audio>
        ) : null}

        <FormField id="audio-title" label="Título" requirement="required" error={errors.title}>
          <TextInput
            id="audio-title"
            value={draft.title}
            onChange={(e) => change({ title: e.target.value })}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('audio-title', { error: errors.title })}
          />
        </FormField>
        <FormField id="audio-field" label="Campo" requirement="required" error={errors.fieldId}>
          <SelectInput
            id="audio-field"
            value={draft.fieldId}
            onChange={(e) => change({ fieldId: e.target.value })}
            aria-invalid={errors.fieldId ? true : undefined}
            aria-describedby={describedBy('audio-field', { error: errors.fieldId })}
          >
            <option value="">Escolha um campo</option>
            {fields.map((field) => (
              <option key={field.id} value={field.id}>
                {field.title}
              </option>
            ))}
          </SelectInput>
        </FormField>
        <FormField id="audio-description" label="Descrição" requirement="optional" error={errors.description}>
          <TextArea id="audio-description" value={draft.description} onChange={(e) => change({ description: e.target.value })} />
        </FormField>
        <FormField id="audio-tags" label="Tags" requirement="optional" hint={TAGS_HINT} error={errors.tags}>
          <TextInput
            id="audio-tags"
            value={draft.tagsText}
            onChange={(e) => change({ tagsText: e.target.value })}
            aria-describedby={describedBy('audio-tags', { hint: TAGS_HINT, error: errors.tags })}
          />
        </FormField>
        <TranscriptField
          value={draft.transcript}
          error={errors.transcript ?? (stored.isError ? TRANSCRIPT_MSG.loadError : undefined)}
          loading={!transcriptReady}
          onChange={(transcript) => {
            setTranscriptTouched(true)
            change({ transcript })
          }}
        />
        {audio ? (
          <CoverEditor
            seed={audio.id}
            hue={hueOf(draft.fieldId || audio.fieldId)}
            family={draft.fieldId || audio.fieldId}
            motif="waves"
            cover={audio.coverImage}
            onUpload={(chosen, onProgress) => setCover.mutateAsync({ id: audio.id, file: chosen, onProgress })}
            onRemove={() => removeCover.mutateAsync(audio.id)}
          />
        ) : (
          <CoverAfterSave>Envie o áudio para escolher a capa. Até lá, os ouvintes veem uma arte gerada nas cores do campo.</CoverAfterSave>
        )}
        <label className="flex items-start gap-3 rounded-xl border border-line p-3">
          <input type="checkbox" checked={draft.isDemo} onChange={(e) => change({ isDemo: e.target.checked })} className="mt-1 size-4 accent-brand-700" />
          <span>
            <span className="font-semibold text-ink">Áudio de demonstração</span>
            <span className="block text-sm text-ink-muted">Tocado sem conta na página /demo. Só um áudio é a demonstração: marcar este desmarca o atual.</span>
          </span>
        </label>

        {busy && progress ? <UploadProgressBar progress={progress} /> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy || coverBusy}>
            Cancelar
          </Button>
          <SubmitButton loading={busy} loadingText={progress ? audioUploadText(progress.percent) : 'Salvando...'} size="md" className="sm:w-auto">
            {creating ? 'Enviar áudio' : 'Salvar alterações'}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}

/**
 * The audio's transcript: a tall text box that keeps what is typed or pasted, line breaks and all,
 * with the count the limit applies to (the text as it will be stored: catalogue/transcript.ts).
 */
function TranscriptField({ value, error, loading, onChange }: { value: string; error: string | undefined; loading: boolean; onChange: (value: string) => void }) {
  const chars = normaliseTranscript(value).length
  const over = chars > TRANSCRIPT_MAX_CHARS
  const hintId = describedBy('audio-transcript', { hint: TRANSCRIPT_HINT, error })
  return (
    <FormField
      id="audio-transcript"
      label={TRANSCRIPT_MSG.label}
      requirement="optional"
      hint={TRANSCRIPT_HINT}
      error={error}
      aside={
        <span id="audio-transcript-count" data-testid="transcript-count" className={over ? 'text-right text-xs font-semibold text-danger tabular-nums' : 'text-right text-xs text-ink-muted tabular-nums'}>
          {TRANSCRIPT_MSG.count(chars)}
        </span>
      }
    >
      <TextArea
        id="audio-transcript"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        // Until the stored text is read (or when it could not be), the box waits: nothing typed is lost over it.
        disabled={loading}
        placeholder={loading ? TRANSCRIPT_MSG.loading : undefined}
        rows={8}
        spellCheck
        lang="pt-BR"
        className="max-h-[60vh] min-h-40 resize-y text-[0.95rem] leading-relaxed"
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[hintId, 'audio-transcript-count'].filter(Boolean).join(' ')}
      />
    </FormField>
  )
}
