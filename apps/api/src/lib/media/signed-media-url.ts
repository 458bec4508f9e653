import { createHash, timingSafeEqual } from 'node:crypto'
import { assertSafeKey } from '../storage/media-storage.js'

/**
 * Signed, expiring addresses of stored media on local disk (docs/decisions/021-signed-media-urls.md).
 * After a media route has authorised a listener it redirects to `/api/files/<key>?expires=…&md5=…`,
 * which anyone holding the address may read until it expires: nginx checks it itself with
 * `secure_link` (docs/deploy.md), and without nginx the API's own route checks it with no database
 * round trip. The signature is nginx's `secure_link_md5 "$secure_link_expires$uri <secret>"`:
 * base64url of MD5 over the expiry, the path and the secret, the secret last so the text cannot be
 * extended.
 */

export const SIGNED_FILES_PREFIX = '/api/files/'

/** Expiries are rounded up to this step, so one listener's repeated opens share one address (and the browser's cache). */
const EXPIRY_STEP_SECONDS = 300

export interface SignedMediaQuery {
  expires: string
  md5: string
}

/** The path a stored object is read at through the signed route (each key segment escaped). */
export function signedFilePath(key: string): string {
  assertSafeKey(key)
  return SIGNED_FILES_PREFIX + key.split('/').map(encodeURIComponent).join('/')
}

function signature(expires: number, path: string, secret: string): string {
  return createHash('md5').update(`${expires}${path} ${secret}`).digest('base64url')
}

/** The moment (Unix seconds) an address handed out now for `lifetimeSeconds` stops answering. */
export function expiryFor(nowMs: number, lifetimeSeconds: number): number {
  const earliest = Math.ceil(nowMs / 1000) + lifetimeSeconds
  return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS
}

/** `/api/files/<key>?expires=<unix s>&md5=<signature>`: readable by whoever holds it until `expires`. */
export function signMediaUrl(key: string, options: { secret: string; expires: number }): string {
  const path = signedFilePath(key)
  return `${path}?expires=${options.expires}&md5=${signature(options.expires, path, options.secret)}`
}

export type SignedUrlCheck = 'valid' | 'invalid' | 'expired'

/**
 * Checks an address of the signed route: `path` exactly as requested (still escaped), the query's
 * expiry and signature. An altered path, expiry or signature is 'invalid'; a genuine one past its
 * expiry is 'expired'.
 */
export function checkSignedMediaUrl(path: string, query: Partial<SignedMediaQuery>, options: { secret: string; nowMs: number }): SignedUrlCheck {
  const { expires, md5 } = query
  if (!expires || !md5 || !/^\d{1,12}$/.test(expires)) return 'invalid'
  const expected = Buffer.from(signature(Number(expires), path, options.secret))
  const given = Buffer.from(md5)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  return Number(expires) * 1000 <= options.nowMs ? 'expired' : 'valid'
}
