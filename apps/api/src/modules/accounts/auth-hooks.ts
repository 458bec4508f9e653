/**
 * What the accounts domain hands the auth wiring (plugins/auth.ts), composed by app.ts: the
 * sign-in lookup of every signed-in request, and the e-mails Better Auth asks for.
 */
import { defaultDisplayName } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { RESET_TOKEN_TTL_SECONDS } from '../../lib/auth/create-auth.js'
import type { AuthPluginOptions } from '../../plugins/auth.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { confirmMailboxAfterReset, enqueueConfirmationEmail, type MailboxDeps } from './mailbox.js'
import { findSignInWithUser } from './repository.js'
import { buildPasswordResetEmail } from './reset-email.js'

export function accountAuthHooks(deps: MailboxDeps & { db: Database }): AuthPluginOptions {
  const { db } = deps
  return {
    findSignInWithUser: (token) => findSignInWithUser(db, token),
    sendResetPassword: async ({ user, token }) => {
      const [productName, supportEmail] = await Promise.all([getProductName(db), getSupportEmail(db)])
      await deps.mailer.enqueue(
        db,
        buildPasswordResetEmail({
          to: user.email,
          // An unconfirmed account's name was typed by whoever signed up, maybe not this mailbox's owner.
          name: (user.emailVerified && user.name) || defaultDisplayName(user.email),
          token,
          productName,
          supportEmail,
          publicUrl: deps.publicUrl,
          validMinutes: Math.round(RESET_TOKEN_TTL_SECONDS / 60),
        }),
      )
    },
    // Better Auth sends this for an e-mail change (to the new address); the sign-up's own
    // confirmation is enqueued with the account (mailbox.ts).
    sendVerificationEmail: ({ user, token, change }) => enqueueConfirmationEmail(db, deps, { to: user.email, token, change }),
    onPasswordReset: (user) => confirmMailboxAfterReset(db, user),
  }
}
