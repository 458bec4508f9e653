/**
 * Gifts (docs/product/commerce.md#gifts, ADR 035): a signed-in buyer pays once for a plan for
 * someone else, names the recipient's e-mail, a message and the day to deliver it; on that day
 * (Brasília) the recipient gets an e-mail with a gift link that opens or creates their account and
 * starts the plan; the buyer follows its state and may have it refunded within the guarantee while
 * it is not redeemed. The bodies, the states and the texts live here.
 */
import { z } from 'zod'
import { PLAN_CODES } from '../common/constants.js'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, AUTH_MSG, DISPLAY_NAME_MAX_LENGTH } from '../accounts/auth-messages.js'
import { refundBankAccountSchema } from './commerce.js'
import { PAYMENT_METHODS } from './installments.js'

/** A gift can be scheduled up to a year ahead (Brasília calendar days). */
export const GIFT_MAX_DAYS_AHEAD = 365
export const GIFT_MESSAGE_MAX = 500
export const GIFT_NAME_MAX = 80

/**
 * 'awaiting_payment': the checkout is open. 'scheduled': paid, its day has not come. 'delivered':
 * the recipient has the e-mail. 'redeemed': the plan started in the recipient's account.
 * 'refunded': paid back before it was redeemed.
 */
export const GIFT_STATES = ['awaiting_payment', 'scheduled', 'delivered', 'redeemed', 'refunded'] as const
export type GiftState = (typeof GIFT_STATES)[number]

export const GIFT_STATE_LABEL: Record<GiftState, string> = {
  awaiting_payment: 'Aguardando pagamento',
  scheduled: 'Agendado',
  delivered: 'Entregue',
  redeemed: 'Resgatado',
  refunded: 'Reembolsado',
}

export const GIFT_MSG = {
  recipientEmailRequired: 'Informe o e-mail de quem vai receber o presente.',
  recipientEmailInvalid: 'E-mail de quem recebe deve ter um formato válido.',
  recipientNameRequired: 'Informe o nome de quem vai receber o presente.',
  recipientNameTooLong: `O nome deve ter no máximo ${GIFT_NAME_MAX} caracteres.`,
  messageTooLong: `A mensagem deve ter no máximo ${GIFT_MESSAGE_MAX} caracteres.`,
  deliverOnInvalid: 'Escolha a data de entrega do presente.',
  deliverOnPast: 'A data de entrega não pode ser antes de hoje.',
  deliverOnTooFar: 'A data de entrega pode ser no máximo daqui a um ano.',
  planInvalid: 'Escolha um plano para presentear.',
  notToSelf: 'Este presente é para outra pessoa: use o e-mail dela.',
  adminCannotGift: 'Contas de administrador não compram presentes.',
  unavailable: 'Presentes ainda não estão disponíveis com a forma de pagamento desta loja.',
  notFound: 'Presente não encontrado.',
  linkInvalid: 'Este link de presente não é válido. Confira o e-mail que você recebeu.',
  alreadyRedeemed: 'Este presente já foi resgatado.',
  refundedGift: 'Este presente foi reembolsado e não pode mais ser resgatado.',
  alreadySubscribed: 'Você já tem uma assinatura ativa. Guarde este e-mail: resgate o presente quando ela terminar.',
  adminCannotRedeem: 'Contas de administrador não resgatam presentes.',
  accountExists: 'Já existe uma conta com este e-mail. Entre nela para resgatar o presente.',
  redeemed: (planName: string, until: string) => `Presente resgatado! Seu plano ${planName} está ativo até ${until}.`,
  refundNotAllowedRedeemed: 'Este presente já foi resgatado: o reembolso não é mais possível.',
  refundNotPaid: 'Este presente ainda não foi pago.',
  refundAlreadyDone: 'Este presente já foi reembolsado.',
  refundWindowOver: (days: number) => `O reembolso de um presente é possível até ${days} dias depois do pagamento.`,
  refundBankAccountRequired: 'Pago por boleto: informe a conta para onde devolvemos o valor.',
  refundFailed: 'Não foi possível reembolsar agora. Tente novamente em alguns minutos.',
  refunded: 'Presente reembolsado. O valor volta pela mesma forma de pagamento.',
  createFailed: 'Erro ao criar o pagamento do presente. Tente novamente.',
} as const

const brazilDate = z
  .string({ error: GIFT_MSG.deliverOnInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: GIFT_MSG.deliverOnInvalid })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value), {
    error: GIFT_MSG.deliverOnInvalid,
  })

/** POST /api/gifts: the buyer's choice (the day is checked against the server's Brasília calendar). */
export const createGiftSchema = z
  .object({
    planCode: z.enum(PLAN_CODES, { error: GIFT_MSG.planInvalid }),
    recipientName: z
      .string({ error: GIFT_MSG.recipientNameRequired })
      .trim()
      .min(1, { error: GIFT_MSG.recipientNameRequired })
      .max(GIFT_NAME_MAX, { error: GIFT_MSG.recipientNameTooLong }),
    recipientEmail: z
      .string({ error: GIFT_MSG.recipientEmailRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: GIFT_MSG.recipientEmailRequired })
      .max(254, { error: GIFT_MSG.recipientEmailInvalid })
      .pipe(z.email({ error: GIFT_MSG.recipientEmailInvalid })),
    message: z.string({ error: GIFT_MSG.messageTooLong }).trim().max(GIFT_MESSAGE_MAX, { error: GIFT_MSG.messageTooLong }).default(''),
    deliverOn: brazilDate,
  })
  .strict()
export type CreateGiftInput = z.input<typeof createGiftSchema>

/** A gift as its buyer sees it (/presentear). */
export const giftSummarySchema = z.object({
  id: z.uuid(),
  planCode: z.enum(PLAN_CODES),
  planName: z.string(),
  months: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  deliverOn: z.string(),
  state: z.enum(GIFT_STATES),
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Paid, not redeemed, within the guarantee: the buyer may have it refunded until this instant. */
  refundableUntil: z.string().nullable(),
  /** An unpaid gift's checkout page, to finish paying. */
  payUrl: z.string().nullable(),
})
export type GiftSummary = z.infer<typeof giftSummarySchema>

export const giftListSchema = z.object({
  gifts: z.array(giftSummarySchema),
  /** Whether this store's payment provider sells gifts (a one-off payment). */
  available: z.boolean(),
})
export type GiftList = z.infer<typeof giftListSchema>

export const giftRefundSchema = z.object({ bankAccount: refundBankAccountSchema.optional() }).strict()
export type GiftRefundInput = z.input<typeof giftRefundSchema>

/** The gift link's secret, from the e-mail. */
export const giftTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { error: GIFT_MSG.linkInvalid })

/** What the gift link's page shows (/presente/{token}). */
export const giftPreviewSchema = z.object({
  fromName: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  planName: z.string(),
  months: z.number().int(),
  state: z.enum(['ready', 'redeemed', 'refunded']),
  /** An account with the recipient's e-mail exists: they sign in to redeem. */
  accountExists: z.boolean(),
})
export type GiftPreview = z.infer<typeof giftPreviewSchema>

/** The recipient without an account creates one from the gift link (it proves the mailbox). */
export const giftAccountSchema = z
  .object({
    name: z.string({ error: AUTH_MSG.nameRequired }).trim().min(1, { error: AUTH_MSG.nameRequired }).max(DISPLAY_NAME_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: AUTH_MSG.onboardingPasswordTooShort }).max(PASSWORD_MAX_LENGTH, { error: AUTH_MSG.passwordTooLong }),
  })
  .strict()
export type GiftAccountInput = z.input<typeof giftAccountSchema>

/** The admin's gifts in a period (Financeiro) and of one person (Usuários). */
export const adminGiftSchema = z.object({
  id: z.uuid(),
  buyerEmail: z.string(),
  recipientEmail: z.string(),
  planName: z.string(),
  deliverOn: z.string(),
  state: z.enum(GIFT_STATES),
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: z.string().nullable(),
})
export type AdminGift = z.infer<typeof adminGiftSchema>

/** GET /api/admin/users/{id}/gifts: the gifts a person bought and those they received. */
export const adminUserGiftsSchema = z.object({ bought: z.array(adminGiftSchema), received: z.array(adminGiftSchema) })
export type AdminUserGifts = z.infer<typeof adminUserGiftsSchema>

export const adminGiftReportSchema = z.object({
  sold: z.number().int(),
  revenueCents: z.number().int(),
  scheduled: z.number().int(),
  delivered: z.number().int(),
  redeemed: z.number().int(),
  refunded: z.number().int(),
  recent: z.array(adminGiftSchema),
})
export type AdminGiftReport = z.infer<typeof adminGiftReportSchema>
