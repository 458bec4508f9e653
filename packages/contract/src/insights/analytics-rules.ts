/**
 * Analytics capture rules shared by the browser's client and the server (no zod here, so the
 * browser's analytics client does not pull the schema library onto the landing page).
 *
 * Analytics capture (docs/product/admin.md#what-is-recorded). The browser batches events and
 * sends them to `POST /api/analytics/events`; the server stores one row per event.
 *
 * Privacy: events describe what happened, never who. Keys that look like personal data
 * (ANALYTICS_PII_KEY_PATTERN) are dropped by the server before storing — so name properties
 * e.g. `fieldTitle`, not `fieldName`.
 */
/** The events the product sends. The server accepts any name matching ANALYTICS_EVENT_TYPE_PATTERN. */
export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'lead_capture',
  'lead_submitted',
  'conversion_page_view',
  'conversion_completed',
  'form_field_focus',
  'thank_you_cta_click',
  'social_share',
  'checkout_started',
  'checkout_paid',
  'audio_play',
  'repetition_completed',
] as const
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number]

/** Each event in Portuguese, for every chart and table of the admin area. */
export const ANALYTICS_EVENT_LABELS: Record<AnalyticsEventType, string> = {
  page_view: 'Página visitada',
  lead_capture: 'Página de inscrição aberta',
  lead_submitted: 'Inscrição enviada',
  conversion_page_view: 'Página de agradecimento aberta',
  conversion_completed: 'Inscrição concluída',
  form_field_focus: 'Campo do formulário tocado',
  thank_you_cta_click: 'Clique na página de agradecimento',
  social_share: 'Compartilhamento',
  checkout_started: 'Checkout iniciado',
  checkout_paid: 'Checkout pago',
  audio_play: 'Áudio tocado',
  repetition_completed: 'Repetição concluída',
}

/** The event's name; one the product does not send (the server accepts any name) shows its code. */
export function analyticsEventLabel(eventType: string): string {
  return Object.hasOwn(ANALYTICS_EVENT_LABELS, eventType) ? ANALYTICS_EVENT_LABELS[eventType as AnalyticsEventType] : eventType
}

export const ANALYTICS_EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,48}$/
export const ANALYTICS_VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
export const ANALYTICS_LIMITS = {
  eventsPerBatch: 50,
  dataKeys: 20,
  dataKeyLength: 64,
  stringValueLength: 200,
  userAgentLength: 400,
} as const
/** occurredAt older than this (or in the future) is replaced by the time the server received it. */
export const ANALYTICS_MAX_EVENT_AGE_MS = 24 * 60 * 60_000

/** Keys that look like personal data; the server drops them from eventData. */
export const ANALYTICS_PII_KEY_PATTERN = /e-?mail|nome|name|phone|telefone|whatsapp|cpf|password|senha/i

export type AnalyticsValue = string | number | boolean | null
export type AnalyticsEventData = Record<string, AnalyticsValue>

/** eventData without the keys that look like personal data. */
export function dropPersonalDataKeys(data: AnalyticsEventData): AnalyticsEventData {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !ANALYTICS_PII_KEY_PATTERN.test(key)))
}
