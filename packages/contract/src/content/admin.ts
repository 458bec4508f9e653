/** Admin side of the public content: the landing page and its videos. */
import { z } from 'zod'
import { landingPageContentReadSchema, videosContentSchema } from './landing-schema.js'
import { videoControlsSchema } from './video-schema.js'
import { ADMIN_CONTENT_MSG, ADMIN_TITLE_MAX, optionalText } from '../common/admin.js'

// ---------------------------------------------------------------------------------------------
// Landing content and videos
// ---------------------------------------------------------------------------------------------

export const adminLandingSchema = z.object({
  productName: z.string(),
  /** The stored content (or the default when none or invalid is stored). */
  content: landingPageContentReadSchema,
  updatedAt: z.string().nullable(),
})
export type AdminLanding = z.infer<typeof adminLandingSchema>

/** The version a landing edit started from: the `updatedAt` it loaded, or 'padrao' when it loaded the default. */
export const DEFAULT_LANDING_VERSION = 'padrao'
export const adminLandingSaveQuerySchema = z.object({ versao: z.string().max(40).optional() }).strict()
export const landingVersionOf = (landing: Pick<AdminLanding, 'updatedAt'>) => landing.updatedAt ?? DEFAULT_LANDING_VERSION

export const LANDING_EDIT_MSG = {
  conflict: 'A página inicial foi salva por outra pessoa enquanto você editava. Nada foi salvo: carregue a versão atual e refaça suas alterações.',
} as const

export const adminVideoParamsSchema = z.object({
  videoId: z.string().trim().min(1, { error: 'Identificador de vídeo inválido' }).max(64, { error: 'Identificador de vídeo inválido' }),
})

/** A linked video: YouTube, partner-player URL or pasted embed HTML, or an HLS (.m3u8) URL. */
export const adminVideoLinkSchema = z.object({
  type: z.enum(['youtube', 'embed'], { error: 'Tipo de vídeo inválido: use youtube ou embed' }),
  url: z.string({ error: 'Informe o endereço do vídeo' }).trim().min(1, { error: 'Informe o endereço do vídeo' }),
  title: optionalText('Título do vídeo', ADMIN_TITLE_MAX).default(''),
})
export type AdminVideoLink = z.input<typeof adminVideoLinkSchema>

export const adminVideoUpdateSchema = z
  .object({
    title: optionalText('Título do vídeo', ADMIN_TITLE_MAX),
    video_controls: videoControlsSchema,
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: ADMIN_CONTENT_MSG.nothingToUpdate })
export type AdminVideoUpdate = z.input<typeof adminVideoUpdateSchema>

export const adminActiveVideoSchema = z.object({
  videoId: z.string({ error: 'Escolha um vídeo' }).trim().min(1, { error: 'Escolha um vídeo' }).nullable(),
})

export const adminVideosSchema = videosContentSchema
