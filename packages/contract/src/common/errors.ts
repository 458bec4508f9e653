import { z } from 'zod'

/** Every error the API returns has this shape; `message` is always pt-BR and safe to show. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Per-field messages for validation errors (path joined with '.'). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** An answer that only confirms, in pt-BR, what was done. */
export const messageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponseSchema>
