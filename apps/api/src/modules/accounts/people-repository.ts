import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { accessLinks, checkouts, pendingSubscriptions, plans, refundRequests, session, subscriptions, user } from '../../db/schema/index.js'

export type AdminUserRow = Pick<typeof user.$inferSelect, 'id' | 'name' | 'email' | 'role' | 'banned' | 'banReason' | 'banExpires' | 'createdAt'>
export interface UserSubscriptionRow {
  sub: typeof subscriptions.$inferSelect
  planName: string | null
}

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  createdAt: user.createdAt,
}

/** LIKE wildcards typed by the admin are matched literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A page of accounts whose name or e-mail contains `q` (accents and case ignored), newest first. */
export async function searchUsers(db: Database, q: string, limit: number, offset: number): Promise<{ rows: AdminUserRow[]; total: number }> {
  const pattern = likePattern(q)
  const where = q
    ? or(
        sql`immutable_unaccent(lower(${user.name})) like immutable_unaccent(${pattern})`,
        sql`${user.email} like ${pattern}`,
      )
    : undefined
  const [rows, totals] = await Promise.all([
    db.select(userColumns).from(user).where(where).orderBy(desc(user.createdAt), asc(user.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(user).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

export async function findAdminUser(db: Database, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, userId))
  return row ?? null
}

/** Every subscription of these users with its plan name, most recently changed first. */
export async function subscriptionsOfUsers(db: Database, userIds: string[]): Promise<UserSubscriptionRow[]> {
  if (userIds.length === 0) return []
  return db
    .select({ sub: subscriptions, planName: plans.name })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.code, subscriptions.planCode))
    .where(inArray(subscriptions.userId, userIds))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.createdAt))
}

/** Which of these users have a guarantee refund request waiting for an admin (by the request's subscription). */
export async function usersWithPendingRefund(db: Database, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ userId: subscriptions.userId })
    .from(refundRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, refundRequests.subscriptionId))
    .where(and(eq(refundRequests.status, 'pending'), inArray(subscriptions.userId, userIds)))
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))
}

export async function updateRole(db: Database, userId: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId))
}

export async function updateBan(db: Database, userId: string, banned: boolean, reason: string | null): Promise<void> {
  await db
    .update(user)
    .set({ banned, banReason: banned ? reason : null, banExpires: null, updatedAt: new Date() })
    .where(eq(user.id, userId))
}

/** Ends every sign-in of the user: the next request with their cookie is anonymous. */
export async function revokeSignIns(db: Database, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })
  return rows.length
}

/** Paid purchases waiting for their buyer ("Pagamento sem conta"), newest first. */
export async function listUnclaimedPurchases(db: Database) {
  return db
    .select({
      id: pendingSubscriptions.id,
      email: pendingSubscriptions.email,
      planCode: pendingSubscriptions.planCode,
      planName: plans.name,
      customerName: checkouts.customerName,
      amountCents: checkouts.amountCents,
      currency: checkouts.currency,
      paidAt: sql<Date>`coalesce(${checkouts.completedAt}, ${pendingSubscriptions.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      lastAccessLinkAt: sql<Date | null>`(select max(${accessLinks.createdAt}) from ${accessLinks} where lower(${accessLinks.email}) = lower(${pendingSubscriptions.email}))`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
      accountExists: sql<boolean>`exists (select 1 from ${user} where ${user.email} = lower(${pendingSubscriptions.email}))`,
    })
    .from(pendingSubscriptions)
    .leftJoin(plans, eq(plans.code, pendingSubscriptions.planCode))
    .leftJoin(checkouts, eq(checkouts.id, pendingSubscriptions.checkoutId))
    .orderBy(desc(pendingSubscriptions.createdAt))
    .limit(500)
}

export async function findUnclaimedPurchaseEmail(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ email: pendingSubscriptions.email }).from(pendingSubscriptions).where(eq(pendingSubscriptions.id, id))
  return row?.email ?? null
}
