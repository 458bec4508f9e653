import { AUTH_MSG } from '@sintonia/contract'

export interface CredentialErrors {
  email?: string
  password?: string
}

/** Address-shaped: something@something.tld, no spaces (the server checks again with zod). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The sign-in forms' own checks before anything is sent (docs/product/accounts.md#sign-in-pages):
 * the forms are `noValidate`, so these pt-BR messages show under the fields instead of the
 * browser's bubbles. The sign-up's password length stays the form's own alert.
 */
export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {}
  const cleanEmail = email.trim()
  if (!cleanEmail) errors.email = AUTH_MSG.emailRequired
  else if (!EMAIL_SHAPE.test(cleanEmail)) errors.email = AUTH_MSG.invalidEmail
  if (!password) errors.password = AUTH_MSG.passwordRequired
  return errors
}
