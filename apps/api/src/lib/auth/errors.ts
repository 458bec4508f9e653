import { AUTH_MSG, MSG } from '@sintonia/contract'
import { HttpError } from '../http/errors.js'

/** What Better Auth throws (its APIError) or answers as JSON: a status and a code. */
export interface BetterAuthErrorLike {
  statusCode: number
  body?: { code?: string; message?: string } | undefined
}

export function isBetterAuthError(error: unknown): error is BetterAuthErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
    (error as { name?: unknown }).name === 'APIError'
  )
}

/**
 * Better Auth's error codes and the pt-BR message (and status) a person sees for each. Better
 * Auth speaks English; nothing of its text reaches a response.
 */
const CODE_MESSAGES: Record<string, { status: number; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: AUTH_MSG.invalidCredentials },
  INVALID_PASSWORD: { status: 401, message: AUTH_MSG.invalidCredentials },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 401, message: AUTH_MSG.invalidCredentials },
  BANNED_USER: { status: 403, message: AUTH_MSG.banned },
  USER_ALREADY_EXISTS: { status: 409, message: AUTH_MSG.alreadyRegistered },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, message: AUTH_MSG.alreadyRegistered },
  PASSWORD_TOO_SHORT: { status: 400, message: AUTH_MSG.passwordTooShort },
  PASSWORD_TOO_LONG: { status: 400, message: AUTH_MSG.passwordTooLong },
  INVALID_EMAIL: { status: 400, message: AUTH_MSG.invalidEmail },
  INVALID_TOKEN: { status: 400, message: AUTH_MSG.resetInvalidToken },
  TOKEN_EXPIRED: { status: 400, message: AUTH_MSG.resetInvalidToken },
  USER_NOT_FOUND: { status: 404, message: AUTH_MSG.userNotFound },
  EMAIL_NOT_VERIFIED: { status: 403, message: AUTH_MSG.emailNotConfirmed },
  SESSION_EXPIRED: { status: 401, message: AUTH_MSG.signInExpired },
  SESSION_NOT_FRESH: { status: 401, message: AUTH_MSG.signInExpired },
  FAILED_TO_GET_SESSION: { status: 401, message: AUTH_MSG.signInExpired },
  FAILED_TO_CREATE_USER: { status: 500, message: AUTH_MSG.createUserFailed },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { status: 404, message: MSG.generic.routeNotFound },
  INVALID_ORIGIN: { status: 403, message: MSG.generic.originNotAllowed },
  MISSING_OR_NULL_ORIGIN: { status: 403, message: MSG.generic.originNotAllowed },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: { status: 403, message: MSG.generic.originNotAllowed },
}

/** The pt-BR status and message for a Better Auth error code and HTTP status. */
export function translateAuthError(
  statusCode: number,
  code: string | undefined,
  fallback: string = AUTH_MSG.other,
): { status: number; message: string } {
  const known = code ? CODE_MESSAGES[code] : undefined
  if (known) return known
  if (statusCode === 429) return { status: 429, message: AUTH_MSG.tooManyAttempts }
  if (statusCode === 401) return { status: 401, message: MSG.generic.unauthorized }
  if (statusCode === 403) return { status: 403, message: MSG.generic.forbidden }
  if (statusCode === 404) return { status: 404, message: MSG.generic.notFound }
  if (statusCode >= 400 && statusCode < 500) return { status: statusCode, message: fallback }
  return { status: 500, message: fallback }
}

/**
 * Turns anything Better Auth threw into an HttpError with a catalogue message; other errors
 * (database down, bugs) are rethrown unchanged for the error handler.
 */
export function toHttpError(error: unknown, fallback: string = AUTH_MSG.other): unknown {
  if (!isBetterAuthError(error)) return error
  const { status, message } = translateAuthError(error.statusCode, error.body?.code, fallback)
  return new HttpError(status, message)
}

/** The Better Auth error code of `error`, if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  return isBetterAuthError(error) ? error.body?.code : undefined
}
