/**
 * Admin area, content side (docs/product/admin.md#content): the admin home
 * counts, fields, audios, background music, landing content and landing videos. Every route here
 * is `access: 'admin'` on the server.
 */
import { z } from 'zod'
import { audioSchema, fieldSchema } from './catalogue.js'
import { ICON_NAMES } from './icons.js'
import { landingPageContentReadSchema, videosContentSchema } from './landing-schema.js'
import { videoControlsSchema } from './video-schema.js'

// ---------------------------------------------------------------------------------------------
// Admin home
// ---------------------------------------------------------------------------------------------

export const adminOverviewSchema = z.object({
  counts: z.object({
    /** Accounts with role 'user'. */
    listeners: z.number().int().nonnegative(),
    /** Listeners with a subscription that gives access now (the subscription rule). */
    activeSubscribers: z.number().int().nonnegative(),
    fields: z.number().int().nonnegative(),
    audios: z.number().int().nonnegative(),
    leads: z.number().int().nonnegative(),
  }),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>

// ---------------------------------------------------------------------------------------------
// Upload limits and messages
// ---------------------------------------------------------------------------------------------

/** Audio and background-music files: 100 MB (an hour of 192 kbit/s MP3 is ~86 MB; ADR 008). */
export const AUDIO_UPLOAD_MAX_BYTES = 100 * 1024 * 1024
/** The video thumbnail the browser draws at 1 s (a JPEG of a few dozen KB). */
export const THUMBNAIL_UPLOAD_MAX_BYTES = 2 * 1024 * 1024
/** Video MIME types an upload may have (docs/product/admin.md#videos-adminlanding-videos). */
export const VIDEO_UPLOAD_MIME_TYPES = ['video/mp4', 'video/mpeg', 'video/quicktime', 'video/x-msvideo', 'video/webm'] as const

const MB = 1024 * 1024

/** The size refusal ends in 'Tamanho atual: X.XXMB' (docs/product/admin.md#videos-adminlanding-videos). */
export function videoTooLargeMessage(sizeBytes: number): string {
  return `Arquivo muito grande. Tamanho máximo: 50MB. Tamanho atual: ${(sizeBytes / MB).toFixed(2)}MB`
}

export function audioTooLargeMessage(sizeBytes: number): string {
  return `Arquivo muito grande. Tamanho máximo: ${AUDIO_UPLOAD_MAX_BYTES / MB}MB. Tamanho atual: ${(sizeBytes / MB).toFixed(2)}MB`
}

export const ADMIN_CONTENT_MSG = {
  videoType: 'Formato de vídeo não suportado. Use MP4, MPEG, MOV, AVI ou WebM.',
  audioType: 'Formato de áudio não suportado. Use MP3, OGG, WAV, M4A, AAC, FLAC ou WebM.',
  thumbnailType: 'A miniatura deve ser uma imagem JPEG, PNG ou WebP.',
  thumbnailTooLarge: 'A miniatura deve ter no máximo 2MB.',
  emptyFile: 'O arquivo enviado está vazio.',
  fileMissing: 'Escolha um arquivo para enviar.',
  tooManyFiles: 'Envie um arquivo por vez.',
  notMultipart: 'Envie o arquivo como formulário (multipart/form-data).',
  audioUnreadable: 'Não foi possível ler a duração do áudio. Verifique se o arquivo não está corrompido.',
  fieldNotFound: 'Campo não encontrado',
  audioNotFound: 'Áudio não encontrado',
  trackNotFound: 'Música de fundo não encontrada',
  videoNotFound: 'Vídeo não encontrado',
  fieldHasAudios: (count: number) =>
    `Este campo tem ${count} ${count === 1 ? 'áudio' : 'áudios'}. Mova ou exclua os áudios antes de excluir o campo.`,
  fieldOrderMismatch: 'A nova ordem deve conter todos os campos, cada um uma vez.',
  nothingToUpdate: 'Nenhuma alteração enviada.',
} as const

// ---------------------------------------------------------------------------------------------
// Shared building blocks
// ---------------------------------------------------------------------------------------------

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Preencha o campo "${label}"` })
    .trim()
    .min(1, { error: `Preencha o campo "${label}"` })
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `"${label}" deve ser um texto` })
    .trim()
    .max(max, { error: `"${label}" deve ter no máximo ${max} caracteres` })

export const ADMIN_TITLE_MAX = 120
export const ADMIN_DESCRIPTION_MAX = 1000
export const ADMIN_TAG_MAX = 40
export const ADMIN_TAGS_MAX = 20

/** Tags: trimmed, blanks dropped, repeated ones (ignoring case) kept once, at most 20 of 40 chars. */
export const adminTagsSchema = z
  .array(z.string({ error: 'Cada tag deve ser um texto' }).trim().max(ADMIN_TAG_MAX, { error: `Cada tag deve ter no máximo ${ADMIN_TAG_MAX} caracteres` }), {
    error: 'As tags devem ser uma lista',
  })
  .transform((tags) => {
    const seen = new Set<string>()
    return tags.filter((tag) => {
      const key = tag.toLocaleLowerCase('pt-BR')
      if (tag === '' || seen.has(key)) return false
      seen.add(key)
      return true
    })
  })
  .refine((tags) => tags.length <= ADMIN_TAGS_MAX, { error: `Use no máximo ${ADMIN_TAGS_MAX} tags` })

/** Splits what an admin types in a tag box ('foco, calma') into tags. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

const uuidField = (message: string) => z.uuid({ error: message })

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export const adminFieldInputSchema = z.object({
  title: requiredText('Título', ADMIN_TITLE_MAX),
  description: optionalText('Descrição', ADMIN_DESCRIPTION_MAX).default(''),
  iconName: z.enum(ICON_NAMES, { error: 'Escolha um ícone da lista' }),
})
export type AdminFieldInput = z.input<typeof adminFieldInputSchema>

export const adminFieldUpdateSchema = z
  .object({
    title: requiredText('Título', ADMIN_TITLE_MAX),
    description: optionalText('Descrição', ADMIN_DESCRIPTION_MAX),
    iconName: z.enum(ICON_NAMES, { error: 'Escolha um ícone da lista' }),
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: ADMIN_CONTENT_MSG.nothingToUpdate })
export type AdminFieldUpdate = z.input<typeof adminFieldUpdateSchema>

export const adminFieldOrderSchema = z.object({
  fieldIds: z.array(uuidField('Identificador de campo inválido'), { error: 'Envie a lista de campos na nova ordem' }).min(1, {
    error: 'Envie a lista de campos na nova ordem',
  }),
})
export type AdminFieldOrder = z.infer<typeof adminFieldOrderSchema>

export const adminFieldParamsSchema = z.object({ fieldId: uuidField('ID do campo inválido') })

export const adminFieldResponseSchema = z.object({ field: fieldSchema })

// ---------------------------------------------------------------------------------------------
// Audios
// ---------------------------------------------------------------------------------------------

export const adminAudioSchema = audioSchema.extend({
  fieldTitle: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
})
export type AdminAudio = z.infer<typeof adminAudioSchema>

export const adminAudioListSchema = z.object({ audios: z.array(adminAudioSchema) })
export const adminAudioListQuerySchema = z.object({ fieldId: uuidField('ID do campo inválido').optional() })
export const adminAudioParamsSchema = z.object({ audioId: uuidField('ID do áudio inválido') })
export const adminAudioResponseSchema = z.object({ audio: adminAudioSchema })

/** The metadata of an audio as the admin edits it (create sends it with the file). */
export const adminAudioMetaSchema = z.object({
  title: requiredText('Título', ADMIN_TITLE_MAX),
  description: optionalText('Descrição', ADMIN_DESCRIPTION_MAX).default(''),
  fieldId: uuidField('Escolha o campo do áudio'),
  tags: adminTagsSchema.default([]),
  isDemo: z.boolean({ error: '"Demonstração" deve ser verdadeiro ou falso' }).default(false),
})
export type AdminAudioMeta = z.input<typeof adminAudioMetaSchema>

export const adminAudioUpdateSchema = z
  .object({
    title: requiredText('Título', ADMIN_TITLE_MAX),
    description: optionalText('Descrição', ADMIN_DESCRIPTION_MAX),
    fieldId: uuidField('Escolha o campo do áudio'),
    tags: adminTagsSchema,
    isDemo: z.boolean({ error: '"Demonstração" deve ser verdadeiro ou falso' }),
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: ADMIN_CONTENT_MSG.nothingToUpdate })
export type AdminAudioUpdate = z.input<typeof adminAudioUpdateSchema>

/**
 * Multipart text fields of an audio upload: title, description, fieldId, tags (a JSON list) and
 * isDemo ('true'/'false'). Turned into the JSON shape before adminAudioMetaSchema checks it.
 */
export function audioFormFieldsToMeta(fields: Record<string, string>): Record<string, unknown> {
  let tags: unknown = []
  if (fields.tags !== undefined && fields.tags.trim() !== '') {
    try {
      tags = JSON.parse(fields.tags)
    } catch {
      tags = splitTags(fields.tags)
    }
  }
  return {
    title: fields.title ?? '',
    description: fields.description ?? '',
    fieldId: fields.fieldId ?? '',
    tags,
    isDemo: fields.isDemo === 'true',
  }
}

// ---------------------------------------------------------------------------------------------
// Background music
// ---------------------------------------------------------------------------------------------

export const adminMusicTrackSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  isActive: z.boolean(),
  tags: z.array(z.string()),
  durationSeconds: z.number().int().nonnegative(),
  duration: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Admin route that streams the file, active or not. */
  url: z.string(),
  createdAt: z.string(),
})
export type AdminMusicTrack = z.infer<typeof adminMusicTrackSchema>

export const adminMusicListSchema = z.object({
  tracks: z.array(adminMusicTrackSchema),
  volumePercentage: z.number().int().min(0).max(100),
})
export type AdminMusicList = z.infer<typeof adminMusicListSchema>

export const adminMusicParamsSchema = z.object({ trackId: uuidField('ID da música inválido') })
export const adminMusicResponseSchema = z.object({ track: adminMusicTrackSchema })

export const adminMusicMetaSchema = z.object({
  title: requiredText('Título', ADMIN_TITLE_MAX),
  tags: adminTagsSchema.default([]),
  isActive: z.boolean({ error: '"Ativa" deve ser verdadeiro ou falso' }).default(true),
})

export const adminMusicUpdateSchema = z
  .object({
    title: requiredText('Título', ADMIN_TITLE_MAX),
    tags: adminTagsSchema,
    isActive: z.boolean({ error: '"Ativa" deve ser verdadeiro ou falso' }),
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: ADMIN_CONTENT_MSG.nothingToUpdate })
export type AdminMusicUpdate = z.input<typeof adminMusicUpdateSchema>

export const musicVolumeSchema = z.object({
  volumePercentage: z
    .number({ error: 'O volume deve ser um número' })
    .int({ error: 'O volume deve ser um número inteiro' })
    .min(0, { error: 'O volume deve estar entre 0 e 100' })
    .max(100, { error: 'O volume deve estar entre 0 e 100' }),
})

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
