import { randomUUID } from 'node:crypto'
import {
  AUTH_MSG,
  defaultDisplayName,
  type Me,
  type OnboardingPasswordInput,
  type Portal,
  type SignInInput,
  type SignUpInput,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { SintoniaAuth } from '../../lib/auth/create-auth.js'
import { authErrorCode, isBetterAuthError, toHttpError } from '../../lib/auth/errors.js'
import { HttpError } from '../../plugins/errors.js'
import { detachCommerceDataOfPerson, loadCommerceDataOfPerson } from '../payments/repository.js'
import { recordAudit } from '../audit/service.js'
import { detachSubscriptionsOfUser } from '../subscriptions/repository.js'
import { mergePendingSubscriptions } from '../subscriptions/service.js'
import {
  anonymiseAnalyticsOfUser,
  deleteAccountsOfUser,
  deleteLeadsByEmail,
  deleteResetTokensOfUser,
  deleteSessionByToken,
  deleteSessionsOfUser,
  deleteUserRow,
  findCredentialPasswordHash,
  findUserByEmail,
  findUserById,
  insertUserWithCredential,
  loadUserData,
  type Role,
  type UserRow,
} from './repository.js'

export interface AccountDeps {
  db: Database
  auth: SintoniaAuth
}

/** Result of a route that signs someone in: the answer and the Set-Cookie headers to forward. */
export interface SignedIn {
  me: Me
  cookies: Headers
}

/** What replaces the e-mail of a deleted listener's subscriptions (kept for accounting). */
export const DELETED_ACCOUNT_EMAIL = 'conta-excluida@anonimo.invalid'

export function toMe(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): Me {
  return {
    user: {
      id: row.id,
      email: row.email,
      displayName: row.name.trim() || defaultDisplayName(row.email),
      role: row.role === 'admin' ? 'admin' : 'user',
    },
  }
}

function displayNameFor(name: string | undefined, email: string): string {
  return name?.trim() || defaultDisplayName(email)
}

function newId(ctx: Awaited<SintoniaAuth['$context']>, model: 'user' | 'account'): string {
  return ctx.generateId({ model }) || randomUUID()
}

/**
 * Creates a user with an e-mail + password credential, in the caller's transaction. The password
 * is hashed by Better Auth (its scrypt), the rows are Better Auth's, the role is decided here and
 * never by a request.
 */
export async function createCredentialUser(
  tx: Database,
  auth: SintoniaAuth,
  input: { email: string; name?: string | undefined; passwordHash: string; role: Role },
): Promise<UserRow | 'duplicate_email'> {
  const ctx = await auth.$context
  return insertUserWithCredential(tx, {
    id: newId(ctx, 'user'),
    accountId: newId(ctx, 'account'),
    email: input.email.toLowerCase(),
    name: displayNameFor(input.name, input.email),
    role: input.role,
    passwordHash: input.passwordHash,
  })
}

export async function hashPassword(auth: SintoniaAuth, password: string): Promise<string> {
  const ctx = await auth.$context
  return ctx.password.hash(password)
}

/**
 * Opens a session for credentials already known to be valid and returns its token and cookies.
 * Better Auth verifies the password again and refuses banned users (BANNED_USER).
 */
async function openSession(deps: AccountDeps, email: string, password: string, headers: Headers, fallback: string) {
  try {
    const { headers: cookies, response } = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers,
      returnHeaders: true,
    })
    return { cookies, token: response.token, userId: response.user.id }
  } catch (error) {
    throw toHttpError(error, fallback)
  }
}

/**
 * Sign-up (/login, tab Cadastro). The account is always a listener (role 'user'); the display
 * name defaults to the part of the e-mail before '@'. With a checkout session id, the pay-first
 * subscription of that e-mail is merged in the same transaction as the account: both exist or
 * neither does. Then a session is opened (cookie).
 */
export async function signUp(deps: AccountDeps, input: SignUpInput, headers: Headers): Promise<SignedIn> {
  const passwordHash = await hashPassword(deps.auth, input.password)
  const created = await deps.db.transaction(async (tx) => {
    const row = await createCredentialUser(tx, deps.auth, { email: input.email, name: input.name, passwordHash, role: 'user' })
    if (row === 'duplicate_email') throw new HttpError(409, AUTH_MSG.alreadyRegistered)
    if (input.sessionId) await mergePendingSubscriptions(tx, { userId: row.id, email: row.email, checkoutSessionId: input.sessionId })
    return row
  })
  const { cookies } = await openSession(deps, created.email, input.password, headers, AUTH_MSG.internalSignUp)
  return { me: toMe(created), cookies }
}

const PORTAL_REFUSALS: Record<Portal, { refuses: Role; message: string }> = {
  user: { refuses: 'admin', message: AUTH_MSG.adminMustUseAdminLogin },
  admin: { refuses: 'user', message: AUTH_MSG.userMustUseUserLogin },
}

/**
 * Sign-in on the listener portal (/login) or the admin portal (/admin/login). The password is
 * checked first, so a refusal by portal never tells a stranger which role an e-mail has; a refused
 * sign-in leaves no session behind. With a checkout session id the pending subscription is merged.
 */
export async function signIn(deps: AccountDeps, input: SignInInput, headers: Headers): Promise<SignedIn> {
  const opened = await openSession(deps, input.email, input.password, headers, AUTH_MSG.internalLogin)
  try {
    const row = await findUserById(deps.db, opened.userId)
    if (!row) throw new HttpError(401, AUTH_MSG.userNotFound)
    const refusal = PORTAL_REFUSALS[input.portal]
    if (row.role === refusal.refuses) throw new HttpError(403, refusal.message)
    if (input.sessionId) {
      const sessionId = input.sessionId
      await deps.db.transaction((tx) => mergePendingSubscriptions(tx, { userId: row.id, email: row.email, checkoutSessionId: sessionId }))
    }
    return { me: toMe(row), cookies: opened.cookies }
  } catch (error) {
    await deleteSessionByToken(deps.db, opened.token)
    throw error
  }
}

export async function signOut(deps: AccountDeps, headers: Headers): Promise<Headers> {
  try {
    const { headers: cookies } = await deps.auth.api.signOut({ headers, returnHeaders: true })
    return cookies
  } catch (error) {
    throw toHttpError(error, AUTH_MSG.internalLogout)
  }
}

/**
 * Forgot password: Better Auth creates the token (1 h) and calls back to enqueue the e-mail. The
 * answer never tells whether the e-mail has an account.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, headers: Headers, log: { warn(o: object, m: string): void }) {
  try {
    await deps.auth.api.requestPasswordReset({ body: { email }, headers })
  } catch (error) {
    if (!isBetterAuthError(error)) throw error
    log.warn({ code: authErrorCode(error) }, 'pedido de redefinição de senha recusado pelo Better Auth')
  }
}

/** Sets the new password from a reset token; Better Auth revokes every session of the user. */
export async function resetPassword(deps: AccountDeps, input: { token: string; newPassword: string }): Promise<void> {
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } })
  } catch (error) {
    const code = authErrorCode(error)
    if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED' || code === 'USER_NOT_FOUND') {
      throw new HttpError(400, AUTH_MSG.resetInvalidToken)
    }
    throw toHttpError(error)
  }
}

/**
 * Pay-first onboarding (/onboarding/definir-senha): allowed only while a paid pending subscription
 * exists for the e-mail and no account uses it. The account, the merged subscription and the
 * deletion of the pending row commit together; then a session is opened.
 */
export async function onboardingPassword(deps: AccountDeps, input: OnboardingPasswordInput, headers: Headers): Promise<SignedIn> {
  const passwordHash = await hashPassword(deps.auth, input.password)
  const created = await deps.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw new HttpError(403, AUTH_MSG.onboardingNotAllowed)
    const row = await createCredentialUser(tx, deps.auth, { email: input.email, passwordHash, role: 'user' })
    if (row === 'duplicate_email') throw new HttpError(403, AUTH_MSG.onboardingNotAllowed)
    const merged = await mergePendingSubscriptions(tx, { userId: row.id, email: row.email, checkoutSessionId: input.sessionId })
    // Nothing paid for this e-mail and this checkout: the account must not exist either.
    if (merged === 0) throw new HttpError(403, AUTH_MSG.onboardingNotAllowed)
    return row
  })
  const { cookies } = await openSession(deps, created.email, input.password, headers, AUTH_MSG.onboardingFailed)
  return { me: toMe(created), cookies }
}

export const EXPORT_FILENAME = 'sintonia-meus-dados.json'

/** LGPD export: everything stored about the person, without password hashes or session tokens. */
export async function exportUserData(db: Database, userId: string) {
  const row = await findUserById(db, userId)
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  const [data, commerce] = await Promise.all([loadUserData(db, row.id, row.email), loadCommerceDataOfPerson(db, row.id, row.email)])
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: row.id,
      email: row.email,
      displayName: toMe(row).user.displayName,
      role: row.role,
      emailVerified: row.emailVerified,
      banned: row.banned,
      banReason: row.banReason,
      banExpires: row.banExpires,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      loginMethods: data.accounts,
    },
    sessions: data.sessions,
    subscriptions: data.subscriptions,
    pendingSubscriptions: data.pendingSubscriptions,
    checkouts: commerce.checkouts,
    payments: commerce.payments,
    refundRequests: commerce.refundRequests,
    leads: data.leads,
    analyticsEvents: data.analyticsEvents,
  }
}

async function passwordMatches(deps: AccountDeps, userId: string, password: string): Promise<boolean> {
  const hash = await findCredentialPasswordHash(deps.db, userId)
  if (!hash) return false
  const ctx = await deps.auth.$context
  return ctx.password.verify({ hash, password })
}

/**
 * LGPD deletion, confirmed with the password. In one transaction: sessions revoked, credentials,
 * reset tokens and the user deleted, analytics events anonymised, the lead with their e-mail
 * deleted, subscriptions, checkouts, payments and guarantee requests kept for accounting but
 * detached (no user, placeholder e-mail, no name or free text), and an
 * 'account_deleted' audit row.
 */
export async function deleteAccount(deps: AccountDeps, input: { userId: string; password: string; ip: string | null }): Promise<void> {
  const row = await findUserById(deps.db, input.userId)
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  if (!(await passwordMatches(deps, row.id, input.password))) throw new HttpError(403, AUTH_MSG.deleteConfirmationWrong)
  await deps.db.transaction(async (tx) => {
    const sessions = await deleteSessionsOfUser(tx, row.id)
    await deleteResetTokensOfUser(tx, row.id)
    const analytics = await anonymiseAnalyticsOfUser(tx, row.id)
    const leadsDeleted = await deleteLeadsByEmail(tx, row.email)
    const subscriptionsDetached = await detachSubscriptionsOfUser(tx, row.id, DELETED_ACCOUNT_EMAIL)
    const commerceDetached = await detachCommerceDataOfPerson(tx, row.id, row.email, DELETED_ACCOUNT_EMAIL)
    await deleteAccountsOfUser(tx, row.id)
    await deleteUserRow(tx, row.id)
    await recordAudit(tx, {
      actorUserId: row.id,
      action: 'account_deleted',
      target: `user:${row.id}`,
      outcome: 'success',
      ip: input.ip,
      details: { role: row.role, sessionsRevoked: sessions, analyticsAnonymised: analytics, leadsDeleted, subscriptionsDetached, commerceDetached },
    })
  })
}
