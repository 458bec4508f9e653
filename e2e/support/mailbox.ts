import { expect } from '@playwright/test'
import { mailSinkUrl } from '../playwright.config'

/** Decodes the text/plain part of a raw message (nodemailer uses quoted-printable or base64). */
export function textOf(raw: string): string {
  const normalized = raw.replace(/\r\n/g, '\n')
  const partStart = normalized.search(/Content-Type: text\/plain/i)
  const part = partStart >= 0 ? normalized.slice(partStart) : normalized
  const headerEnd = part.indexOf('\n\n')
  const headers = part.slice(0, headerEnd)
  let body = part.slice(headerEnd + 2).split(/\n--/)[0] ?? ''
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    body = body.replace(/=\n/g, '')
    const bytes = body.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** Waits for a message to `to` that the server delivered, and returns its decoded text. */
export async function waitForMailTo(to: string): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${mailSinkUrl}/messages`)).json()) as { raw: string }[]
        found = messages.map((m) => m.raw).find((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw))
        return Boolean(found)
      },
      { timeout: 20_000, message: `nenhum e-mail para ${to}` },
    )
    .toBe(true)
  return textOf(found!)
}
