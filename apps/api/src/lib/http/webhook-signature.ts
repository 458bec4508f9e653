import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Stripe's webhook signature scheme, used by the sandbox too: header `t=<unix seconds>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). The timestamp is part of the signed text, so
 * an old delivery cannot be replayed with a fresh time.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${v1}`
}

export type SignatureCheck = 'ok' | 'missing_signature' | 'bad_signature'

export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return 'missing_signature'
  let timestamp: number | null = null
  const candidates: string[] = []
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const key = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value)
  }
  if (timestamp === null || candidates.length === 0) return 'bad_signature'
  if (Math.abs(now - timestamp) > tolerance) return 'bad_signature'
  const expected = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest()
  const ok = candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected))
  return ok ? 'ok' : 'bad_signature'
}
