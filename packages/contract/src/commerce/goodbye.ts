/**
 * A fair goodbye (docs/product/commerce.md#a-fair-goodbye): cancelling from Minha conta asks one
 * optional question (why), offers once what the admin configured — a pause of 1 to 3 months or a
 * discount on the next period — and, once cancelled, lets the subscriber come back with one tap
 * until the paid period ends. The reasons, the offer's limits, the bodies and the texts live here.
 */
import { z } from 'zod'

export const CANCEL_REASONS = ['price', 'time', 'results', 'technical', 'other_app', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** The question's answers, as the subscriber reads them (and the admin's Financeiro lists them). */
export const CANCEL_REASON_LABEL: Record<CancelReason, string> = {
  price: 'Está caro para mim agora',
  time: 'Não tenho tido tempo para praticar',
  results: 'Não senti os resultados que esperava',
  technical: 'Tive problemas com o app ou os áudios',
  other_app: 'Vou usar outro app',
  other: 'Outro motivo',
}

/** What the subscriber chose in the end. */
export const CANCEL_OUTCOMES = ['canceled', 'paused', 'discounted'] as const
export type CancelOutcome = (typeof CANCEL_OUTCOMES)[number]

/** A pause lasts 1 to this many months (the admin may offer fewer). */
export const MAX_PAUSE_MONTHS = 3
/** The discount on the next period the admin may offer, in percent (0: no discount offered). */
export const MAX_RETENTION_DISCOUNT_PERCENT = 50
export const CANCEL_NOTE_MAX = 500

export const GOODBYE_MSG = {
  noSubscription: 'Você não tem uma assinatura ativa para cancelar.',
  notSelfService: 'Com esta forma de pagamento, o cancelamento é feito pela nossa equipe: escreva para o suporte.',
  alreadyCanceling: 'O cancelamento da sua assinatura já está agendado.',
  notCanceling: 'Sua assinatura não está com cancelamento agendado.',
  periodOver: 'O período pago já terminou: para voltar, assine de novo.',
  notLiveAtProvider: 'Sua assinatura já não está ativa no sistema de pagamento. Atualize a página para ver como ela está.',
  offerUnavailable: 'Esta oferta não está disponível para a sua assinatura.',
  pausedNoNewPlan: 'Sua assinatura está pausada e volta sozinha no fim da pausa: não é preciso assinar de novo.',
  pauseMonths: 'Escolha uma pausa de 1 a 3 meses.',
  reason: 'Escolha um dos motivos da lista.',
  noteTooLong: `O comentário deve ter no máximo ${CANCEL_NOTE_MAX} caracteres.`,
  pauseRange: 'A pausa oferecida deve ser de 0 a 3 meses',
  discountRange: 'O desconto oferecido deve ser de 0 a 50%',
  tooManyChanges: 'Você alterou sua assinatura muitas vezes na última hora. Tente de novo mais tarde.',
} as const

/**
 * Cancel, pause, discount and "Continuar assinando" a subscriber may ask for in an hour, all
 * together: each is a call to the payment provider, and a loop of flips would spend our quota there.
 */
export const SUBSCRIPTION_CHANGES_PER_HOUR = 10

const reasonField = z.enum(CANCEL_REASONS, { error: GOODBYE_MSG.reason }).nullable().default(null)
const noteField = z
  .string({ error: GOODBYE_MSG.noteTooLong })
  .trim()
  .max(CANCEL_NOTE_MAX, { error: GOODBYE_MSG.noteTooLong })
  .transform((value) => value || null)
  .nullable()
  .default(null)

/** The one optional question, sent with whichever choice ends the conversation. */
export const goodbyeAnswerSchema = z.object({ reason: reasonField, note: noteField }).strict()
export type GoodbyeAnswerInput = z.input<typeof goodbyeAnswerSchema>

export const pauseSubscriptionSchema = z
  .object({
    reason: reasonField,
    note: noteField,
    months: z.number({ error: GOODBYE_MSG.pauseMonths }).int({ error: GOODBYE_MSG.pauseMonths }).min(1, { error: GOODBYE_MSG.pauseMonths }).max(MAX_PAUSE_MONTHS, { error: GOODBYE_MSG.pauseMonths }),
  })
  .strict()
export type PauseSubscriptionInput = z.input<typeof pauseSubscriptionSchema>

/** What the admin offers a subscriber who asks to cancel (/admin/settings); zeros offer nothing. */
export const retentionOfferSettingSchema = z
  .object({
    pauseMaxMonths: z.number({ error: GOODBYE_MSG.pauseRange }).int({ error: GOODBYE_MSG.pauseRange }).min(0, { error: GOODBYE_MSG.pauseRange }).max(MAX_PAUSE_MONTHS, { error: GOODBYE_MSG.pauseRange }),
    discountPercent: z
      .number({ error: GOODBYE_MSG.discountRange })
      .int({ error: GOODBYE_MSG.discountRange })
      .min(0, { error: GOODBYE_MSG.discountRange })
      .max(MAX_RETENTION_DISCOUNT_PERCENT, { error: GOODBYE_MSG.discountRange }),
  })
  .strict()
export type RetentionOfferSetting = z.output<typeof retentionOfferSettingSchema>

/** By default a subscriber may pause for up to 3 months; a discount costs revenue, so the admin opts in. */
export const DEFAULT_RETENTION_OFFER: RetentionOfferSetting = { pauseMaxMonths: 3, discountPercent: 0 }

/** The offer this subscriber may still take (Minha conta), or null: none configured, already made, or not possible with their payment. */
export const retentionOfferSchema = z
  .object({
    /** 0: no pause offered; otherwise 1 up to this many months. */
    pauseMaxMonths: z.number().int().min(0).max(MAX_PAUSE_MONTHS),
    /** 0: no discount offered. */
    discountPercent: z.number().int().min(0).max(MAX_RETENTION_DISCOUNT_PERCENT),
  })
  .nullable()
export type RetentionOffer = z.infer<typeof retentionOfferSchema>

/** A pause taken: no access from `startsAt` (the paid period's end) until `endsAt`, when the subscription renews. */
export const subscriptionPauseSchema = z.object({ startsAt: z.string(), endsAt: z.string() }).nullable()

/** The admin's count of goodbyes in a period (Financeiro). */
export const goodbyeReportSchema = z.object({
  asked: z.number().int(),
  canceled: z.number().int(),
  paused: z.number().int(),
  discounted: z.number().int(),
  cameBack: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(CANCEL_REASONS).nullable(), count: z.number().int() })),
})
export type GoodbyeReport = z.infer<typeof goodbyeReportSchema>

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' })

/** The confirmations the subscriber reads after each choice (answered by the API, shown as they are). */
export const goodbyeConfirmation = {
  canceled: (accessUntil: string | null) => (accessUntil ? `Cancelamento agendado. Você mantém o acesso até ${brDate(accessUntil)}.` : 'Cancelamento agendado.'),
  paused: (startsAt: string, endsAt: string) => `Assinatura pausada. Você pratica até ${brDate(startsAt)}; a assinatura volta, com a cobrança, em ${brDate(endsAt)}.`,
  discounted: (percent: number, on: string | null) => `Desconto aplicado: ${percent}% na próxima cobrança${on ? `, em ${brDate(on)}` : ''}.`,
  cameBack: 'Que bom que você ficou! Sua assinatura continua normalmente.',
}
