import { z } from 'zod'
import { ICON_NAMES } from '../common/icons.js'
import { coverImageSchema } from '../common/covers.js'

/** A field (campo) as the public landing grid and the listener area see it. */
export const fieldSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  iconName: z.string(),
  displayOrder: z.number().int(),
  /** An uploaded cover; null shows the generated artwork. */
  coverImage: coverImageSchema,
  audioCount: z.number().int().nonnegative(),
})
export type Field = z.infer<typeof fieldSchema>

export const fieldListSchema = z.object({ fields: z.array(fieldSchema) })
export type FieldList = z.infer<typeof fieldListSchema>

/** An audio's metadata. `url` is the API route that streams the file (HTTP Range). */
export const audioSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  fieldId: z.uuid(),
  tags: z.array(z.string()),
  isDemo: z.boolean(),
  durationSeconds: z.number().int().nonnegative(),
  /** Spec text form, e.g. '3:25'. */
  duration: z.string(),
  url: z.string(),
  /** An uploaded cover; null shows the generated artwork in the field's colour. */
  coverImage: coverImageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Audio = z.infer<typeof audioSchema>

/** The demo page's payload: the demo audio (or an alternative) and the title of its field. */
export const demoSchema = z.object({
  audio: audioSchema.nullable(),
  fieldTitle: z.string().nullable(),
  /** true when the audio flagged as demo was unusable and another valid audio was chosen. */
  isAlternative: z.boolean(),
})
export type Demo = z.infer<typeof demoSchema>

export const iconNameSchema = z.enum(ICON_NAMES)
