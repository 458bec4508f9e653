import type { GeneralSettings } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { recordAudit } from '../../lib/audit/service.js'
import { writeSetting } from './settings-repository.js'
import { getGuaranteeDays, getInstallmentInterestBasisPoints, getProductName, getRenewalGraceDays, getRetentionOffer, getSupportEmail, SETTING_KEYS } from './settings-service.js'

export interface SettingsActor {
  userId: string
  ip: string | null
}

export async function readGeneralSettings(db: Database): Promise<Required<GeneralSettings>> {
  const [productName, supportEmail, guaranteeDays, renewalGraceDays, installmentInterestBasisPoints, retention] = await Promise.all([
    getProductName(db),
    getSupportEmail(db),
    getGuaranteeDays(db),
    getRenewalGraceDays(db),
    getInstallmentInterestBasisPoints(db),
    getRetentionOffer(db),
  ])
  return {
    productName,
    supportEmail,
    guaranteeDays,
    renewalGraceDays,
    installmentInterestBasisPoints,
    retentionPauseMaxMonths: retention.pauseMaxMonths,
    retentionDiscountPercent: retention.discountPercent,
  }
}

/** Saves the settings and one audit row with what changed, in one transaction. */
export async function saveGeneralSettings(db: Database, actor: SettingsActor, input: GeneralSettings): Promise<Required<GeneralSettings>> {
  await db.transaction(async (tx) => {
    const before = await readGeneralSettings(tx)
    await writeSetting(tx, SETTING_KEYS.productName, input.productName)
    await writeSetting(tx, SETTING_KEYS.supportEmail, input.supportEmail)
    await writeSetting(tx, SETTING_KEYS.guaranteeDays, input.guaranteeDays)
    await writeSetting(tx, SETTING_KEYS.renewalGraceDays, input.renewalGraceDays)
    await writeSetting(tx, SETTING_KEYS.installmentInterest, input.installmentInterestBasisPoints)
    await writeSetting(tx, SETTING_KEYS.retentionOffer, {
      pauseMaxMonths: input.retentionPauseMaxMonths ?? before.retentionPauseMaxMonths,
      discountPercent: input.retentionDiscountPercent ?? before.retentionDiscountPercent,
    })
    const changed = (Object.keys(input) as (keyof GeneralSettings)[]).filter((key) => input[key] !== undefined && before[key] !== input[key])
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'setting_updated',
      target: 'settings:general',
      outcome: 'success',
      ip: actor.ip,
      details: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: input[key] }])),
    })
  })
  return readGeneralSettings(db)
}

/** The guarantee window alone: commerce's guarantee page checks the range and audits the change. */
export async function saveGuaranteeDays(db: Database, days: number): Promise<void> {
  await writeSetting(db, SETTING_KEYS.guaranteeDays, days)
}
