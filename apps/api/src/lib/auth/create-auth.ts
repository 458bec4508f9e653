import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin } from 'better-auth/plugins/admin'
import { verifyJWT } from 'better-auth/crypto'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sintonia/contract'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import { account, session, user, verification } from '../../db/schema/accounts.js'

/** Better Auth's own routes live under this prefix (ADR 003). */
export const AUTH_BASE_PATH = '/api/auth'
/** Cookie names start with this: `sintonia.session_token` (`__Secure-sintonia.session_token` in production). */
export const AUTH_COOKIE_PREFIX = 'sintonia'
/**
 * The client address Better Auth records on sign-ins (its session rows) and rate-limits by. It is
 * never taken from the client: `toAuthHeaders()` removes any such header and sets it from
 * Fastify's `request.ip`, which honours TRUST_PROXY only.
 */
export const CLIENT_IP_HEADER = 'x-sintonia-client-ip'
/** A password-reset link is valid for one hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60
/** A link confirming an e-mail (sign-up or e-mail change) is valid for one day. */
export const VERIFY_TOKEN_TTL_SECONDS = 24 * 60 * 60

export interface VerificationMail {
  user: { id: string; email: string; name: string }
  /** Better Auth's signed token: goes into the e-mail only, never into a log. */
  token: string
  /** The token confirms a new address of an existing account (e-mail change). */
  change: boolean
}

export interface ResetPasswordMail {
  user: { id: string; email: string; name: string; emailVerified: boolean }
  /** The raw token: goes into the e-mail only, never into a log. */
  token: string
}

export interface AuthLogger {
  error(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
  debug(obj: object, msg: string): void
}

export interface CreateAuthOptions {
  config: AppConfig
  db: Database
  /** Sends the reset e-mail (the API puts it in the outbox). Absent in the CLI, which never resets passwords. */
  sendResetPassword?: (mail: ResetPasswordMail) => Promise<void>
  /** Sends a confirmation e-mail (Better Auth calls it for an e-mail change). Absent in the CLI. */
  sendVerificationEmail?: (mail: VerificationMail) => Promise<void>
  /** After a password reset: the reset link proved the mailbox (docs/product/accounts.md). */
  onPasswordReset?: (user: { id: string; email: string }) => Promise<void>
  log?: AuthLogger
  /**
   * How passwords are hashed and checked: Better Auth's scrypt unless given. The API tests give the
   * same scrypt behind a memo (test/helpers/password-hasher.ts), so their hundreds of accounts with
   * one password do not each pay ~140 ms of CPU.
   */
  passwordHasher?: PasswordHasher
}

/** Better Auth's `emailAndPassword.password` shape. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(input: { hash: string; password: string }): Promise<boolean>
}

/**
 * The Better Auth instance: e-mail + password, each sign-in a row of Better Auth's `session` table
 * on our Drizzle database, the admin plugin for roles and bans. Sign-up through Better Auth's own
 * route is disabled: the only sign-up paths are ours (`/api/account/sign-up`, pay-first
 * onboarding, `admin:create`), which decide the role and merge pending subscriptions in one
 * transaction.
 */
export function createAuth(options: CreateAuthOptions) {
  const { config, db, log } = options
  const publicOrigin = new URL(config.publicUrl).origin
  return betterAuth({
    appName: 'Sintonia',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.secrets.auth,
    trustedOrigins: [publicOrigin],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      sendResetPassword: async ({ user: target, token }) => {
        if (!options.sendResetPassword) throw new Error('sendResetPassword não configurado')
        await options.sendResetPassword({ user: { id: target.id, email: target.email, name: target.name, emailVerified: target.emailVerified }, token })
      },
      onPasswordReset: async ({ user: target }) => {
        await options.onPasswordReset?.({ id: target.id, email: target.email })
      },
    },
    // E-mail ownership (docs/product/accounts.md): accounts may sign in before confirming, but
    // nothing recorded for the address before the account existed is matched until they do.
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user: target, token }) => {
        if (!options.sendVerificationEmail) throw new Error('sendVerificationEmail não configurado')
        await options.sendVerificationEmail({ user: { id: target.id, email: target.email, name: target.name }, token, change: isEmailChangeToken(token) })
      },
    },
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: false } },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    // Off: Better Auth limits only requests through its own HTTP handler (never the app's server-side
    // auth.api calls, so never sign-in), and the one path exposed there, get-session, already has the
    // app's limit counted across instances (RATE_LIMITS.authHandler, ADR 020); its own counters would
    // live in each process's memory.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // Only Better Auth's own message text is logged: its extra arguments may hold request data.
        if (!log) return
        if (level === 'error') log.error({ module: 'auth' }, message)
        else if (level === 'warn') log.warn({ module: 'auth' }, message)
        else if (level === 'info') log.info({ module: 'auth' }, message)
        else log.debug({ module: 'auth' }, message)
      },
    },
  })
}

export type SintoniaAuth = ReturnType<typeof createAuth>

/**
 * Whether a Better Auth confirmation token is for an e-mail change (its payload names the new
 * address). Only read after Better Auth signed or verified it; the signature is not checked here.
 */
export function isEmailChangeToken(token: string): boolean {
  return typeof readTokenPayload(token)?.updateTo === 'string'
}

/** The payload of a Better Auth confirmation token (a JWT), or null when it is not one. */
export function readTokenPayload(token: string): { email?: string; updateTo?: string; userId?: string; requestType?: string } | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' ? (value as Record<string, string>) : null
  } catch {
    return null
  }
}

/** What a confirmation link proves, once its signature and expiry are checked. */
export interface ConfirmationClaim {
  /** The account the link was made for. */
  userId: string
  /** The account's address when the link was made (lower case). */
  email: string
  /** For an e-mail change: the new address the link was sent to; null for a sign-up's confirmation. */
  newEmail: string | null
}

/**
 * Checks a confirmation token with Better Auth's own JWT check (its secret, HS256, expiry) — the
 * check its verify-email endpoint runs — without any of that endpoint's effects, so the caller
 * applies the confirmation in one transaction of its own (modules/accounts/mailbox.ts). Null for a
 * forged, altered, expired or foreign token. Change links are those Better Auth makes for
 * changeEmail ('change-email-verification'); a token without the account's id is not ours.
 */
export async function verifyConfirmationToken(auth: SintoniaAuth, token: string): Promise<ConfirmationClaim | null> {
  const ctx = await auth.$context
  const payload = await verifyJWT<Record<string, unknown>>(token, ctx.secret)
  if (!payload) return null
  const { userId, email, updateTo, requestType } = payload
  if (typeof userId !== 'string' || !userId || typeof email !== 'string' || !email) return null
  if (updateTo === undefined) return requestType === undefined ? { userId, email: email.toLowerCase(), newEmail: null } : null
  if (typeof updateTo !== 'string' || !updateTo || requestType !== 'change-email-verification') return null
  return { userId, email: email.toLowerCase(), newEmail: updateTo.toLowerCase() }
}
