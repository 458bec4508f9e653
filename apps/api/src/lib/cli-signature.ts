import { createHmac, timingSafeEqual } from 'node:crypto'

/** Header carrying the HMAC-SHA256 (hex) of the raw request body, keyed with the auth secret. */
export const CLI_SIGNATURE_HEADER = 'x-sintonia-cli'

export function signCliBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')
}

export function verifyCliSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = Buffer.from(signCliBody(secret, rawBody), 'hex')
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
