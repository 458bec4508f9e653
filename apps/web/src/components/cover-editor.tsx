import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { ImageUp, Trash2 } from 'lucide-react'
import { COVER_MIN_PIXELS, COVER_MSG, COVER_UPLOAD_MAX_BYTES, type CoverAnswer } from '@sintonia/contract'
import { UploadProgressBar } from './admin/upload-progress'
import { Artwork, type ArtworkMotif } from './artwork'
import { Button } from './ui/button'
import { Spinner } from './ui/spinner'
import { getErrorMessage } from '../lib/api-client'
import { toast } from '../lib/toast'
import type { UploadProgress } from '../lib/upload-with-progress'

/** The image types the server takes (it checks the content again). */
export const COVER_ACCEPT = 'image/jpeg,image/png,image/webp'
const COVER_TYPES = COVER_ACCEPT.split(',')
/** A file the system did not type: judged by its name, the server reads its content anyway. */
const COVER_EXTENSIONS = /\.(jpe?g|png|webp)$/i

export const COVER_HINT = `JPEG, PNG ou WebP, quadrada, com pelo menos ${COVER_MIN_PIXELS} × ${COVER_MIN_PIXELS} pixels.`

/** Why this file cannot be a cover before it is sent (type, size), or null when it may go. */
export function coverFileProblem(file: File): string | null {
  const typed = file.type !== ''
  if (typed ? !COVER_TYPES.includes(file.type) : !COVER_EXTENSIONS.test(file.name)) return COVER_MSG.type
  if (file.size > COVER_UPLOAD_MAX_BYTES) return COVER_MSG.tooLarge
  if (file.size === 0) return COVER_MSG.unreadable
  return null
}

export interface CoverEditorProps {
  /** The item's id: the generated art's seed, as the listener sees it. */
  seed: string
  /** The family's hue (an audio wears its field's); by default the seed's own. */
  hue?: number
  /** 'hills' for fields and programmes, 'waves' for audios. */
  motif?: ArtworkMotif
  /** The seed whose scene the item shares (an audio's field). */
  family?: string
  /** The item's uploaded cover now, or null for the generated art. */
  cover: string | null
  /** Sends the image (with its progress); resolves with the item's cover as the server keeps it. */
  onUpload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<CoverAnswer>
  /** Removes the uploaded cover; resolves with the item's cover now (null). */
  onRemove: () => Promise<CoverAnswer>
  className?: string
}

type Busy = 'upload' | 'remove' | null

/**
 * "Capa" of a field, an audio or a programme (docs/product/admin.md): a square preview — the
 * uploaded image, or the generated art the listeners see without one — "Enviar imagem" with real
 * progress, and "Remover capa" while one is set. The type and the 10MB limit are checked here
 * first; the server judges the content and the pixels, and its pt-BR message shows inline.
 */
export function CoverEditor({ seed, hue, motif = 'hills', family, cover, onUpload, onRemove, className }: CoverEditorProps) {
  const id = useId()
  const groupRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const chooseRef = useRef<HTMLButtonElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  /** The button to give the focus back to once the request is over (its own was disabled or is gone). */
  const refocus = useRef<'choose' | 'remove' | null>(null)
  const [current, setCurrent] = useState(cover)
  // The item's cover changed elsewhere (another admin, a refetch): follow it.
  const [given, setGiven] = useState(cover)
  if (cover !== given) {
    setGiven(cover)
    setCurrent(cover)
  }
  const [busy, setBusy] = useState<Busy>(null)
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  // After the request the buttons are enabled again (or "Remover capa" is gone): the focus, lost
  // while they were disabled, goes back to the editor — unless the admin has moved on meanwhile.
  useEffect(() => {
    if (busy !== null || refocus.current === null) return
    const target = (refocus.current === 'remove' ? removeRef.current : null) ?? chooseRef.current
    refocus.current = null
    const active = document.activeElement
    const lost = !active || active === document.body || active.tagName === 'DIALOG' || groupRef.current?.contains(active)
    if (lost) target?.focus()
  }, [busy])

  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  const upload = async (file: File) => {
    const problem = coverFileProblem(file)
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    setBusy('upload')
    refocus.current = 'choose'
    setProgress({ loaded: 0, total: file.size, percent: 0 })
    try {
      const answer = await onUpload(file, setProgress)
      setCurrent(answer.coverImage)
      toast.success(COVER_MSG.saved)
    } catch (failure) {
      setError(getErrorMessage(failure))
    } finally {
      setBusy(null)
      setProgress(null)
    }
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared, so choosing the same file again (after fixing it) is a new choice.
    event.target.value = ''
    if (file) void upload(file)
  }

  const remove = async () => {
    setError(null)
    setBusy('remove')
    // Gone once removed: then the focus goes to "Enviar imagem".
    refocus.current = 'remove'
    try {
      const answer = await onRemove()
      setCurrent(answer.coverImage)
      toast.success(COVER_MSG.removed)
    } catch (failure) {
      setError(getErrorMessage(failure))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div ref={groupRef} role="group" aria-labelledby={labelId} data-testid="cover-editor" className={className}>
      <p id={labelId} className="text-[0.95rem] font-semibold text-ink">
        Capa
      </p>
      <div className="mt-2 flex items-start gap-4">
        <div role="img" aria-label={current ? 'Capa enviada' : 'Arte gerada (sem capa enviada)'} data-testid="cover-preview" className="shrink-0">
          <Artwork seed={seed} hue={hue} motif={motif} {...(family ? { family } : {})} cover={current} sizes="112px" eager className="size-24 rounded-2xl border border-line sm:size-28" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm text-ink-muted">
            {current ? 'Os ouvintes veem esta imagem.' : 'Sem capa enviada, os ouvintes veem esta arte gerada.'}
          </p>
          <p id={hintId} className="text-sm text-ink-muted">
            {COVER_HINT}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={chooseRef}
              variant="outline"
              size="sm"
              disabled={busy !== null}
              aria-busy={busy === 'upload' || undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onClick={() => inputRef.current?.click()}
            >
              {busy === 'upload' ? <Spinner label={null} className="size-4" /> : <ImageUp aria-hidden="true" />}
              {busy === 'upload' ? 'Enviando...' : 'Enviar imagem'}
            </Button>
            {current ? (
              <Button
                ref={removeRef}
                variant="ghost"
                size="sm"
                className="text-danger hover:bg-danger-soft"
                disabled={busy !== null}
                aria-busy={busy === 'remove' || undefined}
                onClick={() => void remove()}
              >
                {busy === 'remove' ? <Spinner label={null} className="size-4" /> : <Trash2 aria-hidden="true" />}
                {busy === 'remove' ? 'Removendo...' : 'Remover capa'}
              </Button>
            ) : null}
          </div>
          <input ref={inputRef} type="file" accept={COVER_ACCEPT} hidden aria-label="Imagem da capa" onChange={choose} />
        </div>
      </div>
      {busy === 'upload' && progress ? (
        <div className="mt-3">
          <UploadProgressBar progress={progress} label="Enviando capa" />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-3 rounded-xl border border-danger-line bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** In a create dialog: the cover comes once the item exists (it has no id yet). */
export function CoverAfterSave({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className}>
      <p className="text-[0.95rem] font-semibold text-ink">Capa</p>
      <p className="mt-1 text-sm text-ink-muted">{children}</p>
    </div>
  )
}
