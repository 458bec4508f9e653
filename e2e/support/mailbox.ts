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

async function messagesTo(to: string): Promise<string[]> {
  const messages = (await (await fetch(`${mailSinkUrl}/messages`)).json()) as { raw: string }[]
  const header = new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi')
  return messages.map((m) => m.raw).filter((raw) => header.test(raw))
}

/**
 * Waits for a message to `to` that the server delivered, and returns its decoded text. With
 * `matching`, only a message whose text matches counts (an address receives several: the sign-up
 * confirmation, the receipt, the access link…); the newest such message is returned.
 */
export async function waitForMailTo(to: string, matching?: RegExp): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const texts = (await messagesTo(to)).map(textOf)
        found = matching ? texts.filter((text) => matching.test(text)).at(-1) : texts[0]
        return Boolean(found)
      },
      { timeout: 20_000, message: `nenhum e-mail para ${to}${matching ? ` com ${matching}` : ''}` },
    )
    .toBe(true)
  return found!
}

/** The pages the server's e-mails link to with `?token=`. */
export type MailLinkPage = '/onboarding/definir-senha' | '/confirmar-email' | '/redefinir-senha'

/** Every link to `page` found in the messages delivered to `to`, oldest first. */
export async function mailLinks(to: string, page: MailLinkPage): Promise<string[]> {
  const pattern = new RegExp(`https?://[^\\s]+${page.replace(/[/-]/g, '\\$&')}\\?token=[A-Za-z0-9_.%-]+`, 'g')
  return (await messagesTo(to)).flatMap((raw) => textOf(raw).match(pattern) ?? [])
}

/**
 * Waits for a link to `page` in a message to `to` and returns the newest one; links in `except`
 * (e.g. the one already used) do not count, so this also waits for a link sent again.
 */
export async function waitForMailLink(to: string, page: MailLinkPage, { except = [] }: { except?: string[] } = {}): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        found = (await mailLinks(to, page)).filter((link) => !except.includes(link)).at(-1)
        return Boolean(found)
      },
      { timeout: 20_000, message: `nenhum link ${page} no e-mail de ${to}` },
    )
    .toBe(true)
  return found!
}
