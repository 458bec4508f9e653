/** Admin side of the catalogue: fields, audios and background music, their uploads and messages. */
import { z } from 'zod'
import { audioSchema, fieldSchema } from './catalogue.js'
import { transcriptInputSchema } from './transcript.js'
import { ICON_NAMES } from '../common/icons.js'
import { ADMIN_CONTENT_MSG, ADMIN_TITLE_MAX, ADMIN_DESCRIPTION_MAX, adminTagsSchema, optionalText, requiredText, splitTags, uuidField } from '../common/admin.js'

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

/**
 * The stored file's loudness, measured when it was made canonical (ADR 026): integrated LUFS and
 * true peak (dBTP) of the file as sent, then of the stored file. Null: not converted yet.
 */
export const mediaLoudnessSchema = z.object({
  beforeLufs: z.number(),
  beforePeak: z.number(),
  afterLufs: z.number(),
  afterPeak: z.number(),
})
export type MediaLoudness = z.infer<typeof mediaLoudnessSchema>

const signed = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
/** '−23,4' with a real minus sign, as the admin screens print levels. */
const level = (value: number) => signed.format(value).replace('-', '−')

/** 'Volume: −23,4 LUFS → −16,0 LUFS (pico −1,0 dBTP)', or the not-converted text. */
export function formatLoudness(loudness: MediaLoudness | null): string {
  if (!loudness) return 'Volume: ainda não normalizado'
  return `Volume: ${level(loudness.beforeLufs)} LUFS → ${level(loudness.afterLufs)} LUFS (pico ${level(loudness.afterPeak)} dBTP)`
}

export const adminAudioSchema = audioSchema.extend({
  fieldTitle: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  loudness: mediaLoudnessSchema.nullable(),
  /**
   * Whether the audio has a transcript. The text itself is read on its own (GET
   * /api/audios/:id/transcript, admins included) when the admin opens the audio: a list of a
   * catalogue's audios would otherwise carry every text of up to 20,000 characters.
   */
  hasTranscript: z.boolean(),
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
  transcript: transcriptInputSchema.default(''),
})
export type AdminAudioMeta = z.input<typeof adminAudioMetaSchema>

export const adminAudioUpdateSchema = z
  .object({
    title: requiredText('Título', ADMIN_TITLE_MAX),
    description: optionalText('Descrição', ADMIN_DESCRIPTION_MAX),
    fieldId: uuidField('Escolha o campo do áudio'),
    tags: adminTagsSchema,
    isDemo: z.boolean({ error: '"Demonstração" deve ser verdadeiro ou falso' }),
    /** '' removes the transcript. */
    transcript: transcriptInputSchema,
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: ADMIN_CONTENT_MSG.nothingToUpdate })
export type AdminAudioUpdate = z.input<typeof adminAudioUpdateSchema>

/**
 * Multipart text fields of an audio upload: title, description, fieldId, tags (a JSON list),
 * isDemo ('true'/'false') and transcript (optional). Turned into the JSON shape before adminAudioMetaSchema checks it.
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
    transcript: fields.transcript ?? '',
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
  loudness: mediaLoudnessSchema.nullable(),
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
