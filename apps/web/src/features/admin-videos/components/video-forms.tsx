import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Link2, Upload } from 'lucide-react'
import { ADMIN_CONTENT_MSG, VIDEO_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MIME_TYPES, adminVideoLinkSchema, formatBytes, videoTooLargeMessage } from '@sintonia/contract'
import { TextArea } from '../../../components/admin/text-area'
import { FileInput } from '../../../components/admin/file-input'
import { UploadProgressBar } from '../../../components/admin/upload-progress'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField, SelectInput, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { getErrorMessage } from '../../../lib/api-client'
import type { UploadProgress } from '../../../lib/upload-with-progress'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useAddVideoLink, useUploadVideo } from '../api/videos'
import { captureVideoThumbnail } from '../lib/thumbnail'

/** The type and size checks, with their messages, before anything is sent (docs/product/admin.md#videos-adminlanding-videos). */
export function videoFileProblem(file: File): string | null {
  if (!(VIDEO_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return ADMIN_CONTENT_MSG.videoType
  if (file.size > VIDEO_UPLOAD_MAX_BYTES) return videoTooLargeMessage(file.size)
  if (file.size === 0) return ADMIN_CONTENT_MSG.emptyFile
  return null
}

const URL_HINT = 'YouTube: link do vídeo. Outros players: o endereço http(s)://, o código de incorporação (iframe) ou um link .m3u8 (HLS, sempre sem som).'

/** Adds a YouTube / partner-player / HLS link. What was typed stays when saving fails. */
export function AddVideoLinkForm() {
  const [type, setType] = useState<'youtube' | 'embed'>('youtube')
  const [url, setUrl] = useState('')
  const [title, setTitle] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const add = useAddVideoLink()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminVideoLinkSchema.safeParse({ type, url, title })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      reveal.reveal()
      return
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Vídeo adicionado')
        setUrl('')
        setTitle('')
        setErrors({})
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error)
        // Issues of the whole section name the new video by its index; the admin only sees 'url'.
        const urlError = Object.entries(fieldErrors).find(([path]) => path.endsWith('url'))?.[1]
        setErrors(urlError ? { url: urlError } : fieldErrors)
        reveal.reveal()
        toast.error('Não foi possível adicionar o vídeo', { description: getErrorMessage(error) })
      },
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5 text-accent" />
          Adicionar por link
        </CardTitle>
        <CardDescription>YouTube, player parceiro ou transmissão HLS.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={reveal.ref} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField id="video-link-type" label="Tipo">
            <SelectInput id="video-link-type" value={type} onChange={(e) => setType(e.target.value as 'youtube' | 'embed')}>
              <option value="youtube">YouTube</option>
              <option value="embed">Player parceiro, código de incorporação ou HLS</option>
            </SelectInput>
          </FormField>
          <FormField id="video-link-url" label="Endereço ou código" requirement="required" hint={URL_HINT} error={errors.url}>
            <TextArea
              id="video-link-url"
              value={url}
              rows={2}
              className="min-h-0"
              onChange={(e) => {
                setUrl(e.target.value)
                setErrors({})
              }}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={describedBy('video-link-url', { hint: URL_HINT, error: errors.url })}
            />
          </FormField>
          <FormField id="video-link-title" label="Título" requirement="optional" error={errors.title}>
            <TextInput id="video-link-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormField>
          <SubmitButton loading={add.isPending} loadingText="Adicionando..." size="md">
            Adicionar vídeo
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  )
}

const FILE_HINT = 'MP4, MPEG, MOV, AVI ou WebM, até 50MB. A miniatura é o quadro de 1 segundo.'

/** Uploads a video file with its thumbnail (drawn here at 1 s) and real progress. */
export function UploadVideoForm() {
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reveal = useErrorReveal()
  const [stage, setStage] = useState<'idle' | 'thumbnail' | 'upload'>('idle')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const upload = useUploadVideo()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setError('Escolha um arquivo de vídeo.')
      reveal.reveal()
      return
    }
    const problem = videoFileProblem(file)
    if (problem) {
      setError(problem)
      reveal.reveal()
      return
    }
    try {
      setStage('thumbnail')
      const thumbnail = await captureVideoThumbnail(file)
      setStage('upload')
      setProgress({ loaded: 0, total: file.size, percent: 0 })
      await upload.mutateAsync({ file, thumbnail, title: title.trim(), onProgress: setProgress })
      toast.success('Vídeo enviado')
      setFile(null)
      setTitle('')
      ;(document.getElementById('video-file') as HTMLInputElement | null)?.form?.reset()
    } catch (failure) {
      setError(getErrorMessage(failure))
      reveal.reveal()
      toast.error('Não foi possível enviar o vídeo', { description: getErrorMessage(failure) })
    } finally {
      setStage('idle')
      setProgress(null)
    }
  }

  const busy = stage !== 'idle'
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Upload aria-hidden="true" className="size-5 text-accent" />
          Enviar arquivo
        </CardTitle>
        <CardDescription>O vídeo é servido pelo próprio site.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={reveal.ref} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField id="video-file" label="Arquivo de vídeo" requirement="required" hint={FILE_HINT} error={error}>
            <FileInput
              id="video-file"
              accept={VIDEO_UPLOAD_MIME_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null
                setFile(chosen)
                setError(chosen ? videoFileProblem(chosen) : null)
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('video-file', { hint: FILE_HINT, error })}
              />
          </FormField>
          {file ? (
            <p className="-mt-2 text-sm text-ink-muted">
              {file.name} · {formatBytes(file.size)}
            </p>
          ) : null}
          <FormField id="video-file-title" label="Título" requirement="optional">
            <TextInput id="video-file-title" value={title} onChange={(e) => setTitle(e.target.value)} disabled={busy} />
          </FormField>
          {stage === 'upload' ? <UploadProgressBar progress={progress} label="Enviando vídeo" /> : null}
          <SubmitButton
            loading={busy}
            loadingText={stage === 'thumbnail' ? 'Gerando miniatura...' : `Enviando... ${progress?.percent ?? 0}%`}
            size="md"
          >
            Enviar vídeo
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  )
}
