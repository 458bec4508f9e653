/**
 * zod schema of a video's player controls. Kept apart from video.ts so pages that only need the
 * URL rules do not load zod (the landing page's bundle budget, docs/performance.md).
 */
import { z } from 'zod'
import { DEFAULT_VIDEO_CONTROLS, type VideoControls } from './video.js'

const controlFlag = (label: string, fallback: boolean) =>
  z.boolean({ error: `"${label}" deve ser verdadeiro ou falso` }).default(fallback)

/** Player controls of one video. A missing flag takes its default; a non-boolean flag is an error. */
export const videoControlsSchema = z.object({
  allowPause: controlFlag('Permitir pausar', DEFAULT_VIDEO_CONTROLS.allowPause),
  allowVolumeControl: controlFlag('Permitir controle de volume', DEFAULT_VIDEO_CONTROLS.allowVolumeControl),
  allowSeek: controlFlag('Permitir avançar e voltar', DEFAULT_VIDEO_CONTROLS.allowSeek),
  allowFullscreen: controlFlag('Permitir tela cheia', DEFAULT_VIDEO_CONTROLS.allowFullscreen),
  allowKeyboardControls: controlFlag('Permitir atalhos de teclado', DEFAULT_VIDEO_CONTROLS.allowKeyboardControls),
  showControls: controlFlag('Mostrar controles', DEFAULT_VIDEO_CONTROLS.showControls),
  autoplay: controlFlag('Reprodução automática', DEFAULT_VIDEO_CONTROLS.autoplay),
  muted: controlFlag('Iniciar sem som', DEFAULT_VIDEO_CONTROLS.muted),
}) satisfies z.ZodType<VideoControls, Partial<VideoControls>>

