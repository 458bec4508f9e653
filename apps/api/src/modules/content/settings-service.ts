import { DEFAULT_RETENTION_OFFER, retentionOfferSettingSchema, type RetentionOfferSetting, DEFAULT_GUARANTEE_DAYS, DEFAULT_PRODUCT_NAME, DEFAULT_RENEWAL_GRACE_DAYS, MAX_INSTALLMENT_INTEREST_BASIS_POINTS, MAX_RENEWAL_GRACE_DAYS } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { readSetting } from './settings-repository.js'

export const SETTING_KEYS = {
  productName: 'product_name',
  guaranteeDays: 'guarantee_days',
  supportEmail: 'support_email',
  renewalGraceDays: 'renewal_grace_days',
  installmentInterest: 'installment_interest_bp',
  retentionOffer: 'retention_offer',
} as const

export const DEFAULT_SUPPORT_EMAIL = 'contato@sintonia.app'

/** The product name is an admin setting ("Sintonia" by default), never hard-coded in pages. */
export async function getProductName(db: Database): Promise<string> {
  const value = await readSetting(db, SETTING_KEYS.productName)
  return typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_PRODUCT_NAME
}

/** The address people write to (replies to product e-mails, LGPD requests). */
export async function getSupportEmail(db: Database): Promise<string> {
  const value = await readSetting(db, SETTING_KEYS.supportEmail)
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim() : DEFAULT_SUPPORT_EMAIL
}

/** Days a failed renewal keeps access while the period is paid by Pix or boleto (docs/payments.md). */
export async function getRenewalGraceDays(db: Database): Promise<number> {
  const value = await readSetting(db, SETTING_KEYS.renewalGraceDays)
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_RENEWAL_GRACE_DAYS ? value : DEFAULT_RENEWAL_GRACE_DAYS
}

/** The monthly interest on card instalments, in basis points; 0 ("sem juros") by default. */
export async function getInstallmentInterestBasisPoints(db: Database): Promise<number> {
  const value = await readSetting(db, SETTING_KEYS.installmentInterest)
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INSTALLMENT_INTEREST_BASIS_POINTS ? value : 0
}

export async function getGuaranteeDays(db: Database): Promise<number> {
  const value = await readSetting(db, SETTING_KEYS.guaranteeDays)
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_GUARANTEE_DAYS
}

/** What a subscriber who asks to cancel is offered once (docs/product/commerce.md#a-fair-goodbye). */
export async function getRetentionOffer(db: Database): Promise<RetentionOfferSetting> {
  const parsed = retentionOfferSettingSchema.safeParse(await readSetting(db, SETTING_KEYS.retentionOffer))
  return parsed.success ? parsed.data : DEFAULT_RETENTION_OFFER
}
