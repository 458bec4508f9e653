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

/** The first name of the name a person gave us, for the greeting ("Olá, Paula!"); "Olá!" without one. */
export function greeting(name?: string | null): string {
  const first = name?.trim().split(/\s+/)[0] ?? ''
  return first ? `Olá, ${first}!` : 'Olá!'
}

/**
 * Dark-mode mail clients (Apple Mail, Outlook, Gmail apps) either honour these rules or invert the
 * colours themselves; both stay readable because every colour is set on the element too.
 */
const DARK_MODE = `<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
.em-body{background:#14111f!important;color:#ece9f7!important}
.em-card{background:#1f1a30!important;color:#ece9f7!important}
.em-note{color:#b9b3cc!important}
.em-brand{color:#c9b8ff!important}
}
</style>`

/**
 * The whole HTML document around the content blocks (already HTML): the product's mark and name
 * on top (a drawn square with the initial, since mail clients block images and SVG by default),
 * then the card.
 */
export function emailDocument(productName: string, blocks: string[]): string {
  const initial = escapeHtml(productName.trim().charAt(0).toUpperCase() || 'S')
  return [
    '<!doctype html>',
    '<html lang="pt-BR"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    DARK_MODE,
    '</head><body class="em-body" style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto 16px;font-size:18px;font-weight:bold">',
    `<span style="display:inline-block;width:32px;height:32px;line-height:32px;border-radius:9px;background:#6d4aff;color:#ffffff;text-align:center;vertical-align:middle;margin-right:10px">${initial}</span>`,
    `<span class="em-brand" style="color:#4b2bd1;vertical-align:middle">${escapeHtml(productName)}</span>`,
    '</div>',
    '<div class="em-card" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
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
export const emailNote = (text: string) => `<p class="em-note" style="${STYLES.note}">${escapeHtml(text)}</p>`
export const emailButton = (label: string, url: string) =>
  `<p style="margin:16px 0 24px"><a href="${escapeHtml(url)}" style="${STYLES.button}">${escapeHtml(label)}</a></p>`
export const emailList = (items: string[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`

/** What every product e-mail carries: recipient, product name, support address, links' base. */
export interface EmailCommon {
  to: string
  /**
   * The name this person gave us, for the greeting. Left out where it may have been typed by
   * someone else than the mailbox's owner (a confirmation of a new address, ADR 023): "Olá!".
   */
  name?: string | null
  productName: string
  supportEmail: string
  publicUrl: string
}

/**
 * A transactional e-mail: the greeting, lines, one button and the support footer — plain text and
 * HTML with the same content.
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
  const opening = greeting(common.name)
  const text = [
    opening,
    '',
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    ...(footnote ? ['', footnote] : []),
    '',
    support,
    '',
    `Equipe ${common.productName}`,
  ].join('\n')
  const html = emailDocument(common.productName, [
    emailParagraph(opening),
    ...lines.filter((line) => line !== '').map(emailParagraph),
    emailButton(action.label, action.url),
    ...(footnote ? [emailNote(footnote)] : []),
    emailNote(support),
    `<p style="margin:0">Equipe ${escapeHtml(common.productName)}</p>`,
  ])
  return { to: common.to, subject, text, html, replyTo: common.supportEmail, kind }
}
