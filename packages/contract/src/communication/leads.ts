/**
 * Lead sign-up (docs/product/public-pages.md#lead-sign-up-inscricao). The web form and
 * `POST /api/leads` validate with the same schema. The lead's source is always LEAD_SOURCE
 * ('inscricao_page', constants.ts), set by the server.
 *
 * Optional text fields accept '' as "not given" (an untouched form input), so the form can send
 * its values as they are; the server stores '' as null.
 */
import { z } from 'zod'
import { LEAD_SOURCE } from '../common/constants.js'
import { MSG } from '../common/messages.js'

/** The 7 interest areas of the sign-up form, in the order the select shows them. */
export const INTEREST_FIELDS = [
  'desenvolvimento_pessoal',
  'reducao_stress',
  'melhoria_foco',
  'autoestima',
  'relacionamentos',
  'carreira',
  'sono_relaxamento',
] as const
export type InterestField = (typeof INTEREST_FIELDS)[number]

export const INTEREST_OPTIONS: ReadonlyArray<{ value: InterestField; label: string }> = [
  { value: 'desenvolvimento_pessoal', label: 'Desenvolvimento Pessoal' },
  { value: 'reducao_stress', label: 'Redução de Estresse' },
  { value: 'melhoria_foco', label: 'Melhoria do Foco' },
  { value: 'autoestima', label: 'Autoestima' },
  { value: 'relacionamentos', label: 'Relacionamentos' },
  { value: 'carreira', label: 'Carreira' },
  { value: 'sono_relaxamento', label: 'Sono e Relaxamento' },
]

export function interestLabel(value: string | null | undefined): string | undefined {
  return INTEREST_OPTIONS.find((option) => option.value === value)?.label
}

/** How each lead origin reads for admins (the list and its CSV); the stored value is a code. */
export const LEAD_SOURCE_LABELS: Readonly<Record<string, string>> = {
  [LEAD_SOURCE]: 'Página de inscrição',
}

/** The origin's label; a code the product does not know reads 'Outra origem', never the raw code. */
export function leadSourceLabel(source: string): string {
  return LEAD_SOURCE_LABELS[source] ?? 'Outra origem'
}

/**
 * LGPD: the exact sentence the person agrees to by ticking the box. The server stores this text
 * and the moment of consent with the lead; change it only together with the privacy policy.
 */
export const LEAD_CONSENT_TEXT =
  'Autorizo o tratamento dos meus dados pessoais para receber por e-mail e WhatsApp conteúdos e novidades, conforme a Política de Privacidade e a LGPD, e sei que posso revogar este consentimento a qualquer momento.'

export const LEAD_LIMITS = {
  nameMin: 2,
  nameMax: 120,
  emailMax: 254,
  phoneMinChars: 10,
  phoneMaxChars: 20,
  utmMax: 200,
} as const

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
const PHONE_CHARS = /^[\d\s()+-]+$/

/**
 * A WhatsApp number as typed ('(11) 98765-4321', '+55 11 98765 4321', '011987654321') in E.164
 * form: '+5511987654321'. Brazilian numbers with DDD (10-11 digits) get +55; numbers written with
 * '+' keep their own country code. Returns null when it cannot be a phone number.
 */
export function normalizeWhatsApp(raw: string): string | null {
  const trimmed = raw.trim()
  if (trimmed.length < LEAD_LIMITS.phoneMinChars || trimmed.length > LEAD_LIMITS.phoneMaxChars) return null
  if (!PHONE_CHARS.test(trimmed) || trimmed.lastIndexOf('+') > 0) return null
  let digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : null
  // A leading 0 is the national trunk prefix ('0 11 …'), not part of the number.
  digits = digits.replace(/^0+/, '')
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return `+${digits}`
  return null
}

const typeError =
  (required: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? required : MSG.validation.invalidType

const nameSchema = z
  .string({ error: typeError(MSG.leads.nameRequired) })
  .trim()
  .min(1, { error: MSG.leads.nameRequired, abort: true })
  .min(LEAD_LIMITS.nameMin, { error: MSG.leads.nameTooShort, abort: true })
  .max(LEAD_LIMITS.nameMax, { error: MSG.leads.nameTooLong, abort: true })
  .refine((value) => !CONTROL_CHARS.test(value), { error: MSG.leads.nameInvalid })

const emailSchema = z
  .string({ error: typeError(MSG.leads.emailRequired) })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.leads.emailRequired, abort: true })
  .max(LEAD_LIMITS.emailMax, { error: MSG.leads.emailTooLong, abort: true })
  .pipe(z.email({ error: MSG.leads.emailInvalid }))

/** Optional WhatsApp number; '' means not given. Stored normalised (see normalizeWhatsApp). */
const phoneSchema = z
  .string({ error: MSG.leads.phoneInvalid })
  .trim()
  .refine((value) => value === '' || normalizeWhatsApp(value) !== null, { error: MSG.leads.phoneInvalid, abort: true })
  .overwrite((value) => (value === '' ? '' : (normalizeWhatsApp(value) ?? value)))

const utmSchema = z
  .string({ error: MSG.validation.invalidType })
  .trim()
  .max(LEAD_LIMITS.utmMax, { error: MSG.leads.utmTooLong })

/** Body of `POST /api/leads`. Unknown keys are refused: the source, for one, is never the client's. */
export const leadCreateSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.optional(),
    interestField: z
      .union([z.enum(INTEREST_FIELDS), z.literal('')], { error: MSG.leads.interestInvalid })
      .optional(),
    utm_source: utmSchema.optional(),
    utm_medium: utmSchema.optional(),
    utm_campaign: utmSchema.optional(),
    consent: z.literal(true, { error: MSG.leads.consentRequired }),
  })
  .strict()
/** What the form sends. */
export type LeadCreateInput = z.input<typeof leadCreateSchema>
/** What the server works with after trimming and normalising. */
export type LeadCreate = z.output<typeof leadCreateSchema>

/** Answer of `POST /api/leads` (201). The web carries name and email on to /obrigado. */
export const leadCreatedSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
})
export type LeadCreated = z.infer<typeof leadCreatedSchema>
