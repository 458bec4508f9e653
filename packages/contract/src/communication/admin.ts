/** Admin side of communication: leads, campaigns and the e-mail outbox. */
import { z } from 'zod'
import { INTEREST_FIELDS } from './leads.js'
import { ADMIN_MSG, adminPageQuery, dateRangeQuerySchema, pageInfoSchema, isoDate } from '../common/admin.js'

const interestFilter = z.enum(INTEREST_FIELDS, { error: 'Área de interesse inválida' })

export const adminLeadsQuerySchema = z.intersection(
  dateRangeQuerySchema,
  z.object({ interest: z.union([interestFilter, z.literal('')]).optional(), ...adminPageQuery }),
)
export type AdminLeadsQuery = z.input<typeof adminLeadsQuerySchema>

export const adminLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  interestField: z.string().nullable(),
  source: z.string(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  createdAt: isoDate,
})
export type AdminLead = z.infer<typeof adminLeadSchema>
export const adminLeadsResponseSchema = z.object({ leads: z.array(adminLeadSchema), pageInfo: pageInfoSchema })
export type AdminLeadsResponse = z.infer<typeof adminLeadsResponseSchema>

export const CAMPAIGN_SEGMENTS = ['all_leads', 'leads_by_interest', 'active_subscribers', 'expired_subscribers'] as const
export type CampaignSegment = (typeof CAMPAIGN_SEGMENTS)[number]
export const CAMPAIGN_SEGMENT_LABELS: Record<CampaignSegment, string> = {
  all_leads: 'Todos os leads',
  leads_by_interest: 'Leads por área de interesse',
  active_subscribers: 'Assinantes ativos',
  expired_subscribers: 'Assinaturas encerradas',
}

const segmentFields = {
  segment: z.enum(CAMPAIGN_SEGMENTS, { error: 'Escolha o segmento' }),
  interest: z.union([interestFilter, z.literal('')]).optional(),
}
function requireInterest(value: { segment: CampaignSegment; interest?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.segment === 'leads_by_interest' && !value.interest) {
    ctx.addIssue({ code: 'custom', message: ADMIN_MSG.interestRequired, path: ['interest'] })
  }
}

export const campaignAudienceQuerySchema = z.object(segmentFields).superRefine(requireInterest)
export const campaignAudienceSchema = z.object({ recipients: z.number().int() })

export const campaignCreateSchema = z
  .object({
    ...segmentFields,
    subject: z
      .string({ error: ADMIN_MSG.subjectRequired })
      .trim()
      .min(1, { error: ADMIN_MSG.subjectRequired })
      .max(200, { error: ADMIN_MSG.subjectTooLong })
      .refine((value) => !/[\r\n]/.test(value), { error: 'O assunto deve ter uma linha só' }),
    body: z
      .string({ error: ADMIN_MSG.bodyRequired })
      .trim()
      .min(1, { error: ADMIN_MSG.bodyRequired })
      .max(20_000, { error: ADMIN_MSG.bodyTooLong }),
  })
  .strict()
  .superRefine(requireInterest)
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>

export const campaignSchema = z.object({
  id: z.string(),
  subject: z.string(),
  segment: z.enum(CAMPAIGN_SEGMENTS),
  interest: z.string().nullable(),
  createdAt: isoDate,
  createdBy: z.string().nullable(),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    sent: z.number().int(),
    /** Recorded in the outbox only: no SMTP was configured when they were dispatched. */
    logged: z.number().int(),
    failed: z.number().int(),
  }),
})
export type Campaign = z.infer<typeof campaignSchema>
export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) })
export type CampaignsResponse = z.infer<typeof campaignsResponseSchema>
export const campaignCreatedSchema = z.object({ campaign: campaignSchema, message: z.string() })

/** 'logged': the server had no SMTP, so the e-mail was only recorded here, never delivered. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Pendente',
  sent: 'Enviado',
  logged: 'Registrado (sem SMTP)',
  failed: 'Falhou',
}

/** Every kind of e-mail the product sends, named in Portuguese for the outbox (docs/product/admin.md#communication-admincommunication). */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  campaign: 'Campanha',
  lead_welcome: 'Boas-vindas (lead)',
  password_reset: 'Redefinição de senha',
  email_verification: 'Confirmação de e-mail',
  purchase_claim: 'Link de acesso da compra',
  payment_receipt: 'Recibo de pagamento',
  refund_approved: 'Reembolso aprovado',
  refund_rejected: 'Reembolso recusado',
  renewal_notice: 'Aviso de renovação',
  renewal_failed: 'Pagamento pendente',
  gift_delivery: 'Presente (para quem recebe)',
  gift_paid: 'Presente confirmado',
  gift_redeemed: 'Presente resgatado',
  practice_reminder: 'Lembrete da prática',
}
/** The kind's name; a kind the product does not know (an old row, a test) shows its code. */
export function emailKindLabel(kind: string): string {
  return Object.hasOwn(EMAIL_KIND_LABELS, kind) ? EMAIL_KIND_LABELS[kind]! : kind
}
export const adminOutboxQuerySchema = z.object({
  status: z.union([z.enum(OUTBOX_STATUSES, { error: 'Situação inválida' }), z.literal('')]).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^([a-z][a-z0-9_]{1,48})?$/, { error: 'Tipo de e-mail inválido' })
    .optional(),
  campaignId: z.union([z.uuid({ error: ADMIN_MSG.idInvalid }), z.literal('')]).optional(),
  ...adminPageQuery,
})
export type AdminOutboxQuery = z.input<typeof adminOutboxQuerySchema>

export const outboxRowSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  campaignId: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
})
export type OutboxRow = z.infer<typeof outboxRowSchema>
/**
 * One e-mail opened by an admin: what was sent, to whom, when, and its text. Links that carry a
 * secret (an access, reset or confirmation token) are masked by the server: the admin sees that a
 * link was there, never a link that would sign in as the recipient.
 */
export const outboxMessageSchema = outboxRowSchema.extend({
  replyTo: z.string().nullable(),
  textBody: z.string(),
})
export type OutboxMessage = z.infer<typeof outboxMessageSchema>
export const outboxMessageResponseSchema = z.object({ message: outboxMessageSchema })
export type OutboxMessageResponse = z.infer<typeof outboxMessageResponseSchema>
export const outboxMessageParamsSchema = z.object({ messageId: z.uuid({ error: ADMIN_MSG.idInvalid }) })
export const OUTBOX_MSG = { notFound: 'E-mail não encontrado' } as const

export const adminOutboxResponseSchema = z.object({
  rows: z.array(outboxRowSchema),
  pageInfo: pageInfoSchema,
  /** Every kind present in the outbox, for the filter. */
  kinds: z.array(z.string()),
})
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>
