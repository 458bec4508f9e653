/**
 * Links in an e-mail that carry a secret: the access link of a purchase, a password reset, an
 * e-mail confirmation (`?token=`), any parameter that reads like a credential, and a gift link
 * (`/presente/{token}`, the secret in the path). Whoever holds one can act as the recipient, so an
 * admin reading the outbox sees where it pointed, not the secret.
 */
const SECRET_PARAMETER = /([?&#;](?:[\w.-]*(?:token|code|key|secret|signature|sig|auth|password|senha|otp)[\w.-]*)=)[^\s&#;"'<>)\]]+/gi
const SECRET_PATH = /(\/presente\/)[^\s/?#&;"'<>)\]]+/gi

export const MASKED_SECRET = '[oculto]'

/** The text with the value of every secret-looking link parameter replaced by MASKED_SECRET. */
export function maskSecretLinks(text: string): string {
  return text.replace(SECRET_PARAMETER, `$1${MASKED_SECRET}`).replace(SECRET_PATH, `$1${MASKED_SECRET}`)
}
