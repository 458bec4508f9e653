/**
 * Analytics capture (docs/product/admin.md#what-is-recorded). The browser batches events and
 * sends them to `POST /api/analytics/events`; the server stores one row per event.
 *
 * Privacy: events describe what happened, never who. Keys that look like personal data
 * (ANALYTICS_PII_KEY_PATTERN) are dropped by the server before storing — so name properties
 * e.g. `fieldTitle`, not `fieldName`.
 */
import { z } from 'zod'
import { ANALYTICS_EVENT_TYPE_PATTERN, ANALYTICS_LIMITS, ANALYTICS_VISITOR_ID_PATTERN } from './analytics-rules.js'

export * from './analytics-rules.js'

const eventValueSchema = z.union(
  [
    z.string().max(ANALYTICS_LIMITS.stringValueLength, {
      error: `Textos devem ter no máximo ${ANALYTICS_LIMITS.stringValueLength} caracteres`,
    }),
    z.number(),
    z.boolean(),
    z.null(),
  ],
  { error: `Valores devem ser texto (até ${ANALYTICS_LIMITS.stringValueLength} caracteres), número, verdadeiro/falso ou nulo` },
)

export const analyticsEventDataSchema = z
  .record(
    z
      .string()
      .min(1, { error: 'Chave vazia' })
      .max(ANALYTICS_LIMITS.dataKeyLength, { error: `Chaves devem ter no máximo ${ANALYTICS_LIMITS.dataKeyLength} caracteres` }),
    eventValueSchema,
    { error: 'eventData deve ser um objeto simples' },
  )
  .refine((data) => Object.keys(data).length <= ANALYTICS_LIMITS.dataKeys, {
    error: `eventData deve ter no máximo ${ANALYTICS_LIMITS.dataKeys} chaves`,
  })

export const analyticsEventSchema = z.object({
  eventType: z
    .string({ error: 'Informe o tipo do evento' })
    .regex(ANALYTICS_EVENT_TYPE_PATTERN, { error: 'Tipo de evento inválido: use letras minúsculas, números e _' }),
  eventData: analyticsEventDataSchema.optional(),
  /** When it happened in the browser (ISO 8601); the server clamps it to the last 24 h. */
  occurredAt: z.iso.datetime({ offset: true, error: 'Data e hora inválidas' }).optional(),
}).strict()
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

/**
 * Body of `POST /api/analytics/events`. `sessionId` is the wire name of the browser's visitor id
 * (docs/decisions/022-one-word-per-meaning.md).
 */
export const analyticsBatchSchema = z.object({
  sessionId: z
    .string({ error: 'Informe o identificador da sessão' })
    .regex(ANALYTICS_VISITOR_ID_PATTERN, { error: 'Identificador de sessão inválido' }),
  events: z
    .array(analyticsEventSchema, { error: 'events deve ser uma lista' })
    .min(1, { error: 'Envie pelo menos 1 evento' })
    .max(ANALYTICS_LIMITS.eventsPerBatch, { error: `Envie no máximo ${ANALYTICS_LIMITS.eventsPerBatch} eventos por vez` }),
}).strict()
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>

/** Answer of `POST /api/analytics/events` (202). */
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() })
export type AnalyticsAccepted = z.infer<typeof analyticsAcceptedSchema>
