/**
 * Admin area — people, money, communication and analytics (issue #7, part B): users, plans and
 * pricing, communication (leads, campaigns, outbox), guarantee, financial, analytics, listening
 * stats and content validation. Every route here is `access: 'admin'` on the server.
 *
 * Money is integer centavos on the wire; the admin forms show and accept reais. Dates are ISO
 * strings. The promotion-data texts come from COMMERCE_MSG verbatim
 * (docs/product/admin.md#prices-adminpricing).
 */
import { z } from 'zod'
import { COMMERCE_MSG } from './commerce-messages.js'
import { PLAN_CODES } from './constants.js'
import { INTEREST_FIELDS } from './leads.js'

export const ADMIN_API = {
  users: '/api/admin/users',
  /** Paid purchases whose buyer has not activated the access yet ("Pagamento sem conta"). */
  unclaimedPurchases: '/api/admin/users/unclaimed-purchases',
  unclaimedPurchaseResend: (id: string) => `/api/admin/users/unclaimed-purchases/${id}/resend`,
  userComplimentary: (userId: string) => `/api/admin/users/${userId}/complimentary`,
  userRole: (userId: string) => `/api/admin/users/${userId}/role`,
  userBan: (userId: string) => `/api/admin/users/${userId}/ban`,
  plans: '/api/admin/plans',
  planPricing: (code: string) => `/api/admin/plans/${code}/pricing`,
  planDetails: (code: string) => `/api/admin/plans/${code}/details`,
  leads: '/api/admin/leads',
  leadsCsv: '/api/admin/leads/export.csv',
  campaigns: '/api/admin/campaigns',
  campaignAudience: '/api/admin/campaigns/audience',
  outbox: '/api/admin/outbox',
  refunds: '/api/admin/refunds',
  refundApprove: (id: string) => `/api/admin/refunds/${id}/approve`,
  refundReject: (id: string) => `/api/admin/refunds/${id}/reject`,
  guaranteeSetting: '/api/admin/settings/guarantee',
  financial: '/api/admin/financial',
  analytics: '/api/admin/analytics',
  analyticsAdvanced: '/api/admin/analytics/advanced',
  listeningStats: '/api/admin/stats/listening',
  validation: '/api/admin/validation',
} as const

/** pt-BR messages of the admin's people, plans and money pages (docs/product/admin.md). */
export const ADMIN_MSG = {
  userNotFound: 'Usuário não encontrado',
  selfRoleChange: 'Você não pode alterar a sua própria função',
  selfBan: 'Você não pode suspender a sua própria conta',
  banAdmin: 'Remova a função de administrador antes de suspender esta conta',
  complimentaryDays: 'Informe um número de dias entre 1 e 3650',
  planNotFound: 'Plano não encontrado',
  lastActivePlan: 'Mantenha pelo menos um plano ativo',
  planNameRequired: 'Nome do plano é obrigatório',
  intervalMonths: 'A duração deve ser de 1 a 36 meses',
  displayOrder: 'A ordem deve ser um número entre 0 e 1000',
  priceInvalid: 'Informe um valor em reais, por exemplo 149,70',
  promotionLabelTooLong: 'O selo da promoção deve ter no máximo 40 caracteres',
  subjectRequired: 'Informe o assunto do e-mail',
  subjectTooLong: 'O assunto deve ter no máximo 200 caracteres',
  bodyRequired: 'Escreva a mensagem do e-mail',
  bodyTooLong: 'A mensagem deve ter no máximo 20.000 caracteres',
  interestRequired: 'Escolha a área de interesse',
  noRecipients: 'Nenhum destinatário neste segmento',
  dateRange: 'A data inicial deve ser anterior à final',
  invalidDate: 'Data inválida',
  guaranteeDaysRange: 'O prazo de garantia deve ser de 1 a 365 dias',
  idInvalid: 'Identificador inválido',
} as const

const isoDate = z.string()
const idParam = z.string().trim().min(1, { error: ADMIN_MSG.idInvalid }).max(100, { error: ADMIN_MSG.idInvalid })
export const adminIdParamsSchema = z.object({ id: idParam })
export const adminUserIdParamsSchema = z.object({ userId: idParam })

const pageQuery = {
  page: z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' }).max(100_000).default(1),
}
export const ADMIN_PAGE_SIZE = 20

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type PageInfo = z.infer<typeof pageInfoSchema>

/** Optional `from`/`to` bounds (YYYY-MM-DD or full ISO), `from` before `to`. */
const dateBound = z
  .string()
  .trim()
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), { error: ADMIN_MSG.invalidDate })
  .optional()
  .transform((value) => (value ? value : undefined))
export const dateRangeQuerySchema = z
  .object({ from: dateBound, to: dateBound })
  .refine((range) => !range.from || !range.to || Date.parse(range.from) <= Date.parse(range.to), {
    error: ADMIN_MSG.dateRange,
    path: ['to'],
  })
export type DateRangeQuery = z.input<typeof dateRangeQuerySchema>

// ───────────────────────────── Users ─────────────────────────────

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Busca longa demais' }).default(''),
  ...pageQuery,
})

export const ADMIN_SUBSCRIPTION_STATES = ['active', 'past_due', 'canceled', 'expired', 'none'] as const

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: isoDate,
  subscription: z.object({
    status: z.enum(ADMIN_SUBSCRIPTION_STATES),
    /** Same rule as the route guard. */
    givesAccess: z.boolean(),
    planCode: z.string().nullable(),
    planName: z.string().nullable(),
    currentPeriodEnd: isoDate.nullable(),
    /** 'sandbox', 'stripe' or 'complimentary' (granted by an admin). */
    provider: z.string().nullable(),
  }),
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), pageInfo: pageInfoSchema })
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>

export const complimentaryAccessSchema = z
  .object({
    days: z.coerce
      .number({ error: ADMIN_MSG.complimentaryDays })
      .int({ error: ADMIN_MSG.complimentaryDays })
      .min(1, { error: ADMIN_MSG.complimentaryDays })
      .max(3650, { error: ADMIN_MSG.complimentaryDays }),
  })
  .strict()
export type ComplimentaryAccessInput = z.input<typeof complimentaryAccessSchema>

export const roleChangeSchema = z.object({ role: z.enum(['user', 'admin'], { error: 'Função inválida' }) }).strict()
export type RoleChangeInput = z.infer<typeof roleChangeSchema>

export const banChangeSchema = z
  .object({
    banned: z.boolean({ error: 'Informe se a conta fica suspensa' }),
    reason: z.string().trim().max(300, { error: 'O motivo deve ter no máximo 300 caracteres' }).optional(),
  })
  .strict()
export type BanChangeInput = z.infer<typeof banChangeSchema>

export const adminUserResponseSchema = z.object({ user: adminUserSchema, message: z.string() })
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>

// ───────────────────────────── Plans and pricing ─────────────────────────────

export const adminPlanSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  /** The regular price of one period (struck through while a promotion runs). */
  originalPriceCents: z.number().int(),
  /** What the period costs now (promotion applied while valid). */
  currentPriceCents: z.number().int(),
  intervalMonths: z.number().int(),
  savings: z.string().nullable(),
  popular: z.boolean(),
  isActive: z.boolean(),
  hasPromotion: z.boolean(),
  discountPercentage: z.number().int().nullable(),
  promotionEndDate: isoDate.nullable(),
  promotionLabel: z.string().nullable(),
  displayOrder: z.number().int(),
  updatedAt: isoDate,
})
export type AdminPlan = z.infer<typeof adminPlanSchema>
export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) })
export type AdminPlansResponse = z.infer<typeof adminPlansResponseSchema>
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema })

export const planCodeParamsSchema = z.object({ code: z.enum(PLAN_CODES, { error: ADMIN_MSG.planNotFound }) })

/**
 * Prices and promotion of one plan (/admin/pricing, docs/product/admin.md#prices-adminpricing):
 * discount 1–100, end date required and in the future (only while the promotion is switched on),
 * original price above zero. `now` is injectable so the form and the server apply the same rule.
 */
export function planPricingSchemaAt(now: () => number = Date.now) {
  return z
    .object({
      originalPriceCents: z
        .number({ error: COMMERCE_MSG.originalPricePositive })
        .int({ error: ADMIN_MSG.priceInvalid })
        .positive({ error: COMMERCE_MSG.originalPricePositive })
        .max(100_000_000, { error: ADMIN_MSG.priceInvalid }),
      hasPromotion: z.boolean(),
      discountPercentage: z.number({ error: COMMERCE_MSG.discountRange }).nullable(),
      promotionEndDate: z.string().nullable(),
      promotionLabel: z.string().trim().max(40, { error: ADMIN_MSG.promotionLabelTooLong }).nullable(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!value.hasPromotion) return
      const discount = value.discountPercentage
      if (discount === null || !Number.isInteger(discount) || discount < 1 || discount > 100) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.discountRange, path: ['discountPercentage'] })
      }
      const end = value.promotionEndDate?.trim() ? Date.parse(value.promotionEndDate) : Number.NaN
      if (!value.promotionEndDate?.trim()) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.promotionEndRequired, path: ['promotionEndDate'] })
      } else if (Number.isNaN(end)) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.invalidDate, path: ['promotionEndDate'] })
      } else if (end <= now()) {
        ctx.addIssue({ code: 'custom', message: COMMERCE_MSG.promotionEndFuture, path: ['promotionEndDate'] })
      }
    })
}
export const planPricingSchema = planPricingSchemaAt()
export type PlanPricingInput = z.infer<typeof planPricingSchema>

/** Texts, visibility and order of one plan (/admin/subscription-plans). */
export const planDetailsSchema = z
  .object({
    name: z.string().trim().min(1, { error: ADMIN_MSG.planNameRequired }).max(60, { error: 'O nome deve ter no máximo 60 caracteres' }),
    description: z.string().trim().max(300, { error: 'A descrição deve ter no máximo 300 caracteres' }),
    intervalMonths: z
      .number({ error: ADMIN_MSG.intervalMonths })
      .int({ error: ADMIN_MSG.intervalMonths })
      .min(1, { error: ADMIN_MSG.intervalMonths })
      .max(36, { error: ADMIN_MSG.intervalMonths }),
    savings: z.string().trim().max(60, { error: 'O texto de economia deve ter no máximo 60 caracteres' }).nullable(),
    popular: z.boolean(),
    isActive: z.boolean(),
    displayOrder: z
      .number({ error: ADMIN_MSG.displayOrder })
      .int({ error: ADMIN_MSG.displayOrder })
      .min(0, { error: ADMIN_MSG.displayOrder })
      .max(1000, { error: ADMIN_MSG.displayOrder }),
  })
  .strict()
export type PlanDetailsInput = z.infer<typeof planDetailsSchema>

/** "149,70", "149.70", "R$ 1.497,00" → centavos; null when it is not an amount of money. */
export function parseReaisToCents(raw: string): number | null {
  let text = raw.replace(/R\$/i, '').replace(/\s/g, '')
  if (!text) return null
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Centavos → "149,70" for an input field. */
export function centsToReaisInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',')
}

// ───────────────────────────── Communication ─────────────────────────────

const interestFilter = z.enum(INTEREST_FIELDS, { error: 'Área de interesse inválida' })

export const adminLeadsQuerySchema = z.intersection(
  dateRangeQuerySchema,
  z.object({ interest: z.union([interestFilter, z.literal('')]).optional(), ...pageQuery }),
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
  counts: z.object({ total: z.number().int(), pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
})
export type Campaign = z.infer<typeof campaignSchema>
export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) })
export type CampaignsResponse = z.infer<typeof campaignsResponseSchema>
export const campaignCreatedSchema = z.object({ campaign: campaignSchema, message: z.string() })

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const
export const adminOutboxQuerySchema = z.object({
  status: z.union([z.enum(OUTBOX_STATUSES, { error: 'Situação inválida' }), z.literal('')]).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^([a-z][a-z0-9_]{1,48})?$/, { error: 'Tipo de e-mail inválido' })
    .optional(),
  campaignId: z.union([z.uuid({ error: ADMIN_MSG.idInvalid }), z.literal('')]).optional(),
  ...pageQuery,
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
export const adminOutboxResponseSchema = z.object({
  rows: z.array(outboxRowSchema),
  pageInfo: pageInfoSchema,
  /** Every kind present in the outbox, for the filter. */
  kinds: z.array(z.string()),
})
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>

// ───────────────────────────── Guarantee ─────────────────────────────

export const REFUND_FILTERS = ['pending', 'decided', 'all'] as const
export const adminRefundsQuerySchema = z.object({ status: z.enum(REFUND_FILTERS, { error: 'Filtro inválido' }).default('pending') })

export const adminRefundSchema = z.object({
  id: z.string(),
  email: z.string(),
  userName: z.string().nullable(),
  planCode: z.string(),
  planName: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decisionReason: z.string().nullable(),
  requestedAt: isoDate,
  decidedAt: isoDate.nullable(),
  subscriptionStartedAt: isoDate,
  /** The amount paid that a refund would return (centavos), when a payment is recorded. */
  amountCents: z.number().int().nullable(),
  currency: z.string(),
  /** The request was made within the guarantee days counted from the subscription start. */
  withinWindow: z.boolean(),
})
export type AdminRefund = z.infer<typeof adminRefundSchema>
export const adminRefundsResponseSchema = z.object({ refunds: z.array(adminRefundSchema), guaranteeDays: z.number().int() })
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponseSchema>

export const refundRejectSchema = z
  .object({
    reason: z
      .string({ error: COMMERCE_MSG.refundRejectReasonRequired })
      .trim()
      .min(1, { error: COMMERCE_MSG.refundRejectReasonRequired })
      .max(1000, { error: 'O motivo deve ter no máximo 1000 caracteres' }),
  })
  .strict()
export type RefundRejectInput = z.infer<typeof refundRejectSchema>
export const refundDecisionResponseSchema = z.object({ refund: adminRefundSchema, message: z.string() })

export const guaranteeSettingSchema = z
  .object({
    days: z
      .number({ error: ADMIN_MSG.guaranteeDaysRange })
      .int({ error: ADMIN_MSG.guaranteeDaysRange })
      .min(1, { error: ADMIN_MSG.guaranteeDaysRange })
      .max(365, { error: ADMIN_MSG.guaranteeDaysRange }),
  })
  .strict()
export type GuaranteeSetting = z.infer<typeof guaranteeSettingSchema>

// ───────────────────────────── Financial ─────────────────────────────

export const financialQuerySchema = z.object({
  months: z.coerce.number({ error: 'Período inválido' }).int().min(1, { error: 'Período inválido' }).max(36, { error: 'Período inválido' }).default(12),
})
export const financialSchema = z.object({
  currency: z.string(),
  /** Normalised monthly value of the subscriptions that give access now (from their last payment). */
  mrrCents: z.number().int(),
  activeSubscriptions: z.number().int(),
  months: z.array(
    z.object({
      /** YYYY-MM (UTC). */
      month: z.string(),
      revenueCents: z.number().int(),
      refundsCents: z.number().int(),
      payments: z.number().int(),
      newSubscriptions: z.number().int(),
      cancelledSubscriptions: z.number().int(),
    }),
  ),
  activeByPlan: z.array(z.object({ planCode: z.string(), planName: z.string(), count: z.number().int() })),
  refunds: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  totals: z.object({ revenueCents: z.number().int(), refundsCents: z.number().int(), netCents: z.number().int() }),
})
export type Financial = z.infer<typeof financialSchema>

// ───────────────────────────── Analytics ─────────────────────────────

export const ANALYTICS_TOP_EVENT_TYPES = 10
/** Analytics refetch every 60 s (docs/product/admin.md#insights). */
export const ANALYTICS_REFETCH_MS = 60_000

export const analyticsSummarySchema = z.object({
  totalEvents: z.number().int(),
  /** Distinct signed-in users, plus anonymous browser sessions, in the bounds. */
  uniqueUsers: z.number().int(),
  topEventTypes: z.array(z.object({ eventType: z.string(), count: z.number().int() })),
  /** Distinct users/sessions with an event in the last 24 h (ignores the bounds). */
  dailyActiveUsers: z.number().int(),
  from: isoDate.nullable(),
  to: isoDate.nullable(),
})
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>

export const FUNNEL_STEPS = ['landing_view', 'lead', 'checkout_started', 'paid'] as const
export const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  landing_view: 'Visitas à página inicial',
  lead: 'Leads',
  checkout_started: 'Checkouts iniciados',
  paid: 'Pagamentos confirmados',
}
export const advancedAnalyticsSchema = analyticsSummarySchema.extend({
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int() })),
  topAudios: z.array(z.object({ audioId: z.string(), title: z.string(), fieldTitle: z.string(), plays: z.number().int() })),
})
export type AdvancedAnalytics = z.infer<typeof advancedAnalyticsSchema>

export const listeningStatsSchema = z.object({
  totals: z.object({ plays: z.number().int(), repetitions: z.number().int(), listeners: z.number().int() }),
  perDay: z.array(z.object({ day: z.string(), plays: z.number().int(), repetitions: z.number().int() })),
  perField: z.array(z.object({ fieldId: z.string(), title: z.string(), plays: z.number().int(), repetitions: z.number().int() })),
  perAudio: z.array(
    z.object({ audioId: z.string(), title: z.string(), fieldTitle: z.string(), plays: z.number().int(), repetitions: z.number().int() }),
  ),
})
export type ListeningStats = z.infer<typeof listeningStatsSchema>

// ───────────────────────────── Validation ─────────────────────────────

export const VALIDATION_PROBLEM_KINDS = [
  'field_without_audios',
  'audio_file_missing',
  'audio_file_mismatch',
  'audio_undecodable',
  'audio_duration_mismatch',
  'audio_duration_missing',
  'music_file_missing',
  'music_undecodable',
  'video_file_missing',
  'video_type_mismatch',
  'video_undecodable',
  'video_thumbnail_missing',
  'landing_invalid',
  'no_active_plans',
  'demo_missing',
] as const
export const validationReportSchema = z.object({
  checkedAt: isoDate,
  checked: z.object({
    fields: z.number().int(),
    audios: z.number().int(),
    music: z.number().int(),
    /** Every video of the landing's list; only uploaded ones have files to check (links are external). */
    videos: z.number().int(),
    plans: z.number().int(),
  }),
  problems: z.array(
    z.object({
      kind: z.enum(VALIDATION_PROBLEM_KINDS),
      severity: z.enum(['error', 'warning']),
      message: z.string(),
      /** The admin page where it is fixed. */
      fixPath: z.string(),
      fixLabel: z.string(),
    }),
  ),
})
export type ValidationReport = z.infer<typeof validationReportSchema>

/** Admin › Usuários › "Pagamento sem conta": a paid purchase whose buyer has not activated it yet. */
export const unclaimedPurchaseSchema = z.object({
  /** The waiting purchase's own id (never the checkout id, which is the buyer's secret). */
  id: z.string(),
  email: z.string(),
  customerName: z.string().nullable(),
  planCode: z.enum(PLAN_CODES),
  planName: z.string(),
  amountCents: z.number().int().nullable(),
  currency: z.string(),
  paidAt: z.string(),
  /** When the last access link went out (purchase e-mail, re-send, "Esqueci minha senha"). */
  lastAccessLinkAt: z.string().nullable(),
  /** An account with this e-mail exists but never proved the mailbox. */
  accountExists: z.boolean(),
})
export type UnclaimedPurchase = z.infer<typeof unclaimedPurchaseSchema>
export const unclaimedPurchaseListSchema = z.object({ purchases: z.array(unclaimedPurchaseSchema) })
export type UnclaimedPurchaseList = z.infer<typeof unclaimedPurchaseListSchema>
export const UNCLAIMED_MSG = {
  resent: 'Link de acesso reenviado para o e-mail da compra.',
  notFound: 'Pagamento não encontrado ou já ativado',
} as const
