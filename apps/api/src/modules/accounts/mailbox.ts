/**
 * Proof of a mailbox (docs/product/accounts.md, "E-mail ownership"). Nothing recorded for an
 * e-mail before its account existed — a paid purchase above all — reaches an account until the
 * person proved they read that mailbox:
 *
 * - the purchase's **access link** (sent when a pay-first purchase is paid, again on request, and
 *   by "Esqueci minha senha" for an e-mail whose purchase waits): whoever opens it chooses the
 *   account's password — creating the account, or replacing the password of one a stranger may
 *   have registered first (their sign-ins end) — and every purchase waiting for the e-mail is
 *   activated;
 * - a **password reset** link: the same power, so it also activates what waits;
 * - the **confirmation link** (Better Auth's signed token) sent at sign-up and for an e-mail
 *   change: the account's password and sign-ins were set before anyone proved the mailbox — maybe
 *   by a stranger — so opening it hands the account to whoever opened it, never to them: every
 *   sign-in ends, the old password stops working and the answer carries a fresh access link with
 *   which the person who clicked chooses the password (ADR 023). The address counts as confirmed
 *   only once that password is chosen.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createEmailVerificationToken } from 'better-auth/api'
import { AUTH_MSG, defaultDisplayName, type AccessLinkPreview, type VerifyEmailResult } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { verifyConfirmationToken, VERIFY_TOKEN_TTL_SECONDS, type SintoniaAuth } from '../../lib/auth/create-auth.js'
import type { Mailer } from '../../plugins/mailer.js'
import { HttpError } from '../../lib/http/errors.js'
import { recordAudit } from '../../lib/audit/service.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { mergePendingSubscriptions } from '../commerce/subscriptions-service.js'
import { createCredentialUser, hashPassword, newAuthId } from './credentials.js'
import { buildAccessLinkEmail, buildVerifyEmail } from './emails.js'
import {
  deleteAccessLinksOfEmail,
  deleteResetTokensOfUser,
  deleteSignInsOfUser,
  findUserByEmail,
  findValidAccessLink,
  insertAccessLink,
  listWaitingPurchasesOfEmail,
  lockUserById,
  lockValidAccessLink,
  moveToEmail,
  setDisplayName,
  setEmailVerified,
  upsertCredentialPassword,
  type UserRow,
} from './repository.js'

/** An access link works for a week: a buyer may come back days later. */
export const ACCESS_LINK_TTL_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

export interface MailboxDeps {
  mailer: Pick<Mailer, 'enqueue'>
  publicUrl: string
}

export type AccessLinkReason = 'purchase' | 'forgot' | 'resend'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

type WaitingPurchases = Awaited<ReturnType<typeof listWaitingPurchasesOfEmail>>
/** The plan names of the purchases waiting for an e-mail, each once. */
const planNamesOf = (waiting: WaitingPurchases) => [...new Set(waiting.map((row) => row.planName ?? row.planCode))]
/** The name typed at checkout (the newest purchase that has one). */
const checkoutNameOf = (waiting: WaitingPurchases) => waiting.find((row) => row.customerName?.trim())?.customerName?.trim()

/** A new single-use access link for the e-mail; returns the raw token (for the e-mail only). */
async function issueAccessLink(tx: Database, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await insertAccessLink(tx, { email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ACCESS_LINK_TTL_DAYS * DAY_MS) })
  return token
}

/**
 * E-mails an access link to `email` when a paid purchase waits for it, inside the caller's
 * transaction (the e-mail exists if and only if the link does). False when nothing waits.
 */
export async function sendAccessLink(tx: Database, deps: MailboxDeps, email: string, reason: AccessLinkReason): Promise<boolean> {
  const waiting = await listWaitingPurchasesOfEmail(tx, email)
  if (waiting.length === 0) return false
  const [token, productName, supportEmail, existing] = await Promise.all([
    issueAccessLink(tx, email),
    getProductName(tx),
    getSupportEmail(tx),
    findUserByEmail(tx, email),
  ])
  await deps.mailer.enqueue(
    tx,
    buildAccessLinkEmail({
      to: email.toLowerCase(),
      // The name the buyer typed when paying for this mailbox's purchase.
      name: waiting.find((row) => row.customerName)?.customerName ?? null,
      productName,
      supportEmail,
      publicUrl: deps.publicUrl,
      token,
      plans: planNamesOf(waiting),
      accountExists: existing !== null,
      validDays: ACCESS_LINK_TTL_DAYS,
      reason,
    }),
  )
  return true
}

/** What the access link's page shows before the password is chosen; 400 for a dead link. */
export async function previewAccessLink(db: Database, token: string): Promise<AccessLinkPreview> {
  const link = await findValidAccessLink(db, hashToken(token))
  if (!link) throw new HttpError(400, AUTH_MSG.accessLinkInvalid)
  const [waiting, existing] = await Promise.all([listWaitingPurchasesOfEmail(db, link.email), findUserByEmail(db, link.email)])
  if (!existing && waiting.length === 0) throw new HttpError(400, AUTH_MSG.accessLinkInvalid)
  const checkoutName = checkoutNameOf(waiting)
  return {
    email: link.email,
    displayName: existing?.emailVerified ? existing.name : (checkoutName ?? existing?.name ?? defaultDisplayName(link.email)),
    plans: planNamesOf(waiting),
    accountExists: existing !== null,
  }
}

export interface ActivationDeps {
  db: Database
  auth: SintoniaAuth
}

/**
 * The access link is used: in one transaction the link (and every other of the e-mail) is
 * consumed; the account is created with the name typed at checkout, or — when one exists — its
 * password is replaced and every sign-in of it ends (a stranger who registered the e-mail first
 * loses it); the e-mail is marked verified; every purchase waiting for it is activated; audited.
 * Returns the account; the caller signs it in with the new password.
 */
export async function activateWithAccessLink(deps: ActivationDeps, input: { token: string; passwordHash: string; ip: string | null; now?: Date }): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const link = await lockValidAccessLink(tx, hashToken(input.token))
    if (!link) throw new HttpError(400, AUTH_MSG.accessLinkInvalid)
    const email = link.email
    const waiting = await listWaitingPurchasesOfEmail(tx, email)
    const checkoutName = checkoutNameOf(waiting)
    let row = await findUserByEmail(tx, email)
    let signInsRevoked = 0
    const accountCreated = row === null
    if (!row) {
      if (waiting.length === 0) throw new HttpError(400, AUTH_MSG.accessLinkInvalid)
      const created = await createCredentialUser(tx, deps.auth, {
        email,
        name: checkoutName,
        passwordHash: input.passwordHash,
        role: 'user',
        emailVerified: true,
        ...(input.now ? { createdAt: input.now } : {}),
      })
      // Created by a concurrent request in between: the link is still unused, the person may retry.
      if (created === 'duplicate_email') throw new HttpError(409, AUTH_MSG.accessLinkInvalid)
      row = created
    } else {
      await upsertCredentialPassword(tx, row.id, input.passwordHash, await newAuthId(deps.auth, 'account'))
      signInsRevoked = await deleteSignInsOfUser(tx, row.id)
      await deleteResetTokensOfUser(tx, row.id)
      if (!row.emailVerified) {
        await setEmailVerified(tx, row.id)
        // The name was chosen by whoever registered first; the buyer's own name replaces it.
        if (checkoutName) row = (await setDisplayName(tx, row.id, checkoutName)) ?? row
      }
    }
    const activated = await mergePendingSubscriptions(tx, { userId: row.id, email, checkoutId: null })
    await deleteAccessLinksOfEmail(tx, email)
    await recordAudit(tx, {
      actorUserId: row.id,
      action: 'access_link_used',
      target: `user:${row.id}`,
      outcome: 'success',
      ip: input.ip,
      details: { accountCreated, purchasesActivated: activated, sessionsRevoked: signInsRevoked },
    })
    return { ...row, emailVerified: true }
  })
}

/**
 * After a password reset by e-mail link: the mailbox is proven, so the e-mail counts as verified
 * and whatever purchase waited for it is activated (Better Auth already ended every sign-in).
 */
export async function confirmMailboxAfterReset(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await setEmailVerified(tx, user.id)
    const activated = await mergePendingSubscriptions(tx, { userId: user.id, email: user.email, checkoutId: null })
    if (activated > 0) await deleteAccessLinksOfEmail(tx, user.email)
  })
}

/**
 * The confirmation e-mail of a new account (Better Auth's signed token, bound to the account's
 * id), enqueued in the caller's transaction.
 */
export async function enqueueVerificationEmail(tx: Database, deps: MailboxDeps & { auth: SintoniaAuth }, user: { id: string; email: string }): Promise<void> {
  const ctx = await deps.auth.$context
  const token = await createEmailVerificationToken(ctx.secret, user.email, undefined, VERIFY_TOKEN_TTL_SECONDS, { userId: user.id })
  await enqueueConfirmationEmail(tx, deps, { to: user.email, token, change: false })
}

/**
 * The confirmation e-mail itself (sign-up or e-mail change). It greets neutrally: the account's
 * name was typed by whoever signed up or asked for the change, who may not own this mailbox.
 */
export async function enqueueConfirmationEmail(db: Database, deps: MailboxDeps, input: { to: string; token: string; change: boolean }): Promise<void> {
  const [productName, supportEmail] = await Promise.all([getProductName(db), getSupportEmail(db)])
  await deps.mailer.enqueue(
    db,
    buildVerifyEmail({
      to: input.to,
      token: input.token,
      change: input.change,
      productName,
      supportEmail,
      publicUrl: deps.publicUrl,
      validHours: Math.round(VERIFY_TOKEN_TTL_SECONDS / 3600),
    }),
  )
}

/**
 * The link of a confirmation e-mail (sign-up or e-mail change), ADR 023. The token is checked
 * first (signature, expiry, the account it was made for, that account still at the address the
 * link names). Then, in one transaction: an e-mail change moves the account to the new address;
 * and because the account's password and sign-ins were set before anyone proved this mailbox, the
 * proof goes to the person who clicked, not to them — every sign-in ends, the password is replaced
 * by an unknowable one, reset links die, and the answer carries a fresh access link with which
 * this person chooses the password (the access link's page confirms the address, takes over the
 * account and activates what waits for it). A sign-up link opened again once the address is
 * confirmed changes nothing.
 */
export async function confirmEmail(deps: ActivationDeps, token: string, ip: string | null): Promise<VerifyEmailResult> {
  const claim = await verifyConfirmationToken(deps.auth, token)
  if (!claim) throw new HttpError(400, AUTH_MSG.verifyLinkInvalid)
  // Hashed outside the transaction (scrypt is slow); nobody ever learns it.
  const unknowable = await hashPassword(deps.auth, randomBytes(32).toString('base64url'))
  const credentialId = await newAuthId(deps.auth, 'account')
  return deps.db.transaction(async (tx) => {
    const row = await lockUserById(tx, claim.userId)
    // Gone, or moved to another address since the link was made (a change link already used).
    if (!row || row.email !== claim.email) throw new HttpError(400, AUTH_MSG.verifyLinkInvalid)
    const change = claim.newEmail !== null
    if (!change && row.emailVerified) return { message: AUTH_MSG.emailVerified, email: row.email, accessToken: null }
    const email = claim.newEmail ?? row.email
    if (change && (await moveToEmail(tx, row.id, email)) === 'duplicate_email') throw new HttpError(400, AUTH_MSG.verifyLinkInvalid)
    await upsertCredentialPassword(tx, row.id, unknowable, credentialId)
    const signInsEnded = await deleteSignInsOfUser(tx, row.id)
    await deleteResetTokensOfUser(tx, row.id)
    const accessToken = await issueAccessLink(tx, email)
    await recordAudit(tx, {
      actorUserId: row.id,
      action: change ? 'email_changed' : 'email_confirmed',
      target: `user:${row.id}`,
      outcome: 'success',
      ip,
      details: { sessionsRevoked: signInsEnded },
    })
    return { message: change ? AUTH_MSG.emailChanged : AUTH_MSG.emailVerified, email, accessToken }
  })
}
