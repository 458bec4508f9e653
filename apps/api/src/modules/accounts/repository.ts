import { and, asc, desc, eq, like, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { accessLinks, account, analyticsEvents, checkouts, leads, pendingSubscriptions, plans, session, subscriptions, user, verification } from '../../db/schema/index.js'
import { perDatabase } from '../../db/prepared.js'
import { givesAccessNow } from '../commerce/access-rule.js'
import { isUniqueViolation } from '../../lib/pg-errors.js'

export type UserRow = typeof user.$inferSelect
export type Role = UserRow['role']

/** The provider id Better Auth gives e-mail + password credentials. */
export const CREDENTIAL_PROVIDER = 'credential'

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1)
  return row ?? null
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1)
  return row ?? null
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, 'admin'))
  return Number(row?.n ?? 0)
}

/**
 * Inserts a user and its credential account (the Better Auth rows) in `db`, which should be the
 * caller's transaction. The unique e-mail decides duplicates (no check-then-insert race).
 */
export async function insertUserWithCredential(
  db: Database,
  row: { id: string; accountId: string; email: string; name: string; role: Role; passwordHash: string; emailVerified?: boolean; createdAt?: Date },
): Promise<UserRow | 'duplicate_email'> {
  let created: UserRow | undefined
  try {
    ;[created] = await db
      .insert(user)
      .values({
        id: row.id,
        email: row.email.toLowerCase(),
        name: row.name,
        role: row.role,
        emailVerified: row.emailVerified ?? false,
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
      })
      .returning()
  } catch (error) {
    if (isUniqueViolation(error, 'user_email_unique')) return 'duplicate_email'
    throw error
  }
  if (!created) throw new Error('user: insert returned no row')
  await db.insert(account).values({
    id: row.accountId,
    accountId: row.id,
    providerId: CREDENTIAL_PROVIDER,
    userId: row.id,
    password: row.passwordHash,
  })
  return created
}

export async function findCredentialPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL_PROVIDER)))
    .limit(1)
  return row?.password ?? null
}

/** Sets the credential password, creating the credential account when the user has none. */
export async function upsertCredentialPassword(db: Database, userId: string, passwordHash: string, newAccountId: string): Promise<void> {
  const updated = await db
    .update(account)
    .set({ password: passwordHash, updatedAt: sql`now()` })
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL_PROVIDER)))
    .returning({ id: account.id })
  if (updated.length > 0) return
  await db.insert(account).values({ id: newAccountId, accountId: userId, providerId: CREDENTIAL_PROVIDER, userId, password: passwordHash })
}

export async function setUserRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.update(user).set({ role, updatedAt: sql`now()` }).where(eq(user.id, userId))
}

/**
 * The sign-in of a token with its user, as Better Auth's getSession reads it (its session row by
 * token, joined to its user); the caller decides whether it is still valid. Prepared once per database:
 * it runs on nearly every request (docs/performance.md).
 */
export async function findSignInWithUser(db: Database, token: string) {
  const [row] = await signInWithUserQuery(db).execute({ token })
  return row
}

const signInWithUserQuery = perDatabase((db) =>
  db
    .select({
      signInId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
      // The subscription rule in the same round trip: every subscriber request (and each Range
      // request of the player) needs it right after the sign-in (docs/performance.md).
      subscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${user.id} and ${givesAccessNow()})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('sign_in_with_user'),
)

export async function deleteSignInByToken(db: Database, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token))
}

export async function deleteSignInsOfUser(db: Database, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })
  return rows.length
}

export async function deleteAccountsOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(account).where(eq(account.userId, userId))
}

/** Password-reset tokens pointing at the user (Better Auth stores the user id as the value). */
export async function deleteResetTokensOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
}

export async function deleteUserRow(db: Database, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId))
}

/**
 * Everything stored about a user, for the LGPD export. Secrets (password hash, tokens) are never
 * selected. `email` is null while the account has not proven it: rows found by e-mail are left out.
 */
export async function loadUserData(db: Database, userId: string, email: string | null) {
  const [accounts, sessions, subs, pending, leadRows, events] = await Promise.all([
    db
      .select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
      .from(account)
      .where(eq(account.userId, userId))
      .orderBy(asc(account.createdAt)),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)),
    db
      .select({
        planCode: pendingSubscriptions.planCode,
        provider: pendingSubscriptions.provider,
        currentPeriodEnd: pendingSubscriptions.currentPeriodEnd,
        createdAt: pendingSubscriptions.createdAt,
      })
      .from(pendingSubscriptions)
      .where(email === null ? sql`false` : sql`lower(${pendingSubscriptions.email}) = lower(${email})`),
    db.select().from(leads).where(email === null ? sql`false` : sql`lower(${leads.email}) = lower(${email})`),
    db
      .select({
        eventType: analyticsEvents.eventType,
        eventData: analyticsEvents.eventData,
        // The export keeps the batch's field name for the visitor id.
        sessionId: analyticsEvents.visitorId,
        userAgent: analyticsEvents.userAgent,
        createdAt: analyticsEvents.createdAt,
      })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId))
      .orderBy(asc(analyticsEvents.createdAt)),
  ])
  return { accounts, sessions, subscriptions: subs, pendingSubscriptions: pending, leads: leadRows, analyticsEvents: events }
}

export async function setEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(user).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(user.id, userId))
}

/** The user, locked until the transaction ends: a confirmation applies once even when its link is opened twice at once. */
export async function lockUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id)).for('update')
  return row ?? null
}

/**
 * Moves the account to a new address (an e-mail change confirmed), which counts as unproven until
 * a password is chosen through a link of it (mailbox.ts). 'duplicate_email' when another account
 * took the address meanwhile.
 */
export async function moveToEmail(db: Database, userId: string, email: string): Promise<'moved' | 'duplicate_email'> {
  try {
    await db.update(user).set({ email: email.toLowerCase(), emailVerified: false, updatedAt: sql`now()` }).where(eq(user.id, userId))
    return 'moved'
  } catch (error) {
    if (isUniqueViolation(error, 'user_email_unique')) return 'duplicate_email'
    throw error
  }
}

export async function setDisplayName(db: Database, userId: string, name: string): Promise<UserRow | null> {
  const [row] = await db.update(user).set({ name, updatedAt: sql`now()` }).where(eq(user.id, userId)).returning()
  return row ?? null
}

/** Every sign-in of the user but one (the one that asked for the change). */
export async function deleteOtherSignInsOfUser(db: Database, userId: string, keepSignInId: string): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), sql`${session.id} <> ${keepSignInId}`))
    .returning({ id: session.id })
  return rows.length
}

// ───────────── access links (purchase e-mail) ─────────────

export async function insertAccessLink(db: Database, input: { email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(accessLinks).values({ email: input.email.toLowerCase(), tokenHash: input.tokenHash, expiresAt: input.expiresAt })
}

/** The link of a token hash while it is valid, locked so two uses of one link cannot both succeed. */
export async function lockValidAccessLink(db: Database, tokenHash: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: accessLinks.id, email: accessLinks.email })
    .from(accessLinks)
    .where(and(eq(accessLinks.tokenHash, tokenHash), sql`${accessLinks.expiresAt} > now()`))
    .for('update')
  return row ?? null
}

export async function findValidAccessLink(db: Database, tokenHash: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: accessLinks.id, email: accessLinks.email })
    .from(accessLinks)
    .where(and(eq(accessLinks.tokenHash, tokenHash), sql`${accessLinks.expiresAt} > now()`))
  return row ?? null
}

/** After a link was used (or the account removed): no link of the e-mail stays usable. */
export async function deleteAccessLinksOfEmail(db: Database, email: string): Promise<number> {
  const rows = await db.delete(accessLinks).where(sql`lower(${accessLinks.email}) = lower(${email})`).returning({ id: accessLinks.id })
  return rows.length
}

/** Paid purchases waiting for an e-mail, with the name typed at checkout and the plan's name. */
export async function listWaitingPurchasesOfEmail(db: Database, email: string) {
  return db
    .select({
      id: pendingSubscriptions.id,
      planCode: pendingSubscriptions.planCode,
      planName: plans.name,
      customerName: checkouts.customerName,
      createdAt: pendingSubscriptions.createdAt,
    })
    .from(pendingSubscriptions)
    .leftJoin(plans, eq(plans.code, pendingSubscriptions.planCode))
    .leftJoin(checkouts, eq(checkouts.id, pendingSubscriptions.checkoutId))
    .where(sql`lower(${pendingSubscriptions.email}) = lower(${email})`)
    .orderBy(desc(pendingSubscriptions.createdAt))
}
