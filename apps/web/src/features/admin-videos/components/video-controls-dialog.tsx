import { useState } from 'react'
import { toast } from 'sonner'
import type { LandingVideo, VideoControls } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { FormField, SubmitButton, TextInput } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import { useUpdateVideo } from '../api/videos'

/** The eight player controls of the product, in pt-BR (same labels as the contract's messages). */
export const CONTROL_LABELS: Record<keyof VideoControls, string> = {
  allowPause: 'Permitir pausar',
  allowVolumeControl: 'Permitir controle de volume',
  allowSeek: 'Permitir avançar e voltar',
  allowFullscreen: 'Permitir tela cheia',
  allowKeyboardControls: 'Permitir atalhos de teclado',
  showControls: 'Mostrar controles',
  autoplay: 'Reprodução automática',
  muted: 'Iniciar sem som',
}

/** Title and the eight control booleans of one video. Failures keep the choices made. */
export function VideoControlsDialog({ video, onClose }: { video: LandingVideo; onClose: () => void }) {
  const [title, setTitle] = useState(video.title)
  const [controls, setControls] = useState<VideoControls>({ ...video.video_controls })
  const update = useUpdateVideo()

  const save = () =>
    update.mutate(
      { id: video.id, patch: { title: title.trim(), video_controls: controls } },
      {
        onSuccess: () => {
          toast.success('Vídeo atualizado')
          onClose()
        },
        onError: (error) => toast.error('Não foi possível salvar o vídeo', { description: getErrorMessage(error) }),
      },
    )

  return (
    <ModalDialog open onClose={onClose} locked={update.isPending} title="Controles do vídeo" className="max-w-lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
        className="flex flex-col gap-5"
      >
        <FormField id="video-title" label="Título" requirement="optional">
          <TextInput id="video-title" value={title} onChange={(e) => setTitle(e.target.value)} data-autofocus />
        </FormField>
        <fieldset>
          <legend className="mb-2 text-[0.95rem] font-semibold text-ink">Player</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(Object.keys(CONTROL_LABELS) as (keyof VideoControls)[]).map((key) => (
              <label key={key} className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-sm">
                <input
                  type="checkbox"
                  checked={controls[key]}
                  onChange={(e) => setControls((current) => ({ ...current, [key]: e.target.checked }))}
                  className="size-4 accent-brand-700"
                />
                {CONTROL_LABELS[key]}
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-ink-muted">Vídeos HLS sempre começam sem som, qualquer que seja a escolha.</p>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <SubmitButton loading={update.isPending} loadingText="Salvando..." size="md" className="sm:w-auto">
            Salvar
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
