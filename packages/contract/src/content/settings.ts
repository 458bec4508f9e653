/**
 * Product-wide settings an admin edits on /admin/settings (issue #7): the product name (the
 * `{product}` of the texts, never hard-coded in pages), the guarantee days shown on every plan and
 * payment page (one setting, default 7: docs/product/commerce.md#guarantee-and-refunds), the
 * support e-mail product e-mails reply to, and the grace days a failed renewal keeps access while
 * the listener pays that period by Pix or boleto (default 3: docs/payments.md), and the monthly
 * interest on card instalments (default 0, "sem juros"), and what a subscriber who asks to cancel is
 * offered once (a pause of up to N months, a discount on the next period: docs/product/commerce.md#a-fair-goodbye).
 */
import { z } from 'zod'
import { MAX_RENEWAL_GRACE_DAYS } from '../commerce/commerce.js'
import { MAX_INSTALLMENT_INTEREST_BASIS_POINTS } from '../commerce/installments.js'
import { retentionOfferSettingSchema } from '../commerce/goodbye.js'

export const ADMIN_SETTINGS_MSG = {
  productNameRequired: 'Informe o nome do produto',
  productNameTooLong: 'O nome do produto deve ter no máximo 60 caracteres',
  supportEmailRequired: 'Informe o e-mail de suporte',
  supportEmailInvalid: 'Informe um e-mail de suporte válido',
  guaranteeDaysRange: 'O prazo de garantia deve ser de 1 a 365 dias',
  renewalGraceDaysRange: 'A carência deve ser de 0 a 30 dias',
  installmentInterestRange: 'Os juros do parcelamento devem ser de 0 a 9,99% ao mês',
  saved: 'Configurações salvas',
} as const

export const generalSettingsSchema = z
  .object({
    productName: z
      .string({ error: ADMIN_SETTINGS_MSG.productNameRequired })
      .trim()
      .min(1, { error: ADMIN_SETTINGS_MSG.productNameRequired })
      .max(60, { error: ADMIN_SETTINGS_MSG.productNameTooLong }),
    supportEmail: z
      .string({ error: ADMIN_SETTINGS_MSG.supportEmailRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: ADMIN_SETTINGS_MSG.supportEmailRequired })
      .max(254, { error: ADMIN_SETTINGS_MSG.supportEmailInvalid })
      .pipe(z.email({ error: ADMIN_SETTINGS_MSG.supportEmailInvalid })),
    guaranteeDays: z
      .number({ error: ADMIN_SETTINGS_MSG.guaranteeDaysRange })
      .int({ error: ADMIN_SETTINGS_MSG.guaranteeDaysRange })
      .min(1, { error: ADMIN_SETTINGS_MSG.guaranteeDaysRange })
      .max(365, { error: ADMIN_SETTINGS_MSG.guaranteeDaysRange }),
    renewalGraceDays: z
      .number({ error: ADMIN_SETTINGS_MSG.renewalGraceDaysRange })
      .int({ error: ADMIN_SETTINGS_MSG.renewalGraceDaysRange })
      .min(0, { error: ADMIN_SETTINGS_MSG.renewalGraceDaysRange })
      .max(MAX_RENEWAL_GRACE_DAYS, { error: ADMIN_SETTINGS_MSG.renewalGraceDaysRange }),
    /** The monthly interest on card instalments, in basis points (199 = 1,99 % a month); 0 = "sem juros". */
    installmentInterestBasisPoints: z
      .number({ error: ADMIN_SETTINGS_MSG.installmentInterestRange })
      .int({ error: ADMIN_SETTINGS_MSG.installmentInterestRange })
      .min(0, { error: ADMIN_SETTINGS_MSG.installmentInterestRange })
      .max(MAX_INSTALLMENT_INTEREST_BASIS_POINTS, { error: ADMIN_SETTINGS_MSG.installmentInterestRange }),
    /** Omitted: kept as it is (older clients of this form did not send it). */
    retentionPauseMaxMonths: retentionOfferSettingSchema.shape.pauseMaxMonths.optional(),
    retentionDiscountPercent: retentionOfferSettingSchema.shape.discountPercent.optional(),
  })
  .strict()
export type GeneralSettingsInput = z.input<typeof generalSettingsSchema>
export type GeneralSettings = z.output<typeof generalSettingsSchema>

export const generalSettingsResponseSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  guaranteeDays: z.number().int(),
  renewalGraceDays: z.number().int(),
  installmentInterestBasisPoints: z.number().int(),
  retentionPauseMaxMonths: z.number().int(),
  retentionDiscountPercent: z.number().int(),
})
