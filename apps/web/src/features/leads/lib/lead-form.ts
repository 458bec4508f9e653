import {
  LEAD_LIMITS,
  MSG,
  type AnalyticsEventData,
  type AnalyticsEventType,
  type InterestField,
  type LeadCreateInput,
} from '@sintonia/contract'
import { ApiRequestError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client'

/**
 * How this feature reports analytics events. It does not import the analytics feature (features
 * never import each other): the route module passes the app's `track` in.
 */
export type TrackEvent = (eventType: AnalyticsEventType, eventData?: AnalyticsEventData) => void
export const noTrack: TrackEvent = () => {}

export const LEAD_FORM_FIELDS = ['name', 'email', 'phone', 'interestField', 'consent'] as const
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number]

export interface LeadFormValues {
  name: string
  email: string
  phone: string
  interestField: InterestField | ''
  consent: boolean
}

export const EMPTY_LEAD_FORM: LeadFormValues = { name: '', email: '', phone: '', interestField: '', consent: false }

export type UtmParams = Pick<LeadCreateInput, 'utm_source' | 'utm_medium' | 'utm_campaign'>
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const

/** The campaign parameters of the page URL, trimmed and cut to the server's limit; absent ones are left out. */
export function readUtmParams(search: URLSearchParams): UtmParams {
  const utm: UtmParams = {}
  for (const key of UTM_KEYS) {
    const value = search.get(key)?.trim().slice(0, LEAD_LIMITS.utmMax)
    if (value) utm[key] = value
  }
  return utm
}

/** The body of `POST /api/leads` for the form as filled (the server trims and normalises). */
export function toLeadInput(values: LeadFormValues, utm: UtmParams): LeadCreateInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    interestField: values.interestField,
    consent: true,
    ...utm,
  }
}

/** The first word of a name, for a greeting or the `?nome=` fallback of /obrigado. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * The message for a failed submission (docs/product/public-pages.md#lead-sign-up-inscricao): a
 * duplicate e-mail has its own text; any other answer of the server is shown as the server wrote
 * it; a failed connection says so; anything else is the generic lead-capture failure.
 */
export function leadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 409) return MSG.leads.duplicateEmail
    if (error.isNetworkError) return error.message
    // The API client substitutes a generic text when the server sent no usable message.
    if (error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message
  }
  return MSG.leads.unexpected
}

/** Per-field messages from the server's (or the shared schema's) validation issues. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path?: string | ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<LeadFormField, string>> {
  const errors: Partial<Record<LeadFormField, string>> = {}
  for (const issue of issues) {
    const head = Array.isArray(issue.path) ? issue.path[0] : typeof issue.path === 'string' ? issue.path.split('.')[0] : undefined
    const field = LEAD_FORM_FIELDS.find((name) => name === head)
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/** Navigation state /inscricao hands to /obrigado. The e-mail travels only here, never in the URL. */
export interface ThankYouState {
  name: string
  email: string
}

export const THANK_YOU_DEFAULT_NAME = 'Futuro Membro'
const NAME_DISPLAY_MAX = 60

/** Where to go after a successful sign-up: only the first name goes in the URL (reload fallback). */
export function thankYouPath(name: string): string {
  const first = firstName(name).slice(0, NAME_DISPLAY_MAX)
  return first ? `/obrigado?nome=${encodeURIComponent(first)}` : '/obrigado'
}

function cleanName(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, NAME_DISPLAY_MAX) : ''
}

/** Name and e-mail for /obrigado: navigation state first, then `?nome=`, then 'Futuro Membro'. */
export function readThankYouData(state: unknown, search: URLSearchParams): { name: string; email: string | null } {
  const record = state && typeof state === 'object' ? (state as Partial<Record<keyof ThankYouState, unknown>>) : {}
  const name = cleanName(record.name) || cleanName(search.get('nome')) || THANK_YOU_DEFAULT_NAME
  const email = typeof record.email === 'string' && record.email.includes('@') ? record.email.trim() : null
  return { name, email }
}
