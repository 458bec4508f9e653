import { escapeHtml } from './html.js'
import type { EmailToSend } from './outbox.js'

/** What every product e-mail carries: recipient, product name, support address, links' base. */
export interface EmailCommon {
  to: string
  productName: string
  supportEmail: string
  publicUrl: string
}

/**
 * The product e-mail layout: the lines as plain text, and a simple HTML version with the same
 * lines, one button and the support footer. Every transactional e-mail goes through it.
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
  const paragraphs = lines.filter((line) => line !== '').map((line) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(line)}</p>`)
  const small = 'margin:0 0 12px;font-size:13px;color:#5c5a6b;line-height:1.5'
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f5fb;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    ...paragraphs,
    `<p style="margin:16px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>`,
    ...(footnote ? [`<p style="${small}">${escapeHtml(footnote)}</p>`] : []),
    `<p style="${small}">${escapeHtml(support)}</p>`,
    `<p style="margin:0">Equipe ${escapeHtml(common.productName)}</p>`,
    '</div></body></html>',
  ].join('\n')
  return { to: common.to, subject, text, html, replyTo: common.supportEmail, kind }
}
