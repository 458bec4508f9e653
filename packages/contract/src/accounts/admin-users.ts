/** Admin › Usuários: the people who hold accounts, their access, and paid purchases still waiting for their buyer. */
import { z } from 'zod'
import { PLAN_CODES } from '../common/constants.js'
import { ADMIN_MSG, adminPageQuery, pageInfoSchema, isoDate } from '../common/admin.js'

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Busca longa demais' }).default(''),
  ...adminPageQuery,
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
    /** 'sandbox', 'stripe', 'asaas' or 'complimentary' (granted by an admin). */
    provider: z.string().nullable(),
    /**
     * The subscriber asked to cancel: access continues until this date and the plan does not renew
     * ("Cancela em dd/mm/aaaa"). Null when nothing is scheduled or the subscription gives no access.
     */
    cancelsAt: isoDate.nullable(),
    /** Paid and renewing: when the provider charges again ("Renova em dd/mm/aaaa"); null otherwise. */
    renewsAt: isoDate.nullable(),
    /** A renewal not paid: access lasts until then, unless the period is paid ("Acesso até dd/mm/aaaa"). */
    graceEndsAt: isoDate.nullable(),
  }),
  /** A guarantee refund request of this person waits for an admin's decision ("Reembolso pendente"). */
  refundPending: z.boolean(),
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
