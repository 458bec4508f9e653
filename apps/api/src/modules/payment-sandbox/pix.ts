import QRCode from 'qrcode'

/** One EMV field: id, two-digit length, value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the Pix "BR Code" requires. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

const ascii = (value: string, max: number) =>
  value
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, max)
    .trim() || 'SANDBOX'

/**
 * A well-formed but fake Pix "copia e cola" payload (static BR Code) for the sandbox: the key is a
 * random e-mail-like key of the sandbox, so no real bank can pay it.
 */
export function fakePixPayload(input: { amountCents: number; merchant: string; txid: string }): string {
  const account = field('00', 'BR.GOV.BCB.PIX') + field('01', 'pagamentos@sandbox.invalid')
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', ascii(input.merchant, 25)) +
    field('60', 'SAO PAULO') +
    field('62', field('05', input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***'))
  const withCrcId = `${body}6304`
  return withCrcId + crc16(withCrcId)
}

/** The payload as an SVG QR code (no script, safe to embed in the page). */
export function pixQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f1d2b', light: '#ffffff' } })
}
