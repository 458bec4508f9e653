import {
  AUTH_MSG,
  GIFT_MSG,
  defaultDisplayName,
  type ChangePasswordInput,
  type Me,
  type OnboardingPasswordInput,
  type Portal,
  type SignInInput,
  type SignUpInput,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { SintoniaAuth } from '../../lib/auth/create-auth.js'
import { authErrorCode, isBetterAuthError, toHttpError } from '../../lib/auth/errors.js'
import { HttpError } from '../../lib/http/errors.js'
import { detachCommerceOfPerson, loadCommerceDataOfPerson } from '../commerce/person-data-service.js'
import { deleteLeadOfEmail } from '../communication/leads-service.js'
import { anonymiseAnalyticsOfUser } from '../insights/analytics-service.js'
import { exportCheckInsOf } from '../practice/check-ins-service.js'
import { recordAudit } from '../../lib/audit/service.js'
import { mergePendingSubscriptions } from '../commerce/subscriptions-service.js'
import { giftRecipientOfLink, redeemGift } from '../commerce/gifts-service.js'
import { createCredentialUser, hashPassword } from './credentials.js'
import { activateWithAccessLink, enqueueVerificationEmail, sendAccessLink, type MailboxDeps } from './mailbox.js'
import {
  deleteAccountsOfUser,
  deleteResetTokensOfUser,
  deleteSignInByToken,
  deleteAccessLinksOfEmail,
  deleteSignInsOfUser,
  deleteUserRow,
  findCredentialPasswordHash,
  findUserByEmail,
  findUserById,
  loadUserData,
  setDisplayName,
  type Role,
  type UserRow,
} from './repository.js'

export interface AccountDeps {
  db: Database
  auth: SintoniaAuth
}

/** Routes that send e-mail also need the mailer and the public address for links. */
export type AccountMailDeps = AccountDeps & MailboxDeps

/** Result of a route that signs someone in: the answer and the Set-Cookie headers to forward. */
export interface SignedIn {
  me: Me
  cookies: Headers
}

/** What replaces the e-mail of a deleted listener's subscriptions (kept for accounting). */
export const DELETED_ACCOUNT_EMAIL = 'conta-excluida@anonimo.invalid'

export function toMe(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'emailVerified'>): Me {
  return {
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      displayName: row.name.trim() || defaultDisplayName(row.email),
      role: row.role === 'admin' ? 'admin' : 'user',
    },
  }
}

/**
 * Signs in with credentials already known to be valid and returns the sign-in's token and cookies.
 * Better Auth verifies the password again and refuses banned users (BANNED_USER).
 */
async function openSignIn(deps: AccountDeps, email: string, password: string, headers: Headers, fallback: string) {
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
 * name defaults to the part of the e-mail before '@'. The e-mail is not proven yet: the account
 * and its confirmation e-mail commit together, and nothing recorded for the address before (a
 * paid purchase, a lead) is attached until the link is opened (mailbox.ts). A checkout id in the
 * request grants nothing. Then the person is signed in (cookie).
 */
export async function signUp(deps: AccountMailDeps, input: SignUpInput, headers: Headers, now = new Date()): Promise<SignedIn> {
  const passwordHash = await hashPassword(deps.auth, input.password)
  const created = await deps.db.transaction(async (tx) => {
    const row = await createCredentialUser(tx, deps.auth, { email: input.email, name: input.name, passwordHash, role: 'user', createdAt: now })
    if (row === 'duplicate_email') throw new HttpError(409, AUTH_MSG.alreadyRegistered)
    await enqueueVerificationEmail(tx, deps, row)
    return row
  })
  const { cookies } = await openSignIn(deps, created.email, input.password, headers, AUTH_MSG.internalSignUp)
  return { me: toMe(created), cookies }
}

const PORTAL_REFUSALS: Record<Portal, { refuses: Role; message: string }> = {
  user: { refuses: 'admin', message: AUTH_MSG.adminMustUseAdminLogin },
  admin: { refuses: 'user', message: AUTH_MSG.userMustUseUserLogin },
}

/**
 * Sign-in on the listener portal (/login) or the admin portal (/admin/login). The password is
 * checked first, so a refusal by portal never tells a stranger which role an e-mail has; a refused
 * sign-in leaves nobody signed in. With a checkout id and a verified e-mail, that
 * checkout's waiting purchase is activated.
 */
export async function signIn(deps: AccountDeps, input: SignInInput, headers: Headers): Promise<SignedIn> {
  const opened = await openSignIn(deps, input.email, input.password, headers, AUTH_MSG.internalLogin)
  try {
    const row = await findUserById(deps.db, opened.userId)
    if (!row) throw new HttpError(401, AUTH_MSG.userNotFound)
    const refusal = PORTAL_REFUSALS[input.portal]
    if (row.role === refusal.refuses) throw new HttpError(403, refusal.message)
    // The product's "pending subscription merge" after a login with session_id: only for an e-mail
    // the account has proven, and only that checkout's purchase (docs/product/accounts.md).
    if (input.checkoutId && row.emailVerified) {
      const checkoutId = input.checkoutId
      await deps.db.transaction((tx) => mergePendingSubscriptions(tx, { userId: row.id, email: row.email, checkoutId }))
    }
    return { me: toMe(row), cookies: opened.cookies }
  } catch (error) {
    await deleteSignInByToken(deps.db, opened.token)
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
 * Forgot password. When a paid purchase waits for the e-mail and no account has proven it, the
 * purchase's access link goes out instead (a buyer who closed the tab comes back this way);
 * otherwise Better Auth creates the reset token (1 h) and calls back to enqueue the e-mail. The
 * answer is the same in every case, so it never tells whether the e-mail has an account.
 */
export async function requestPasswordReset(deps: AccountMailDeps, email: string, headers: Headers, log: { warn(o: object, m: string): void }) {
  const existing = await findUserByEmail(deps.db, email)
  if (!existing?.emailVerified) {
    const sent = await deps.db.transaction((tx) => sendAccessLink(tx, deps, email, 'forgot'))
    if (sent) return
  }
  try {
    await deps.auth.api.requestPasswordReset({ body: { email }, headers })
  } catch (error) {
    if (!isBetterAuthError(error)) throw error
    log.warn({ code: authErrorCode(error) }, 'pedido de redefinição de senha recusado pelo Better Auth')
  }
}

/** Sets the new password from a reset token; Better Auth revokes every sign-in of the user. */
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
 * The access link's page (/onboarding/definir-senha?token=): the mailbox owner chooses the
 * password; the account is created or taken back and every waiting purchase activated
 * (mailbox.ts); then the person is signed in.
 */
export async function onboardingPassword(deps: AccountDeps, input: OnboardingPasswordInput, headers: Headers, ip: string | null, now = new Date()): Promise<SignedIn> {
  const passwordHash = await hashPassword(deps.auth, input.password)
  const row = await activateWithAccessLink(deps, { token: input.token, passwordHash, ip, now })
  const { cookies } = await openSignIn(deps, row.email, input.password, headers, AUTH_MSG.onboardingFailed)
  return { me: toMe(row), cookies }
}

/**
 * The gift link's recipient without an account creates it there: the link was e-mailed to them, so
 * it proves the mailbox (the address counts as confirmed), the gift is redeemed in the same
 * transaction, and they are signed in. 409 when an account has the e-mail (they sign in instead).
 */
export async function createAccountForGift(
  deps: AccountMailDeps & { mailer: AccountMailDeps['mailer'] & { kick(): void } },
  input: { token: string; name: string; password: string },
  headers: Headers,
  ip: string | null,
  now = new Date(),
): Promise<SignedIn> {
  const passwordHash = await hashPassword(deps.auth, input.password)
  const row = await deps.db.transaction(async (tx) => {
    const recipient = await giftRecipientOfLink(tx, input.token)
    if (await findUserByEmail(tx, recipient.email)) throw new HttpError(409, GIFT_MSG.accountExists)
    const created = await createCredentialUser(tx, deps.auth, { email: recipient.email, name: input.name, passwordHash, role: 'user', emailVerified: true, createdAt: now })
    if (created === 'duplicate_email') throw new HttpError(409, GIFT_MSG.accountExists)
    await redeemGift(tx, deps, input.token, { id: created.id, email: created.email, role: 'user' }, now, ip)
    await recordAudit(tx, { actorUserId: created.id, action: 'account_created_from_gift', target: `user:${created.id}`, outcome: 'success', ip, details: {} })
    return created
  })
  deps.mailer.kick()
  const { cookies } = await openSignIn(deps, row.email, input.password, headers, AUTH_MSG.onboardingFailed)
  return { me: toMe(row), cookies }
}

/** Minha conta: the display name. */
export async function updateDisplayName(db: Database, userId: string, name: string): Promise<Me> {
  const row = await setDisplayName(db, userId, name.trim())
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  return toMe(row)
}

/**
 * Minha conta: a new password, confirmed with the current one. Better Auth replaces it, ends
 * every sign-in and opens a new one for this browser (its cookie is in the answer).
 */
export async function changePassword(deps: AccountDeps, input: ChangePasswordInput, headers: Headers): Promise<Headers> {
  if (input.currentPassword === input.newPassword) throw new HttpError(400, AUTH_MSG.samePassword)
  try {
    const { headers: cookies } = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    })
    return cookies
  } catch (error) {
    const code = authErrorCode(error)
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new HttpError(403, AUTH_MSG.currentPasswordWrong)
    throw toHttpError(error)
  }
}

/**
 * Minha conta: asks to move the account to another e-mail. Better Auth signs a token naming the
 * new address and sends it there (createAuth → sendVerificationEmail); the account keeps its
 * address until the link is opened. The answer is the same when the address belongs to someone
 * else, so it never tells who has an account.
 */
export async function requestEmailChange(deps: AccountDeps, currentEmail: string, newEmail: string, headers: Headers): Promise<void> {
  if (newEmail.toLowerCase() === currentEmail.toLowerCase()) throw new HttpError(400, AUTH_MSG.emailSame)
  try {
    await deps.auth.api.changeEmail({ body: { newEmail }, headers })
  } catch (error) {
    throw toHttpError(error)
  }
}

/** Sends the sign-up confirmation e-mail again; 409 when the e-mail is already confirmed. */
export async function resendVerification(deps: AccountMailDeps, userId: string): Promise<void> {
  const row = await findUserById(deps.db, userId)
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  if (row.emailVerified) throw new HttpError(409, AUTH_MSG.alreadyVerified)
  await enqueueVerificationEmail(deps.db, deps, row)
}

export const EXPORT_FILENAME = 'sintonia-meus-dados.json'

/** LGPD export: everything stored about the person, without password hashes or sign-in tokens. */
export async function exportUserData(db: Database, userId: string) {
  const row = await findUserById(db, userId)
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  // Rows found by e-mail only once the account proved it owns the address (docs/product/accounts.md).
  const provenEmail = row.emailVerified ? row.email : null
  const [data, commerce, checkIns] = await Promise.all([
    loadUserData(db, row.id, provenEmail),
    loadCommerceDataOfPerson(db, row.id, provenEmail),
    exportCheckInsOf(db, row.id),
  ])
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
    gifts: commerce.gifts,
    refundRequests: commerce.refundRequests,
    leads: data.leads,
    analyticsEvents: data.analyticsEvents,
    practiceCheckIns: checkIns,
  }
}

async function passwordMatches(deps: AccountDeps, userId: string, password: string): Promise<boolean> {
  const hash = await findCredentialPasswordHash(deps.db, userId)
  if (!hash) return false
  const ctx = await deps.auth.$context
  return ctx.password.verify({ hash, password })
}

/**
 * LGPD deletion, confirmed with the password. In one transaction: sign-ins revoked, credentials,
 * reset tokens and the user deleted, analytics events anonymised, the lead with their e-mail
 * deleted (only for a verified e-mail), subscriptions, checkouts, payments and guarantee requests kept for accounting but
 * detached (no user, placeholder e-mail, no name or free text), and an
 * 'account_deleted' audit row.
 */
export async function deleteAccount(deps: AccountDeps, input: { userId: string; password: string; ip: string | null }): Promise<void> {
  const row = await findUserById(deps.db, input.userId)
  if (!row) throw new HttpError(404, AUTH_MSG.userNotFound)
  if (!(await passwordMatches(deps, row.id, input.password))) throw new HttpError(403, AUTH_MSG.deleteConfirmationWrong)
  await deps.db.transaction(async (tx) => {
    const signInsRevoked = await deleteSignInsOfUser(tx, row.id)
    await deleteResetTokensOfUser(tx, row.id)
    const analytics = await anonymiseAnalyticsOfUser(tx, row.id)
    // Rows found by e-mail are touched only when the account proved it owns the address.
    const provenEmail = row.emailVerified ? row.email : null
    const leadsDeleted = provenEmail ? await deleteLeadOfEmail(tx, provenEmail) : 0
    if (provenEmail) await deleteAccessLinksOfEmail(tx, provenEmail)
    const detached = await detachCommerceOfPerson(tx, { userId: row.id, email: provenEmail, placeholderEmail: DELETED_ACCOUNT_EMAIL })
    await deleteAccountsOfUser(tx, row.id)
    await deleteUserRow(tx, row.id)
    await recordAudit(tx, {
      actorUserId: row.id,
      action: 'account_deleted',
      target: `user:${row.id}`,
      outcome: 'success',
      ip: input.ip,
      details: {
        role: row.role,
        sessionsRevoked: signInsRevoked,
        analyticsAnonymised: analytics,
        leadsDeleted,
        subscriptionsDetached: detached.subscriptions,
        commerceDetached: detached.others,
      },
    })
  })
}
