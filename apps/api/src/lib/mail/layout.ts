import { escapeHtml } from './html.js'
import type { EmailToSend } from './outbox.js'

/**
 * The product e-mail layout, once: every e-mail (account, commerce, communication) is the same
 * card on the same background, with the same paragraph, heading, note and button styles. Each
 * e-mail builds its own content from these blocks.
 */
const STYLES = {
  paragraph: 'margin:0 0 16px;line-height:1.5',
  heading: 'margin:0 0 16px;font-size:22px',
  note: 'margin:0 0 16px;line-height:1.5;font-size:13px;color:#5c5a6b',
  button: 'display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px',
} as const

/** The whole HTML document around the content blocks (already HTML). */
export function emailDocument(blocks: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    ...blocks,
    '</div></body></html>',
  ].join('\n')
}

/** A paragraph of plain text (escaped; line breaks kept). */
export const emailParagraph = (text: string) => `<p style="${STYLES.paragraph}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`
/** A paragraph whose HTML the caller built from escaped parts. */
export const emailParagraphHtml = (html: string) => `<p style="${STYLES.paragraph}">${html}</p>`
export const emailHeading = (text: string) => `<h1 style="${STYLES.heading}">${escapeHtml(text)}</h1>`
/** Small grey text: why the e-mail came, how to stop it, what to ignore. */
export const emailNote = (text: string) => `<p style="${STYLES.note}">${escapeHtml(text)}</p>`
export const emailButton = (label: string, url: string) =>
  `<p style="margin:16px 0 24px"><a href="${escapeHtml(url)}" style="${STYLES.button}">${escapeHtml(label)}</a></p>`
export const emailList = (items: string[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`

/** What every product e-mail carries: recipient, product name, support address, links' base. */
export interface EmailCommon {
  to: string
  productName: string
  supportEmail: string
  publicUrl: string
}

/**
 * A transactional e-mail of lines, one button and the support footer: plain text and HTML with
 * the same content.
 */
export function composeEmail(
  common: EmailCommon,
  subject: string,
  kind: string,
  lines: string[],
  action: { label: string; url: string },
  footnote?: string,
): EmailToSend {
  const support = `Dúvidas? Responda a este e-mail ou escreva para ${common.supportEmail}.`
  const text = [
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    ...(footnote ? ['', footnote] : []),
    '',
    support,
    '',
    `Equipe ${common.productName}`,
  ].join('\n')
  const html = emailDocument([
    ...lines.filter((line) => line !== '').map(emailParagraph),
    emailButton(action.label, action.url),
    ...(footnote ? [emailNote(footnote)] : []),
    emailNote(support),
    `<p style="margin:0">Equipe ${escapeHtml(common.productName)}</p>`,
  ])
  return { to: common.to, subject, text, html, replyTo: common.supportEmail, kind }
}
