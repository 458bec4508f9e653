/**
 * A person's commerce records for the LGPD rights accounts serves (docs/product/accounts.md): the
 * export, and on deletion the detachment — subscriptions, checkouts, payments, guarantee requests
 * and gifts stay for accounting but no longer name the person.
 */
import type { Database } from '../../db/client.js'
import { detachCommerceDataOfPerson, loadCommerceDataOfPerson as loadRecords } from './repository.js'
import { detachSubscriptionsOfUser } from './subscriptions-repository.js'
import { detachGiftsOfPerson, giftsOfPersonForExport } from './gifts-repository.js'

/** The person's checkouts, payments, guarantee requests and gifts (bought and received), for the export. */
export async function loadCommerceDataOfPerson(db: Database, userId: string, email: string | null) {
  const [records, gifts] = await Promise.all([loadRecords(db, userId, email), giftsOfPersonForExport(db, userId, email)])
  return { ...records, gifts }
}

/**
 * Detaches the person's commerce rows: subscriptions by account; checkouts, payments and guarantee
 * requests by account and, when `email` is given (a proven address), by e-mail. Call it inside the
 * account deletion's transaction. Returns how many rows of each were detached.
 */
export async function detachCommerceOfPerson(db: Database, input: { userId: string; email: string | null; placeholderEmail: string }) {
  const subscriptions = await detachSubscriptionsOfUser(db, input.userId, input.placeholderEmail)
  const others = await detachCommerceDataOfPerson(db, input.userId, input.email, input.placeholderEmail)
  const gifts = await detachGiftsOfPerson(db, input.userId, input.email, input.placeholderEmail)
  return { subscriptions, others: { ...others, ...gifts } }
}
